/**
 * The port the sync reads the PBX through: only the list and get methods it needs. PbxClient satisfies it
 * structurally; tests use an in-memory implementation.
 */
import type {
  Company,
  CompanyListItem,
  Extension,
  Group,
  Person,
  PersonListItem,
  Queue,
  Role,
  Team,
  User,
  UserListItem,
} from '../../api/schemas';

export interface SourceCallOptions {
  signal?: AbortSignal;
}

export interface SourcePage<T> {
  items: T[];
  /** The count of all records (not only this page's); null when the PBX did not say. */
  total: number | null;
}

export interface PagedResource<ListItem, Detail> {
  list(
    page?: { limit?: number; offset?: number },
    options?: SourceCallOptions,
  ): Promise<SourcePage<ListItem>>;
  /** Rejects with an error whose `code` is `'not-found'` when the record no longer exists. */
  get(id: number, options?: SourceCallOptions): Promise<Detail>;
}

export interface DirectorySource {
  groups(options?: SourceCallOptions): Promise<Group[]>;
  roles(options?: SourceCallOptions): Promise<Role[]>;
  teams(options?: SourceCallOptions): Promise<Team[]>;
  queues(options?: SourceCallOptions): Promise<Queue[]>;
  extensions(filter?: Record<string, never>, options?: SourceCallOptions): Promise<Extension[]>;
  users: {
    list(options?: SourceCallOptions): Promise<UserListItem[]>;
    get(id: number, options?: SourceCallOptions): Promise<User>;
  };
  persons: PagedResource<PersonListItem, Person>;
  companies: PagedResource<CompanyListItem, Company>;
}

/** How the PBX client (src-main/api/errors.ts) and test sources mark a record that is gone. */
export function isNotFound(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === 'not-found';
}

/** `success:false` (with or without messages per attribute), or a limit the client itself will not send. */
const REFUSAL_CODES: ReadonlySet<unknown> = new Set([
  'validation-failed',
  'business-error',
  'invalid-argument',
]);
/** Bad Request and Content Too Large: what an HTTP server answers to a page it will not serve. */
const REFUSAL_STATUSES: ReadonlySet<unknown> = new Set([400, 413]);

/**
 * Whether a list request failed because the PBX would not serve a page that large: the API documents no
 * maximum page size, so a PBX with one can only refuse (HTTP 400 or 413, or `success:false`).
 */
export function isPageRefused(error: unknown): boolean {
  const { code, context } = (error ?? {}) as { code?: unknown; context?: { status?: unknown } };
  return REFUSAL_CODES.has(code) || REFUSAL_STATUSES.has(context?.status);
}
