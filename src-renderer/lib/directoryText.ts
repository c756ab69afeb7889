/** How the Directory screen words entries, contacts and the sync, so its parts agree. */
import type { HTMLInputAttributes } from 'svelte/elements';
import type {
  ContactInput,
  ContactType,
  DirectoryCounts,
  DirectoryEntry,
  DirectorySearchResult,
  NewContactGroups,
  SyncQuarantine,
  SyncStatus,
} from '../../src-main/shared/contract';

/** The groups of a search, in the order they are shown (and walked with the arrow keys). */
export const RESULT_GROUPS = [
  { key: 'persons', title: 'Persons' },
  { key: 'companies', title: 'Companies' },
  { key: 'users', title: 'Colleagues' },
  { key: 'extensions', title: 'Extensions' },
] as const satisfies readonly { key: keyof Omit<DirectorySearchResult, 'query'>; title: string }[];

/** Every entry of a search, group after group: the order of the list on screen. */
export function entriesOf(result: DirectorySearchResult | null): DirectoryEntry[] {
  return result ? RESULT_GROUPS.flatMap(({ key }): DirectoryEntry[] => result[key].items) : [];
}

/** A stable key for an entry (ids are unique per kind only). */
export function entryKey(entry: Pick<DirectoryEntry, 'kind' | 'id'>): string {
  return `${entry.kind}-${entry.id}`;
}

const ENTRY_KINDS: Record<DirectoryEntry['kind'], string> = {
  person: 'Person',
  company: 'Company',
  user: 'Colleague',
  extension: 'Extension',
};

export function entryKind(entry: Pick<DirectoryEntry, 'kind'>): string {
  return ENTRY_KINDS[entry.kind];
}

/** The line under an entry's name: companies and e-mail, members, user name, extension type. */
export function entryDetail(entry: DirectoryEntry): string {
  switch (entry.kind) {
    case 'person':
      return [...entry.companies.map((company) => company.name), ...entry.emails.slice(0, 1)].join(' · ');
    case 'company':
      return entry.personCount === 1 ? '1 person' : `${entry.personCount} persons`;
    case 'user':
      return [entry.username, entry.email, entry.active === false ? 'inactive' : null]
        .filter(Boolean)
        .join(' · ');
    case 'extension':
      return entry.type;
  }
}

/** Each contact type: its name, its "Add" button and the keyboard a touch screen offers for it. */
export const CONTACT_TYPES: readonly {
  type: ContactType;
  label: string;
  add: string;
  inputmode: HTMLInputAttributes['inputmode'];
}[] = [
  { type: 1, label: 'Phone', add: 'Add phone', inputmode: 'tel' },
  { type: 2, label: 'E-mail', add: 'Add e-mail', inputmode: 'email' },
  { type: 3, label: 'Web', add: 'Add web address', inputmode: 'url' },
  { type: 0, label: 'Other', add: 'Add other', inputmode: 'text' },
];

export function contactTypeLabel(type: number): string {
  return CONTACT_TYPES.find((entry) => entry.type === type)?.label ?? 'Other';
}

/** The labels people use most, offered while typing one (any text is fine). */
export const LABEL_SUGGESTIONS: Record<ContactType, readonly string[]> = {
  0: ['chat', 'fax', 'other'],
  1: ['mobile', 'work', 'home', 'private mobile', 'fax'],
  2: ['work', 'private'],
  3: ['web', 'shop'],
};

const PHASES: Record<string, string> = {
  groups: 'Reading groups',
  roles: 'Reading roles',
  teams: 'Reading teams',
  queues: 'Reading queues',
  extensions: 'Reading extensions',
  'users:list': 'Listing colleagues',
  'users:details': 'Fetching colleagues',
  'companies:list': 'Listing companies',
  'companies:details': 'Fetching companies',
  'persons:list': 'Listing persons',
  'persons:details': 'Fetching persons',
};

export function phaseLabel(phase: string | null): string {
  return phase === null ? 'Starting' : (PHASES[phase] ?? phase);
}

const numberFormat = new Intl.NumberFormat();

export function formatCount(count: number): string {
  return numberFormat.format(count);
}

/** "2,000 persons · 45 companies · 30 colleagues · 80 extensions". */
export function countsText(counts: DirectoryCounts): string {
  const part = (count: number, one: string, many: string) =>
    `${formatCount(count)} ${count === 1 ? one : many}`;
  return [
    part(counts.persons, 'person', 'persons'),
    part(counts.companies, 'company', 'companies'),
    part(counts.users, 'colleague', 'colleagues'),
    part(counts.extensions, 'extension', 'extensions'),
  ].join(' · ');
}

const relative = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });
const STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/** "Synced 5 minutes ago", "Never synced yet". */
export function lastSyncText(status: Pick<SyncStatus, 'lastCompletedAt'>, now: number): string {
  if (status.lastCompletedAt === null) return 'Never synced yet';
  const elapsed = Math.max(0, now - status.lastCompletedAt);
  const step = STEPS.find(([, size]) => elapsed >= size);
  return `Synced ${step ? relative.format(-Math.floor(elapsed / step[1]), step[0]) : 'just now'}`;
}

/** Where new contacts go, said in Settings ▸ Directory. */
export function newContactsText(groups: NewContactGroups): string {
  const { target } = groups;
  switch (target.reason) {
    case 'agent':
      return `New contacts are created in ${target.name}, your own group on the PBX.`;
    case 'setting':
      return `New contacts are created in ${target.name}.`;
    case 'top':
      return (
        `New contacts are created in ${target.name}, the PBX’s top group, where every group sees them: ` +
        `Ringside does not know your own group (${groups.agentProblem ?? 'your PBX user is not known'}).`
      );
  }
}

const KINDS: Record<SyncQuarantine['records'][number]['kind'], string> = {
  person: 'person',
  company: 'company',
  user: 'colleague',
};

/** "2 records could not be stored…", or null when the sync set nothing aside. */
export function quarantineText(quarantine: SyncQuarantine | undefined): string | null {
  if (!quarantine || quarantine.count === 0) return null;
  const records = quarantine.count === 1 ? '1 record' : `${formatCount(quarantine.count)} records`;
  return (
    `The last sync could not store ${records} of the directory; Ringside tries ` +
    `${quarantine.count === 1 ? 'it' : 'them'} again at every sync.`
  );
}

/** One set-aside record: "person 37: NOT NULL constraint failed…". */
export function quarantinedRecordText(record: SyncQuarantine['records'][number]): string {
  return `${KINDS[record.kind]} ${record.id}: ${record.reason}`;
}

/** A contact in one line, for the editor's conflict choices: "Phone 777 123 456 (mobile)". */
export function contactLine(contact: ContactInput): string {
  return `${contactTypeLabel(contact.type)} ${contact.contact}${contact.label ? ` (${contact.label})` : ''}`;
}
