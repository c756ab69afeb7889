/**
 * The calls part of the IPC contract: dialling, call control, the ongoing calls
 * as view models, the screen-pop card and the dial confirmation. docs/calls.md describes how the commands
 * and events fit together. The schemas check structure and size only (the renderer is untrusted); the
 * number itself is read by the main process with the configured default country.
 */
import { z } from 'zod';
import { command, event } from './define';
import type { CompanyLink, NumberMatch } from './directory';
import { UniqueIdArg } from './ids';
import { METADATA_KEY_MAX, NUMBER_TEXT_MAX } from '../limits';

/** What the user typed or pasted, a directory number, a `tel:` link's number: never more than this. */
/** The serialised `data` attached to a dialled call (it travels to the PBX as call metadata). */
const MAX_CALL_DATA_BYTES = 8 * 1024;

/** Every surface that can start a call; all of them lead to `calls:dial`. */
export const DIAL_SOURCES = ['dialpad', 'directory', 'history', 'tray', 'link', 'shortcut'] as const;
export const DialSourceSchema = z.enum(DIAL_SOURCES);
export type DialSource = z.infer<typeof DialSourceSchema>;

/** Surfaces whose number comes from outside the app (a web page, the selection): asked before dialling. */
export const UNTRUSTED_DIAL_SOURCES = ['link', 'shortcut'] as const satisfies readonly DialSource[];
export type UntrustedDialSource = (typeof UNTRUSTED_DIAL_SOURCES)[number];

/**
 * Why a number from a link or the shortcut is always confirmed, even with "Ask before dialling" off: an
 * emergency number, or one that costs money (see shared/dialCaution.ts).
 */
export const DIAL_CAUTIONS = [
  'emergency',
  'premium-rate',
  'shared-cost',
  'international-network',
  'foreign-country',
] as const;
export type DialCaution = (typeof DIAL_CAUTIONS)[number];

export const CALL_ACTIONS = ['answer', 'hold', 'resume', 'hangup'] as const;
export const CallActionSchema = z.enum(CALL_ACTIONS);
export type CallAction = z.infer<typeof CallActionSchema>;

const NumberText = z.string().max(NUMBER_TEXT_MAX, `at most ${NUMBER_TEXT_MAX} characters`);

export const CallDataSchema = z
  .record(z.string().min(1).max(METADATA_KEY_MAX), z.json())
  .refine((data) => JSON.stringify(data).length <= MAX_CALL_DATA_BYTES, {
    message: `call data must stay below ${MAX_CALL_DATA_BYTES} bytes as JSON`,
  });

export const CallsDialArgsSchema = z.strictObject({
  /** As the user wrote it: `+420 777 123 456`, `0777123456`, `201`, `(0)20 7946 0958 ext. 12`. */
  number: NumberText,
  /** Attached to the call on the PBX (POST /call `data`), e.g. the CRM record it was dialled from. */
  data: CallDataSchema.optional(),
  source: DialSourceSchema,
  /**
   * The `dial:requested` request this dial confirms (the confirmation window must name it): the main process
   * dials only a pending request's own number, once.
   */
  requestId: z.string().min(1).max(64).optional(),
});
export type CallsDialArgs = z.infer<typeof CallsDialArgsSchema>;

export const CallsControlArgsSchema = z.strictObject({
  uniqueid: UniqueIdArg,
  action: CallActionSchema,
});
export type CallsControlArgs = z.infer<typeof CallsControlArgsSchema>;

export const DialResolveArgsSchema = z.strictObject({ raw: NumberText });
export type DialResolveArgs = z.infer<typeof DialResolveArgsSchema>;

// ---- Numbers and who they belong to ---------------------------------------------------------------------

/** A number as Ringside reads it (see shared/numbers.ts). */
export interface NumberView {
  /** `+420 777 123 456`, `201`, `+1 212 555 0123 ext. 45`. */
  display: string;
  /** `+420777123456`: public numbers. */
  e164?: string;
  /** `201`: internal extensions, as dialled. */
  internal?: string;
  /** `45` from `ext. 45`; never dialled by the PBX, shown so the agent can key it in. */
  extension?: string;
}

/** The dial pad's preview and the link confirmation: what would be dialled, and whose number it is. */
export type DialPreview =
  | {
      ok: true;
      number: NumberView;
      /** Exactly what `calls:dial` sends as `to`. */
      dial: string;
      /** Owners from the local directory, best first; empty when unknown. */
      matches: NumberMatch[];
      /** Set when a link or the shortcut would always ask before dialling this number. */
      caution?: DialCaution;
      /** For `foreign-country`: the number's country (ISO 3166-1 alpha-2), when known. */
      cautionCountry?: string;
    }
  /** `reason` is empty for empty input (nothing to say yet). */
  | { ok: false; reason: string };

