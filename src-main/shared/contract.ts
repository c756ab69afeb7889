/**
 * The IPC contract: the single boundary between the renderer and the main process.
 *
 * To add a command: add its channel to `COMMAND_CHANNELS` (channels.ts), its argument schema to
 * `commandArgs` and its types to `Commands`; the compiler then names every place to update (AppCore, the
 * renderer). Main validates every argument with `commandArgs` because the renderer is untrusted.
 */
import { z } from 'zod';
import type { CommandChannel, EventChannel } from './channels';
import {
  CertificateInspectArgsSchema,
  ConnectionDraftSchema,
  DirectoryPhonesArgsSchema,
  SettingsSaveArgsSchema,
  UsersCheckArgsSchema,
  type AgentCheckResult,
  type CertificateSummary,
  type ConnectionDraft,
  type ConnectionTestResult,
  type DirectoryPhonesArgs,
  type PhoneChoice,
  type SettingsSaveArgs,
  type SettingsSaveResult,
  type SettingsView,
  type UsersCheckArgs,
} from './settingsContract';
import {
  CallsControlArgsSchema,
  CallsDialArgsSchema,
  DialResolveArgsSchema,
  type CallsControlArgs,
  type CallsDialArgs,
  type CallView,
  type DialPreview,
  type DialRequest,
  type DialResolveArgs,
  type DialResult,
  type RecentNumber,
  type ScreenPop,
} from './callsContract';
import {
  HistoryListArgsSchema,
  HistoryMarkSeenArgsSchema,
  HistorySearchArgsSchema,
  ReviewGetArgsSchema,
  ReviewOpenArgsSchema,
  WrapUpDiscardArgsSchema,
  WrapUpGetArgsSchema,
  WrapUpSaveArgsSchema,
  type CallEnded,
  type CallReview,
  type HistoryChanged,
  type HistoryListArgs,
  type HistoryMarkSeenArgs,
  type HistoryPage,
  type HistorySearchArgs,
  type HistorySearchResult,
  type PendingSave,
  type ReviewGetArgs,
  type ReviewOpenArgs,
  type WrapUp,
  type WrapUpChanged,
  type WrapUpDiscardArgs,
  type WrapUpGetArgs,
  type WrapUpSaveArgs,
  type WrapUpSaveResult,
} from './historyContract';
import {
  DirectoryCreatePersonArgsSchema,
  DirectoryRecordArgsSchema,
  DirectorySearchArgsSchema,
  DirectoryUpdateContactsArgsSchema,
  type CompanyCard,
  type DirectoryCreatePersonArgs,
  type DirectoryRecordArgs,
  type DirectorySaveResult,
  type DirectorySearchArgs,
  type DirectorySearchResult,
  type DirectoryUpdateContactsArgs,
  type PersonCard,
  type SyncStatus,
} from './directoryContract';

export { COMMAND_CHANNELS, EVENT_CHANNELS, isCommandChannel, isEventChannel } from './channels';
export type { CommandChannel, EventChannel } from './channels';
export * from './settingsContract';
export * from './callsContract';
export * from './historyContract';
export * from './directoryContract';

// ---- DTOs -------------------------------------------------------------------------------------------

export const AppModeSchema = z.enum(['demo', 'configured', 'unconfigured']);
export type AppMode = z.infer<typeof AppModeSchema>;

export interface AppInfo {
  name: string;
  version: string;
  platform: NodeJS.Platform | string;
  versions: { electron?: string; chrome?: string; node: string };
  mode: AppMode;
}

export const ConnectionStatusSchema = z.enum([
  'unconfigured',
  'connecting',
  'connected',
  'offline',
  'credentials-rejected',
]);
export type ConnectionStatus = z.infer<typeof ConnectionStatusSchema>;

export interface ConnectionState {
  status: ConnectionStatus;
  /** A sentence a person can act on, e.g. why the PBX is offline. */
  message: string;
  /** Epoch milliseconds of the last change. */
  since: number;
}

// ---- Commands ---------------------------------------------------------------------------------------

