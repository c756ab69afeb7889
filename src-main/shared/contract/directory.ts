/**
 * The directory part of the IPC contract: search over the local cache, the
 * person and company cards, creating a person and editing their contacts on the PBX, and the directory
 * sync's status and progress. docs/directory-and-sync.md describes how the commands fit together.
 *
 * The result shapes are what the cache (src-main/cache) answers with, unchanged. Every name, contact, label,
 * data value and external id comes from the PBX or from people: render it as text, never as HTML.
 */
import { z } from 'zod';
import { command, event } from './define';
import {
  CONTACT_LABEL_MAX,
  CONTACT_TEXT_MAX,
  DIRECTORY_QUERY_MAX,
  PERSON_DISPLAYNAME_MAX,
  PERSON_NAME_MAX,
} from '../limits';

// ---- Arguments -------------------------------------------------------------------------------------------

/** Entries per group of a search; the cache's own ceiling. */
export const DIRECTORY_LIMIT_MAX = 100;
/** The PBX's limits on a person (see docs/pbx-api.md, Persons and companies; api/schemas/crm.ts). */
export const CONTACTS_MAX = 100;

/** 0 general, 1 phone number, 2 e-mail address, 3 web URL (docs/pbx-api.md, Persons and companies). */
export const CONTACT_TYPE_CODES = { general: 0, phone: 1, email: 2, web: 3 } as const;
export type ContactType = (typeof CONTACT_TYPE_CODES)[keyof typeof CONTACT_TYPE_CODES];

const RecordId = z.number().int().min(1).max(Number.MAX_SAFE_INTEGER);

export const DirectorySearchArgsSchema = z.strictObject({
  query: z.string().max(DIRECTORY_QUERY_MAX, `at most ${DIRECTORY_QUERY_MAX} characters`),
  /** Entries per group; default 10. */
  limit: z.number().int().min(1).max(DIRECTORY_LIMIT_MAX).optional(),
});
export type DirectorySearchArgs = z.infer<typeof DirectorySearchArgsSchema>;

export const DirectoryRecordArgsSchema = z.strictObject({ id: RecordId });
export type DirectoryRecordArgs = z.infer<typeof DirectoryRecordArgsSchema>;

/**
 * A contact as the editor sends it. The schema checks structure and size; whether a phone contact is a
 * number, an e-mail an address and a web contact a URL is checked by the main process, which answers with
 * an error per field (`DirectorySaveResult`).
 */
export const ContactInputSchema = z.strictObject({
  /** The PBX's id of an existing contact, kept so the PBX can keep its identity. */
  id: RecordId.optional(),
  type: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)], {
    message: 'type must be 0 (general), 1 (phone), 2 (e-mail) or 3 (web)',
  }),
  contact: z.string().max(CONTACT_TEXT_MAX, `at most ${CONTACT_TEXT_MAX} characters`),
  label: z.string().max(CONTACT_LABEL_MAX, `at most ${CONTACT_LABEL_MAX} characters`),
});
export type ContactInput = z.infer<typeof ContactInputSchema>;

const Contacts = z.array(ContactInputSchema).max(CONTACTS_MAX, `at most ${CONTACTS_MAX} contacts`);

export const DirectoryCreatePersonArgsSchema = z.strictObject({
  firstname: z.string().max(PERSON_NAME_MAX, `at most ${PERSON_NAME_MAX} characters`),
  lastname: z.string().max(PERSON_NAME_MAX, `at most ${PERSON_NAME_MAX} characters`),
  /** Empty or absent: the PBX shows "firstname lastname". */
  displayname: z
    .string()
    .max(PERSON_DISPLAYNAME_MAX, `at most ${PERSON_DISPLAYNAME_MAX} characters`)
    .optional(),
  contacts: Contacts,
  /** The PBX group of the person; absent: as Settings ▸ Directory says (docs/directory-and-sync.md). */
  groupId: RecordId.optional(),
});
export type DirectoryCreatePersonArgs = z.infer<typeof DirectoryCreatePersonArgsSchema>;

