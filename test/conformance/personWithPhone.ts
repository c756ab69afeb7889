/** The body of a person to create in tests: in the root group, with one phone number. */
import type { PersonCreate } from '../../src-main/api/schemas';

export interface NewPerson {
  firstname: string;
  lastname: string;
  phone: string;
  /** The phone contact's label; `mobile` unless given. */
  phoneLabel?: string;
}

export function personWithPhone(person: NewPerson, fields: Partial<PersonCreate> = {}): PersonCreate {
  const { firstname, lastname, phone, phoneLabel = 'mobile' } = person;
  return {
    group_id: 1,
    firstname,
    lastname,
    contacts: [{ type: 1, contact: phone, label: phoneLabel }],
    ...fields,
  };
}
