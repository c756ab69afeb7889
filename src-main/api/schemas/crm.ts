/** The micro CRM: persons, contacts and companies. */
import { z } from 'zod';
import { Id, Unknown } from './common';

/** 0 general, 1 phone number, 2 e-mail address, 3 web URL. */
export const CONTACT_TYPES = { general: 0, phone: 1, email: 2, web: 3 } as const;

export const Contact = z.looseObject({
  id: Id.optional(),
  type: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)], {
    message: 'contact type must be 0 (general), 1 (phone), 2 (e-mail) or 3 (web)',
  }),
  contact: z.string().trim().min(1, 'contact must not be empty').max(255),
  label: z.string().max(100).default(''),
});
export type Contact = z.infer<typeof Contact>;

export const Person = z.looseObject({
  id: Id,
  group_id: Id,
  displayname: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  note: z.string(),
  external_id: z.string().nullable(),
  data: z.record(z.string(), Unknown),
  contacts: z.array(Contact),
  interactions: z.array(Unknown),
  companies: z.array(Unknown),
  tasks: z.array(Unknown),
});
export type Person = z.infer<typeof Person>;

/** A person as the paginated list gives it: the names and ids only. */
export const PersonListItem = Person.pick({
  id: true,
  group_id: true,
  displayname: true,
  firstname: true,
  lastname: true,
  external_id: true,
});
export type PersonListItem = z.infer<typeof PersonListItem>;

const personWritable = z.strictObject({
  group_id: Id,
  displayname: z.string().max(200),
  firstname: z.string().max(100),
  lastname: z.string().max(100),
  note: z.string().max(10_000),
  external_id: z.string().max(100).nullable(),
  data: z.record(z.string(), Unknown),
  contacts: z.array(Contact).max(100),
});
export const PersonCreate = personWritable.partial().required({ group_id: true });
export type PersonCreate = z.input<typeof PersonCreate>;
/** `contacts`, when given, replaces the whole collection; when omitted it is left unchanged. */
export const PersonUpdate = personWritable.partial();
export type PersonUpdate = z.input<typeof PersonUpdate>;

export const CompanyPerson = z.looseObject({ person_id: Id, role: z.string().max(100) });
export type CompanyPerson = z.infer<typeof CompanyPerson>;

export const Company = z.looseObject({
  id: Id,
  group_id: Id,
  name: z.string(),
  external_id: z.string().nullable(),
  data: z.record(z.string(), Unknown),
  persons: z.array(CompanyPerson),
  tasks: z.array(Unknown),
});
export type Company = z.infer<typeof Company>;

/** A company as the paginated list gives it: the name and ids only. */
export const CompanyListItem = Company.pick({ id: true, group_id: true, name: true, external_id: true });
export type CompanyListItem = z.infer<typeof CompanyListItem>;

const companyWritable = z.strictObject({
  group_id: Id,
  name: z.string().trim().min(1, 'name must not be empty').max(200),
  external_id: z.string().max(100).nullable(),
  data: z.record(z.string(), Unknown),
  persons: z.array(CompanyPerson).max(1000),
});
export const CompanyCreate = companyWritable.partial().required({ group_id: true });
export type CompanyCreate = z.input<typeof CompanyCreate>;
/** `persons`, when given, replaces the whole collection; when omitted it is left unchanged. */
export const CompanyUpdate = companyWritable.partial();
export type CompanyUpdate = z.input<typeof CompanyUpdate>;