export const DirectoryUpdateContactsArgsSchema = z.strictObject({
  id: RecordId,
  /** The contacts as the agent left them. */
  contacts: Contacts,
  /**
   * The contacts the editor started from (the card's). The agent's change is the difference between these
   * and `contacts`, applied to the person as the PBX has them now. Absent: the cached card's contacts.
   */
  base: Contacts.optional(),
});
export type DirectoryUpdateContactsArgs = z.infer<typeof DirectoryUpdateContactsArgsSchema>;

/** Entries per page of `directory:export`; a page also ends early at DIRECTORY_EXPORT_PAGE_BYTES. */
export const DIRECTORY_EXPORT_LIMIT_MAX = 1000;
/** Where the next page starts: the kind and the last id sent (`person:1234`), as the previous page said. */
const DIRECTORY_EXPORT_CURSOR = /^(?:person|company|user|extension):\d{1,16}$/;

export const DirectoryExportArgsSchema = z.strictObject({
  /** Absent: the first page. */
  cursor: z.string().regex(DIRECTORY_EXPORT_CURSOR, 'a cursor from the previous page').optional(),
  /** Entries per page; default 500. */
  limit: z.number().int().min(1).max(DIRECTORY_EXPORT_LIMIT_MAX).optional(),
});
export type DirectoryExportArgs = z.infer<typeof DirectoryExportArgsSchema>;

// ---- Results ---------------------------------------------------------------------------------------------

export type DirectoryEntryKind = 'person' | 'company' | 'user' | 'extension';

export interface DirectoryNumber {
  /** As stored in the PBX. */
  raw: string;
  label: string;
  /** `+420 777 123 456`, or the stored text when it could not be normalised. */
  display: string;
  /** What `calls:dial` should get: E.164, internal digits, or the digits as stored. */
  dial: string;
}

export interface CompanyLink {
  id: number;
  name: string;
  role: string;
}

export interface PersonSummary {
  kind: 'person';
  id: number;
  name: string;
  companies: CompanyLink[];
  numbers: DirectoryNumber[];
  emails: string[];
}

export interface CompanySummary {
  kind: 'company';
  id: number;
  name: string;
  personCount: number;
  numbers: DirectoryNumber[];
}

export interface UserSummary {
  kind: 'user';
  id: number;
  name: string;
  username: string | null;
  email: string | null;
  active: boolean | null;
  numbers: DirectoryNumber[];
}

export interface ExtensionSummary {
  kind: 'extension';
  id: number;
  name: string;
  /** The extension type: phone, queue, ivr… */
  type: string;
  numbers: DirectoryNumber[];
}

export type DirectoryEntry = PersonSummary | CompanySummary | UserSummary | ExtensionSummary;

export interface DirectoryGroup<T extends DirectoryEntry> {
  items: T[];
  /** More entries match than were returned: the user should type more. */
  more: boolean;
}

/** Search results grouped by kind, each group ranked. */
export interface DirectorySearchResult {
  query: string;
  persons: DirectoryGroup<PersonSummary>;
  companies: DirectoryGroup<CompanySummary>;
  users: DirectoryGroup<UserSummary>;
  extensions: DirectoryGroup<ExtensionSummary>;
  /**
   * Set when the answer came from the read-only copy a team server's client keeps while the server cannot be
   * reached: epoch ms of when that copy was made (docs/team-server.md, "Offline directory").
   */
  offlineCopyFrom?: number;
}

/**
 * One page of the directory as search shows it (`directory:export`): persons, then companies, users and
 * extensions, each by id. A client of a team server keeps them to search while the server is unreachable.
 */
