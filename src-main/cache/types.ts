/**
 * What the cache answers with: plain, serialisable data, ready to cross IPC. The shapes live in the IPC
 * contract (src-main/shared/directoryContract.ts), where the renderer can import them as types.
 */
import type { EntryKind } from './kinds';

export type { EntryKind } from './kinds';
export type {
  CompanyCard,
  CompanyCardPerson,
  CompanyLink,
  CompanySummary,
  DirectoryCounts,
  DirectoryEntry,
  DirectoryGroup,
  DirectoryNumber,
  DirectorySearchResult,
  ExtensionSummary,
  NumberMatch,
  PersonCard,
  PersonCardContact,
  PersonSummary,
  UserSummary,
} from '../shared/directoryContract';

export const ENTRY_KINDS: readonly EntryKind[] = ['person', 'company', 'user', 'extension'];
