/**
 * How the Directory screen words entries, contacts and the sync, so its parts agree. Every function reads the
 * language in use when called (from markup or `$derived`), so the words follow a language switch.
 */
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
import { compareNames, formatDate, t } from './i18n.svelte';
import { timeAgo } from './timeAgo';

type GroupKey = keyof Omit<DirectorySearchResult, 'query' | 'offlineCopyFrom'>;

/** The groups of a search, in the order they are shown (and walked with the arrow keys). */
export const RESULT_GROUPS = [
  { key: 'persons' },
  { key: 'companies' },
  { key: 'users' },
  { key: 'extensions' },
] as const satisfies readonly { key: GroupKey }[];

/** A result group's heading. */
export function groupTitle(key: GroupKey): string {
  switch (key) {
    case 'persons':
      return t('directory.groupPersons');
    case 'companies':
      return t('directory.groupCompanies');
    case 'users':
      return t('directory.groupColleagues');
    case 'extensions':
      return t('directory.groupExtensions');
  }
}

/** Every entry of a search, group after group: the order of the list on screen. */
export function entriesOf(result: DirectorySearchResult | null): DirectoryEntry[] {
  return result ? RESULT_GROUPS.flatMap(({ key }): DirectoryEntry[] => result[key].items) : [];
}

/** A stable key for an entry (ids are unique per kind only). */
export function entryKey(entry: Pick<DirectoryEntry, 'kind' | 'id'>): string {
  return `${entry.kind}-${entry.id}`;
}

/**
 * A number's label in the agent's language: the PBX's `mobile`, `home`…, Ringside's own `extension`, an
 * extension's type (`phone`, `queue`, `voicemail`…); a label the catalogue does not know is shown as written.
 */
export function numberLabelText(label: string): string {
  // "private mobile" → private_mobile; a label "other" is not the message's fallback.
  const code = label
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
  return t('directory.numberLabel', { label: code === 'other' ? 'other_label' : code, text: label });
}

/** "Person", "Company", "Colleague", "Extension". */
export function entryKind(entry: Pick<DirectoryEntry, 'kind'>): string {
  return t('directory.entryKind', { kind: entry.kind });
}

/** An entry's name, or "Person 37" when the PBX gave it none. */
export function entryName(entry: { kind: DirectoryEntry['kind']; id: number; name: string }): string {
  return entry.name.trim() || t('directory.entryUnnamed', { kind: entry.kind, id: String(entry.id) });
}

/** The line under an entry's name: companies and e-mail, members, user name, extension type. */
export function entryDetail(entry: DirectoryEntry): string {
  switch (entry.kind) {
    case 'person':
      // Company names as the language in use sorts them (Č after C in Czech).
      return [
        ...entry.companies.map((company) => company.name).sort(compareNames),
        ...entry.emails.slice(0, 1),
      ].join(' · ');
    case 'company':
      return t('directory.companyPersons', { count: entry.personCount });
    case 'user':
      return [entry.username, entry.email, entry.active === false ? t('directory.userInactive') : null]
        .filter(Boolean)
        .join(' · ');
    case 'extension':
      return numberLabelText(entry.type);
  }
}

/** The ICU select value naming each contact type in the catalogues. */
const TYPE_NAMES: Record<ContactType, 'phone' | 'email' | 'web' | 'other'> = {
  0: 'other',
  1: 'phone',
  2: 'email',
  3: 'web',
};

/** Each contact type, in the order offered, with the keyboard a touch screen offers for it. */
export const CONTACT_TYPES: readonly { type: ContactType; inputmode: HTMLInputAttributes['inputmode'] }[] = [
  { type: 1, inputmode: 'tel' },
  { type: 2, inputmode: 'email' },
  { type: 3, inputmode: 'url' },
  { type: 0, inputmode: 'text' },
];

/** "Phone", "E-mail", "Web", "Other" (any unknown type is "Other"). */
export function contactTypeLabel(type: number): string {
  return t('directory.contactType', { type: TYPE_NAMES[type as ContactType] ?? 'other' });
}

/** "Add phone", "Add e-mail"… */
export function addContactLabel(type: ContactType): string {
  return t('directory.addContact', { type: TYPE_NAMES[type] });
}