/** The argument schema of every command. `z.undefined()` for commands that take none. */
export const commandArgs = {
  'app:info': z.undefined(),
  'connection:get': z.undefined(),
  'settings:get': z.undefined(),
  'settings:save': SettingsSaveArgsSchema,
  'connection:test': ConnectionDraftSchema,
  'directory:phones': DirectoryPhonesArgsSchema,
  'users:check': UsersCheckArgsSchema,
  'certificate:inspect': CertificateInspectArgsSchema,
  'calls:dial': CallsDialArgsSchema,
  'calls:control': CallsControlArgsSchema,
  'calls:list': z.undefined(),
  'dial:resolve': DialResolveArgsSchema,
  'dial:recent': z.undefined(),
  'history:list': HistoryListArgsSchema,
  'history:markSeen': HistoryMarkSeenArgsSchema,
  'history:search': HistorySearchArgsSchema,
  'review:get': ReviewGetArgsSchema,
  'review:open': ReviewOpenArgsSchema,
  'wrapup:get': WrapUpGetArgsSchema,
  'wrapup:save': WrapUpSaveArgsSchema,
  'wrapup:pending': z.undefined(),
  'wrapup:discard': WrapUpDiscardArgsSchema,
  'directory:search': DirectorySearchArgsSchema,
  'directory:person': DirectoryRecordArgsSchema,
  'directory:company': DirectoryRecordArgsSchema,
  'directory:createPerson': DirectoryCreatePersonArgsSchema,
  'directory:updateContacts': DirectoryUpdateContactsArgsSchema,
  'sync:run': z.undefined(),
  'sync:cancel': z.undefined(),
  'sync:status': z.undefined(),
} as const satisfies Record<CommandChannel, z.ZodType>;

export interface Commands {
  'app:info': { args: undefined; result: AppInfo };
  /** The current connection state, for a window that subscribes after it last changed. */
  'connection:get': { args: undefined; result: ConnectionState };
  /** The settings, where the secret is kept and whether one is stored; never the secret. */
  'settings:get': { args: undefined; result: SettingsView };
  /** Validated; a new secret goes to the secret store only. Field errors come back, nothing is lost. */
  'settings:save': { args: SettingsSaveArgs; result: SettingsSaveResult };
  /** Unsaved connection values: a token, then GET /status; each failure with its own message. */
  'connection:test': { args: ConnectionDraft; result: ConnectionTestResult };
  /** Extensions of type phone for the phone picker, from the active PBX or from unsaved values. */
  'directory:phones': { args: DirectoryPhonesArgs; result: PhoneChoice[] };
  /** Whether the agent username is a user of the PBX. */
  'users:check': { args: UsersCheckArgs; result: AgentCheckResult };
  /** Subject, issuer, fingerprint and expiry of a PEM certificate chosen in Settings. */
  'certificate:inspect': { args: { pem: string }; result: CertificateSummary };
  /** The one dial path (docs/calls.md): reads the number with the default country, POST /call. */
  'calls:dial': { args: CallsDialArgs; result: DialResult };
  /** Answer, hold, resume or hang up; `calls:changed` shows it at once and rolls back on refusal. */
  'calls:control': { args: CallsControlArgs; result: { message: string } };
  /** The ongoing calls now (then follow `calls:changed`). */
  'calls:list': { args: undefined; result: CallView[] };
  /** The dial pad's preview: the normalised number and who it belongs to, from the local directory. */
  'dial:resolve': { args: DialResolveArgs; result: DialPreview };
  /** Numbers dialled recently, newest first, at most 20. */
  'dial:recent': { args: undefined; result: RecentNumber[] };
  /** The call history, newest first, keyset-paginated (docs/history-and-review.md). */
  'history:list': { args: HistoryListArgs; result: HistoryPage };
  /** Clears the missed-calls badge (for the given missed calls, or all); resolves to the new count. */
  'history:markSeen': { args: HistoryMarkSeenArgs; result: { missedUnseen: number } };
  /** Full-text search over transcripts, summaries and notes; a transcript hit names its segment. */
  'history:search': { args: HistorySearchArgs; result: HistorySearchResult };
  /** The review of a call from the cache (fetched from the PBX when missing, or with `refresh`). */
  'review:get': { args: ReviewGetArgs; result: CallReview };
  /** A call id pasted by the user: checked, fetched from the PBX; not-found when the PBX has no such call. */
  'review:open': { args: ReviewOpenArgs; result: CallReview };
  /** The wrap-up panel: dispositions, what was saved, the pending save, the call's metadata. */
  'wrapup:get': { args: WrapUpGetArgs; result: WrapUp };
  /** Saved locally at once, then written to the PBX by the outbox (follow `wrapup:changed`). */
  'wrapup:save': { args: WrapUpSaveArgs; result: WrapUpSaveResult };
  /** Every save not yet accepted by the PBX, oldest first. */
  'wrapup:pending': { args: undefined; result: PendingSave[] };
  /** Drops a pending (typically rejected) save; the local note stays. */
  'wrapup:discard': { args: WrapUpDiscardArgs; result: { discarded: boolean } };
  /** Search-as-you-type over the local cache, grouped; empty groups while no cache is open. */
  'directory:search': { args: DirectorySearchArgs; result: DirectorySearchResult };
  /** A person's card from the cache; not-found when the cache has no such person. */
  'directory:person': { args: DirectoryRecordArgs; result: PersonCard };
  /** A company's card from the cache; not-found when the cache has no such company. */
  'directory:company': { args: DirectoryRecordArgs; result: CompanyCard };
  /** POST /crm/person, then the person fetched back into the cache; field errors come back unsent. */
  'directory:createPerson': { args: DirectoryCreatePersonArgs; result: DirectorySaveResult };
  /** PATCH the whole contacts collection (it replaces the PBX's), then the cache updated at once. */
  'directory:updateContacts': { args: DirectoryUpdateContactsArgs; result: DirectorySaveResult };
  /** Starts a directory sync now unless one runs; follow `sync:progress`. */
  'sync:run': { args: undefined; result: SyncStatus };
  /** Stops the running sync; what it wrote is kept and the next sync resumes from there. */
  'sync:cancel': { args: undefined; result: SyncStatus };
  'sync:status': { args: undefined; result: SyncStatus };
}