export interface DialResult {
  /** What was sent to the PBX as `to`. */
  dialled: string;
  number: NumberView;
  /** The PBX's confirmation text. */
  message: string;
}

export interface RecentNumber {
  /** What to dial again. */
  dial: string;
  display: string;
  /** The directory's name for it now (not when it was dialled); null when unknown. */
  name: string | null;
  /** Epoch ms. */
  lastDialledAt: number;
  source: DialSource;
}

/** `dial:requested`: a link or the shortcut asks to dial; the confirmation shows this (Enter dials). */
export interface DialRequest {
  /** Distinguishes repeated requests for the same number. */
  requestId: string;
  source: UntrustedDialSource;
  number: NumberView;
  /** Pass to `calls:dial` as `number` once the user confirms. */
  dial: string;
  /** The best owner from the local directory, or null. */
  match: NumberMatch | null;
  matches: NumberMatch[];
  /** Set for an emergency, premium-rate or shared-cost number: asked about even with the setting off. */
  caution?: DialCaution;
  /** For `foreign-country`: the number's country (ISO 3166-1 alpha-2), when known. */
  cautionCountry?: string;
}

// ---- Ongoing calls ---------------------------------------------------------------------------------------

export type CallDirection = 'inbound' | 'outbound';

/** `unknown` for codes outside the state table (shown as "unknown (N)"). */
export type CallStateView =
  'queued' | 'ringing' | 'dialing' | 'connected' | 'held' | 'idle' | 'ended' | 'unknown';

export interface CallPartyView {
  /** As the PBX presents it. */
  number: string;
  /** Formatted for people; the PBX's text when it is no phone number (`anonymous`). */
  display: string;
  /** The name the PBX sent with the number (may be empty). */
  pbxName: string;
  /** The best owner in the local directory. */
  match: NumberMatch | null;
}

/**
 * An action the PBX declined or could not be asked: the window words which action failed, and shows main's
 * sentence (the PBX's own text quoted as its answer, or why it could not be reached) as the detail.
 */
export interface CallNotice {
  action: CallAction;
  detail: string;
}

export interface CallView {
  uniqueid: string;
  direction: CallDirection;
  state: CallStateView;
  /** For people: "Ringing", "On hold", "Answering…", "unknown (9)". */
  stateLabel: string;
  /** An action sent and not yet confirmed by the PBX's next state (the optimistic part). */
  pending: CallAction | null;
  /** Why the last action was not done; cleared by the next action or state change. */
  notice: CallNotice | null;
  /** What the agent can do now (answer a ringing call, hold a connected one…). */
  actions: CallAction[];
  remote: CallPartyView;
  /** The inbound queue it came through, by name when the PBX gave one. */
  queue: { id: number; name: string | null } | null;
  /** Local epoch ms, corrected for the PBX's clock; null when unknown. For the call timer. */
  createdAt: number | null;
  connectedAt: number | null;
  /** The call's metadata (POST /call `data` and what integrations added). */
  data: Record<string, unknown>;
}

// ---- Screen-pop ------------------------------------------------------------------------------------------

export interface ScreenPopNumber {
  display: string;
  /** For a dial button; null when it cannot be dialled (`anonymous`). */
  dial: string | null;
  label: string;
}

export interface ScreenPopPerson {
  id: number;
  name: string;
  companies: CompanyLink[];
  numbers: ScreenPopNumber[];
  emails: string[];
  note: string;
  /** Epoch ms of the last fetch from the PBX; null while only the list entry is cached. */
  fetchedAt: number | null;
}

/** A call with this number from the history (filled once the history issue lands; empty until then). */
export interface ScreenPopRecentCall {
  uniqueid: string;
  direction: CallDirection;
  /** Epoch ms. */
  startedAt: number;
  durationSeconds: number;
  answered: boolean;
}

export interface ScreenPop {
  uniqueid: string;
  /** The caller's number. */
  number: NumberView & { raw: string; dial: string | null };
  /** What the PBX calls the caller. */
  callerName: string;
  queue: { id: number; name: string | null } | null;
  /** Best match: the person card when a person has the number. */
  person: ScreenPopPerson | null;
  /** The person's first company, or the company whose number it is. */
  company: { id: number; name: string } | null;
  /** A colleague (PBX user) or extension with this number. */
  user: { id: number; name: string; kind: 'user' | 'extension' } | null;
  /** Every owner, best first. */
  matches: NumberMatch[];
  recentCalls: ScreenPopRecentCall[];
  /** For unknown numbers: what the "Create contact" form starts with; null when the number is known. */
  createContact: { number: string } | null;
  /** false when shown from the cache; true after the background refresh from the PBX. */
  refreshed: boolean;
}