/** The labels people use most, offered while typing one (any text is fine), in the language in use. */
export function labelSuggestions(type: ContactType): string[] {
  switch (type) {
    case 0:
      return [t('directory.labelChat'), t('directory.labelFax'), t('directory.labelOther')];
    case 1:
      return [
        t('directory.labelMobile'),
        t('directory.labelWork'),
        t('directory.labelHome'),
        t('directory.labelPrivateMobile'),
        t('directory.labelFax'),
      ];
    case 2:
      return [t('directory.labelWork'), t('directory.labelPrivate')];
    case 3:
      return [t('directory.labelWeb'), t('directory.labelShop')];
  }
}

/** The sync's phase, with its ellipsis ("Fetching persons…"); an unknown phase as the PBX side names it. */
export function phaseLabel(phase: string | null): string {
  switch (phase) {
    case null:
      return t('directory.phaseStarting');
    case 'groups':
      return t('directory.phaseGroups');
    case 'roles':
      return t('directory.phaseRoles');
    case 'teams':
      return t('directory.phaseTeams');
    case 'queues':
      return t('directory.phaseQueues');
    case 'extensions':
      return t('directory.phaseExtensions');
    case 'users:list':
      return t('directory.phaseUsersList');
    case 'users:details':
      return t('directory.phaseUsersDetails');
    case 'companies:list':
      return t('directory.phaseCompaniesList');
    case 'companies:details':
      return t('directory.phaseCompaniesDetails');
    case 'persons:list':
      return t('directory.phasePersonsList');
    case 'persons:details':
      return t('directory.phasePersonsDetails');
    default:
      return `${phase}…`;
  }
}

/** "2,000 persons · 45 companies · 30 colleagues · 80 extensions". */
/** "Offline: searching the copy from 14:05" (with the date when the copy is from another day). */
export function offlineCopyText(copiedAt: number, now: number): string {
  const sameDay = new Date(copiedAt).toDateString() === new Date(now).toDateString();
  return t('directory.offlineCopy', { time: formatDate(copiedAt, sameDay ? 'time' : 'dateTime') });
}

export function countsText(counts: DirectoryCounts): string {
  return t('directory.counts', { ...counts });
}

/** "Synced 5 minutes ago", "Never synced yet". */
export function lastSyncText(status: Pick<SyncStatus, 'lastCompletedAt'>, now: number): string {
  if (status.lastCompletedAt === null) return t('directory.neverSynced');
  const when = timeAgo(status.lastCompletedAt, now);
  return when === null ? t('directory.syncedJustNow') : t('directory.syncedAgo', { when });
}

/** Where new contacts go, said in Settings ▸ Directory. */
export function newContactsText(groups: NewContactGroups): string {
  const { target } = groups;
  switch (target.reason) {
    case 'agent':
      return t('directory.newContactsAgent', { group: target.name });
    case 'setting':
      return t('directory.newContactsSetting', { group: target.name });
    case 'top':
      return t('directory.newContactsTop', {
        group: target.name,
        problem: groups.agentProblem ?? t('directory.newContactsUserUnknown'),
      });
  }
}

/** "2 records could not be stored…", or null when the sync set nothing aside. */
export function quarantineText(quarantine: SyncQuarantine | undefined): string | null {
  if (!quarantine || quarantine.count === 0) return null;
  return t('directory.quarantine', { count: quarantine.count });
}

/** One set-aside record: "person 37: NOT NULL constraint failed…" (the reason is the store's own words). */
export function quarantinedRecordText(record: SyncQuarantine['records'][number]): string {
  return t('directory.quarantinedRecord', {
    kind: record.kind,
    id: String(record.id),
    reason: record.reason,
  });
}

/** A contact in one line, for the editor's conflict choices: "Phone 777 123 456 (mobile)". */
export function contactLine(contact: ContactInput): string {
  const params = { type: contactTypeLabel(contact.type), contact: contact.contact };
  return contact.label
    ? t('directory.contactLineLabelled', { ...params, label: contact.label })
    : t('directory.contactLine', params);
}