export interface Events {
  'connection:state': ConnectionState;
  /** The user chose Help → About in the application menu: show the About panel. */
  'about:requested': null;
  /** Settings were saved, or the active PBX changed (demo ↔ configured). */
  'settings:changed': SettingsView;
  /** The ongoing calls after any change (state, optimistic request, rollback); [] when none. */
  'calls:changed': CallView[];
  /** A new inbound call is ringing: show the pop card (and the OS notification). */
  'screenpop:show': ScreenPop;
  /** The same card after the background refresh from the PBX (same `uniqueid`). */
  'screenpop:updated': ScreenPop;
  /** A `tel:` link or the shortcut asks to dial: confirm (Enter) or cancel (Esc). */
  'dial:requested': DialRequest;
  /** The user clicked the OS notification of this pop: show its card and move the keyboard focus to it. */
  'screenpop:focus': { uniqueid: string };
  /** Calls were added to or changed in the history; carries the missed-calls badge. */
  'history:changed': HistoryChanged;
  /** A stored review changed (record fetched, transcription done, gave up): call `review:get` again. */
  'review:updated': { uniqueid: string };
  /** A wrap-up save moved through the outbox (sending, retrying, rejected, written). */
  'wrapup:changed': WrapUpChanged;
  /** A call of the agent's phone ended: open the wrap-up panel for it. */
  'call:ended': CallEnded;
  /** The directory sync's status: at its start and end, and at most five times a second while it runs. */
  'sync:progress': SyncStatus;
}

export type CommandArgs<C extends CommandChannel> = Commands[C]['args'];
export type CommandResult<C extends CommandChannel> = Commands[C]['result'];

/** What AppCore implements: one async method per command, arguments already validated. */
export type CommandHandlers = {
  [C in CommandChannel]: (args: CommandArgs<C>) => Promise<CommandResult<C>>;
};

// ---- Errors and results across IPC ------------------------------------------------------------------

/** Stable error codes a renderer may branch on. Never a stack trace. */
export const ErrorCodeSchema = z.enum([
  'invalid-argument',
  'unknown-command',
  'forbidden-sender',
  'not-configured',
  'auth-failed',
  'not-found',
  'permission-denied',
  'business-error',
  'validation-failed',
  'network-error',
  'timeout',
  'server-error',
  'internal',
]);
export type ErrorCode = z.infer<typeof ErrorCodeSchema>;

export interface IpcError {
  code: ErrorCode;
  message: string;
}

/** Every command resolves to this envelope, so errors keep their code across contextBridge. */
export type IpcResult<T> = { ok: true; value: T } | { ok: false; error: IpcError };

// ---- window.ringside --------------------------------------------------------------------------------

type ArgsTuple<C extends CommandChannel> = CommandArgs<C> extends undefined ? [] : [args: CommandArgs<C>];

/** The exact type of `window.ringside`, exposed by the preload (and by the e2e harness). */
export interface RendererApi {
  invoke<C extends CommandChannel>(channel: C, ...args: ArgsTuple<C>): Promise<IpcResult<CommandResult<C>>>;
  on<E extends EventChannel>(channel: E, listener: (payload: Events[E]) => void): () => void;
}

// Compile-time check: the channel lists and the maps above name the same channels.
type Exact<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const commandsMatch: Exact<keyof Commands, CommandChannel> = true;
const eventsMatch: Exact<keyof Events, EventChannel> = true;
void commandsMatch;
void eventsMatch;