export interface DirectoryExportPage {
  /**
   * The directory's version: the time its last sync completed and its record counts. The same stamp means
   * nothing to copy again; a stamp that changed between pages means the copy mixes two versions.
   */
  stamp: string;
  /** How the directory reads numbers, so a copy indexes them as search does here. */
  numbering: { defaultCountry: string; internalDigits?: { min: number; max: number } };
  entries: DirectoryEntry[];
  /** The next page's cursor; null: this was the last page. */
  next: string | null;
}

/** One owner of a looked-up number; `label` is what the owner calls this number (mobile, work, extension). */
export type NumberMatch =
  | { kind: 'person'; id: number; name: string; label: string; companies: CompanyLink[] }
  | { kind: 'company'; id: number; name: string; label: string }
  | { kind: 'user'; id: number; name: string; label: string }
  | { kind: 'extension'; id: number; name: string; label: string; number: string };

export interface PersonCardContact {
  id: number | null;
  /** 0 general, 1 phone, 2 e-mail, 3 web (docs/pbx-api.md, Persons and companies). */
  type: number;
  contact: string;
  label: string;
  /** Set for phone numbers the cache could read. */
  number: DirectoryNumber | null;
}

export interface PersonCard {
  id: number;
  groupId: number;
  name: string;
  firstname: string;
  lastname: string;
  note: string;
  externalId: string | null;
  data: Record<string, unknown>;
  contacts: PersonCardContact[];
  companies: CompanyLink[];
  /** Epoch ms of the last detail fetch (or local save); null while only the list item is known. */
  fetchedAt: number | null;
}

/** A member of a company; `name` is null when the cache has not fetched that person (yet). */
export interface CompanyCardPerson {
  id: number;
  name: string | null;
  role: string;
}

export interface CompanyCard {
  id: number;
  groupId: number;
  name: string;
  externalId: string | null;
  data: Record<string, unknown>;
  /** Numbers found in the company's data (phone, switchboard, fax…). */
  numbers: DirectoryNumber[];
  persons: CompanyCardPerson[];
}

export interface DirectoryCounts {
  persons: number;
  companies: number;
  users: number;
  extensions: number;
  numbers: number;
}

/** One problem of a create or edit, said next to its field: `firstname`, `name`, `contacts.2.contact`… */
export interface DirectoryFieldError {
  field: string;
  message: string;
}

export type DirectorySaveResult =
  { saved: true; person: PersonCard } | { saved: false; errors: DirectoryFieldError[] };

/** A contact the agent changed or removed that was changed or removed on the PBX meanwhile. */
export interface ContactConflict {
  /** The PBX's id of the contact. */
  id: number;
  /** What the agent made of it; null: the agent removed it. */
  mine: ContactInput | null;
  /** What the PBX holds now; null: removed on the PBX. */
  theirs: ContactInput | null;
}

/** Nothing was sent: the person changed on the PBX where the edit touches. The agent decides, then saves again. */
export interface DirectoryContactsConflict {
  saved: false;
  /** The person as the PBX has them now (also in the cache): the `base` of the next save. */
  person: PersonCard;
  /** The agent's changes applied to `person`, except the conflicting ones, which are as the PBX has them. */
  merged: ContactInput[];
  conflicts: ContactConflict[];
}

export type DirectoryUpdateResult = DirectorySaveResult | DirectoryContactsConflict;

/** Where new contacts go, for Settings ▸ Directory. */
export interface NewContactGroups {
  /** The PBX's groups (GET /groups), by name. */
  groups: { id: number; name: string }[];
  /** The agent's own group, the default; null while Ringside does not know the agent on the PBX. */
  agentGroupId: number | null;
  /** Why the agent's group is not known, when it is not. */
  agentProblem: string | null;
  /** Where a contact created now goes, and why there. */
  target: { id: number; name: string; reason: 'setting' | 'agent' | 'top' };
}

// ---- Sync ------------------------------------------------------------------------------------------------

/**
 * The directory sync now (`sync:status`, and every `sync:progress` event, at most five a second while it
 * runs). `phase` is the cache's sync phase (`groups`, `persons:list`, `persons:details`…), null before the
 * first sync of this PBX.
 */