// ---- The team's CRM ---------------------------------------------------------------------------------------

export const CrmLinkArgsSchema = z.strictObject({
  uniqueid: UniqueIdArg,
  /** The person the pop card matched, for `{person_id}` and `{person_external_id}`; null when none. */
  personId: z.number().int().positive().nullable(),
  /** Open it now; false only reads it (to show whether the call has a CRM link). */
  open: z.boolean(),
});
export type CrmLinkArgs = z.infer<typeof CrmLinkArgsSchema>;

/**
 * An ongoing call's link in the contact center's CRM (docs/caller-context.md): `none` when neither the team
 * nor Settings has a template, `refused` with the reason when the template or the link is refused. `opened`:
 * the host opened it in the OS browser (the desktop app); false where the page opens it (the browser host).
 */
export type CrmLink =
  | { status: 'none' }
  | { status: 'refused'; problem: string }
  | { status: 'ready'; url: string; kind: 'call' | 'person'; source: 'settings' | 'team'; opened: boolean };

/**
 * An ongoing call's metadata for the pop card and the Calls screen: `shown` when the agent's `metadata`
 * permission allows it, else why not (docs/caller-context.md).
 */
export type CallMetadataView =
  | { status: 'shown'; metadata: Record<string, unknown> }
  | { status: 'not-permitted' | 'unavailable'; message: string };

/** The number outside parties see on the agent's calls (the agent's `clid_number`), for the Dial screen. */
export interface CallerNumberView {
  /** Formatted for people (`+420 224 812 345`), or as the PBX gives it. */
  display: string;
}

/** What the call's key/value list needs beyond the call's data: its metadata, and the keys shown first. */
export interface CallContextView {
  metadata: CallMetadataView;
  /** Settings' "show first" keys, in order. */
  firstKeys: string[];
}

export const callsCommands = {
  /** The call's metadata (GET /metadata/{uniqueid}, only when the agent may see it) and the keys shown first. */
  'calls:context': command(z.strictObject({ uniqueid: UniqueIdArg })).returns<CallContextView>(),
  /** The call's CRM link (`open`: and opens it in the OS browser where the host can; docs/caller-context.md). */
  'crm:link': command(CrmLinkArgsSchema).returns<CrmLink>(),
  /** The one dial path (docs/calls.md): reads the number with the default country, POST /call. */
  'calls:dial': command(CallsDialArgsSchema).changes<DialResult>(),
  /** Answer, hold, resume or hang up; `calls:changed` shows it at once and rolls back on refusal. */
  'calls:control': command(CallsControlArgsSchema).changes<{ message: string }>(),
  /** The ongoing calls now (then follow `calls:changed`). */
  'calls:list': command(z.undefined()).returns<CallView[]>(),
  /** The dial pad's preview: the normalised number and who it belongs to, from the local directory. */
  'dial:resolve': command(DialResolveArgsSchema).returns<DialPreview>(),
  /** The number outside parties see on the agent's calls; null when the PBX sets none or the agent is unknown. */
  'dial:callerNumber': command(z.undefined()).returns<CallerNumberView | null>(),
  /**
   * The agent's team's after-call time for inbound calls in seconds (`default_inbound_acw_timeout`), for the
   * wrap-up panel's countdown; null when the team sets none or the agent's team is unknown.
   */
  'calls:afterCallSeconds': command(z.undefined()).returns<number | null>(),
  /** Numbers dialled recently, newest first, at most 20. */
  'dial:recent': command(z.undefined()).returns<RecentNumber[]>(),
};

export const callsEvents = {
  /** The ongoing calls after any change (state, optimistic request, rollback); [] when none. */
  'calls:changed': event<CallView[]>(),
  /** A new inbound call is ringing: show the pop card (and the OS notification). */
  'screenpop:show': event<ScreenPop>(),
  /** The same card after the background refresh from the PBX (same `uniqueid`). */
  'screenpop:updated': event<ScreenPop>(),
  /** The user clicked the OS notification of this pop: show its card and move the keyboard focus to it. */
  'screenpop:focus': event<{ uniqueid: string }>(),
  /** A `tel:` link or the shortcut asks to dial: confirm (Enter) or cancel (Esc). */
  'dial:requested': event<DialRequest>(),
  /**
   * A `dial:requested` request was dialled from one of its confirmations: the others close (the browser
   * host shows one in every open tab, and the first answer wins).
   */
  'dial:settled': event<{ requestId: string }>(),
};