export interface SyncStatus {
  running: boolean;
  phase: string | null;
  done: number;
  total: number;
  /** Items per second in this phase. */
  rate: number;
  /** Epoch ms when a sync of this PBX last completed (kept in the cache across restarts); null: never. */
  lastCompletedAt: number | null;
  /** Epoch ms of the next scheduled sync; null while one runs or none is scheduled. */
  nextRunAt: number | null;
  /** Why the last sync failed or why none can run (no PBX, the cache could not be opened); else absent. */
  error?: string;
  /** Records in the cache; null when no cache is open (no PBX yet). */
  counts: DirectoryCounts | null;
  /** Records the running or last sync could not store; each is tried again at the next sync. Absent: none. */
  quarantined?: SyncQuarantine;
  /**
   * The paged lists the PBX sent without a `total` in the last completed sync (read until an empty page,
   * docs/pbx-api.md); absent when every list had one.
   */
  listsWithoutTotal?: ('persons' | 'companies' | 'users')[];
}

/** Records the sync set aside (Settings ▸ Directory shows them). */
export interface SyncQuarantine {
  count: number;
  /** The first few, with the cache's reason. */
  records: { kind: 'person' | 'company' | 'user'; id: number; reason: string }[];
}

/** One interaction or task of a person, every field that arrived as text (their shape is undocumented). */
export type ActivityItem = { key: string; value: string }[];

/** A person's read-only interactions and tasks, as the PBX returns them now. */
export interface PersonActivity {
  interactions: ActivityItem[];
  tasks: ActivityItem[];
  /** The PBX has more of either than the card lists. */
  more: boolean;
}

export const directoryCommands = {
  /** A person's interactions and tasks, read from the PBX (not cached); docs/caller-context.md. */
  'directory:personActivity': command(DirectoryRecordArgsSchema).returns<PersonActivity>(),
  /** Search-as-you-type over the local cache, grouped; empty groups while no cache is open. */
  'directory:search': command(DirectorySearchArgsSchema).returns<DirectorySearchResult>(),
  /** The directory as search shows it, page by page, for a client's offline copy (docs/team-server.md). */
  'directory:export': command(DirectoryExportArgsSchema).returns<DirectoryExportPage>(),
  /** A person's card from the cache; not-found when the cache has no such person. */
  'directory:person': command(DirectoryRecordArgsSchema).returns<PersonCard>(),
  /** A company's card from the cache; not-found when the cache has no such company. */
  'directory:company': command(DirectoryRecordArgsSchema).returns<CompanyCard>(),
  /** POST /crm/person, then the person fetched back into the cache; field errors come back unsent. */
  'directory:createPerson': command(DirectoryCreatePersonArgsSchema).changes<DirectorySaveResult>(),
  /**
   * Reads the person fresh, applies the agent's change (`base` → `contacts`) to them, PATCHes the result and
   * reads it back into the cache; a conflict (the PBX changed what the edit touches) sends nothing.
   */
  'directory:updateContacts': command(DirectoryUpdateContactsArgsSchema).changes<DirectoryUpdateResult>(),
  /** The PBX's groups, the agent's own, and where new contacts go (Settings ▸ Directory). */
  'directory:newContactGroups': command(z.undefined()).returns<NewContactGroups>(),
  /** Starts a directory sync now unless one runs; follow `sync:progress`. */
  'sync:run': command(z.undefined()).changes<SyncStatus>(),
  /** Stops the running sync; what it wrote is kept and the next sync resumes from there. */
  'sync:cancel': command(z.undefined()).changes<SyncStatus>(),
  'sync:status': command(z.undefined()).returns<SyncStatus>(),
};

export const directoryEvents = {
  /** The directory sync's status: at its start and end, and at most five times a second while it runs. */
  'sync:progress': event<SyncStatus>(),
};
