/**
 * The tray menu as data: the connection state, dialling the number on the clipboard, the last five numbers
 * to redial, hanging up the active call, the agent's queues (trayQueues.ts), showing the window and
 * quitting. Pure, so every state is
 * unit-tested without Electron; tray.ts turns the model into a Menu and runs the actions.
 */
import type {
  CallPartyView,
  CallView,
  ConnectionState,
  ConnectionStatus,
  QueuesView,
  RecentNumber,
} from '../shared/contract';
import { t, type MessageKey } from '../shared/i18n';
import { queueMenuSection, type TrayQueueAction } from './trayQueues';

export type TrayAction =
  | { type: 'dial'; number: string }
  | { type: 'answer'; uniqueid: string }
  | { type: 'hangup'; uniqueid: string }
  | { type: 'show-history' }
  | { type: 'show-window' }
  | { type: 'quit' }
  | TrayQueueAction;

/** What a menu item does: a tray action, or dialling the copied text, read only then (tray.ts does it). */
export type TrayMenuAction = TrayAction | { type: 'dial-clipboard' };

export type TrayMenuItem =
  | { kind: 'info'; label: string }
  | { kind: 'action'; label: string; action: TrayMenuAction }
  | { kind: 'disabled'; label: string }
  | { kind: 'submenu'; label: string; items: TrayMenuItem[] }
  | { kind: 'separator' };

/** A number found on the clipboard, read by the dial path (`dial:resolve`). */
export interface ClipboardNumber {
  dial: string;
  display: string;
  /** The directory's owner of the number, when known. */
  name: string | null;
}

export interface TrayMenuInput {
  connection: ConnectionState;
  calls: readonly CallView[];
  recent: readonly RecentNumber[];
  /** The agent's queues (absent where the core offers none). */
  queues?: QueuesView;
  /**
   * The number on the clipboard, read as the menu opens; null when it holds none; `unread` where the
   * menu opens without the app hearing of it first (Linux), so the text is read only when chosen.
   */
  clipboard: ClipboardNumber | null | 'unread';
  /** Missed calls the agent has not seen in the history yet. */
  missedUnseen?: number;
}

export const TRAY_REDIAL_COUNT = 5;
/** Menu lines longer than this are cut: a tray menu is not the place for a paragraph. */
const MAX_LABEL_LENGTH = 72;

const STATUS_LABELS: Record<ConnectionStatus, MessageKey> = {
  connected: 'tray.statusConnected',
  connecting: 'tray.statusConnecting',
  offline: 'tray.statusOffline',
  'credentials-rejected': 'tray.statusCredentialsRejected',
  unconfigured: 'tray.statusUnconfigured',
};

/** The state in a word or two, in the language in use. */
export function statusLabel(status: ConnectionStatus): string {
  return t(STATUS_LABELS[status]);
}

function shorten(text: string): string {
  return text.length <= MAX_LABEL_LENGTH ? text : `${text.slice(0, MAX_LABEL_LENGTH - 1).trimEnd()}…`;
}

/** Who is on the other end, as the tray says it: the directory's name, the PBX's, else the number. */
export function partyName(remote: CallPartyView): string {
  return remote.match?.name || remote.pbxName.trim() || remote.display;
}

/** "Connected to pbx.example.com." or "Offline: The PBX did not answer. Retrying in 8 s." */
export function connectionLine(connection: ConnectionState): string {
  const status = statusLabel(connection.status);
  if (!connection.message) return status;
  const selfExplaining = connection.status === 'connected' || connection.status === 'connecting';
  return shorten(
    selfExplaining
      ? connection.message
      : t('tray.statusWithMessage', { status, message: connection.message }),
  );
}

/** The call "Hang up" acts on: the one whose actions offer it (the call the PBX would hang up). */
export function hangUpTarget(calls: readonly CallView[]): CallView | undefined {
  return calls.find((call) => call.actions.includes('hangup') && call.pending !== 'hangup');
}

/** The call "Answer" acts on: a ringing call whose actions offer it. */
export function answerTarget(calls: readonly CallView[]): CallView | undefined {
  return calls.find((call) => call.actions.includes('answer') && call.pending !== 'answer');
}

function clipboardItem(clipboard: TrayMenuInput['clipboard']): TrayMenuItem {
  if (clipboard === 'unread') {
    return { kind: 'action', label: t('tray.dialCopiedNumber'), action: { type: 'dial-clipboard' } };
  }
  if (!clipboard) return { kind: 'disabled', label: t('tray.dialClipboardNone') };
  const label = clipboard.name
    ? t('tray.dialClipboardOwner', { number: clipboard.display, name: clipboard.name })
    : t('tray.dialClipboard', { number: clipboard.display });
  return {
    kind: 'action',
    label: shorten(label),
    action: { type: 'dial', number: clipboard.dial },
  };
}

function redialItems(recent: readonly RecentNumber[]): TrayMenuItem[] {
  const items = recent.slice(0, TRAY_REDIAL_COUNT).map((number): TrayMenuItem => ({
    kind: 'action',
    label: shorten(number.name ? `${number.name} · ${number.display}` : number.display),
    action: { type: 'dial', number: number.dial },
  }));
  return items.length > 0 ? items : [{ kind: 'disabled', label: t('tray.noRecentNumbers') }];
}

/** While a call rings: Answer it (no Decline: the API cannot reject, and a hang-up could drop another call). */
function answerItems(calls: readonly CallView[]): TrayMenuItem[] {
  const ringing = answerTarget(calls);
  if (!ringing) return [];
  const label = shorten(t('actions.trayAnswer', { caller: partyName(ringing.remote) }));
  return [
    { kind: 'action', label, action: { type: 'answer', uniqueid: ringing.uniqueid } },
    { kind: 'separator' },
  ];
}

/** The missed calls not seen yet, which open the history. */
function missedItems(missedUnseen = 0): TrayMenuItem[] {
  if (missedUnseen <= 0) return [];
  return [
    {
      kind: 'action',
      label: t('actions.trayMissed', { count: missedUnseen }),
      action: { type: 'show-history' },
    },
  ];
}

export function trayMenuModel(input: TrayMenuInput): TrayMenuItem[] {
  const target = hangUpTarget(input.calls);
  return [
    { kind: 'info', label: connectionLine(input.connection) },
    { kind: 'separator' },
    ...answerItems(input.calls),
    ...missedItems(input.missedUnseen),
    clipboardItem(input.clipboard),
    { kind: 'submenu', label: t('tray.redial'), items: redialItems(input.recent) },
    ...(target
      ? [
          {
            kind: 'action',
            label: shorten(
              t('tray.hangUpCall', { name: partyName(target.remote), state: target.stateLabel }),
            ),
            action: { type: 'hangup', uniqueid: target.uniqueid },
          } satisfies TrayMenuItem,
        ]
      : []),
    ...queueSection(input.queues),
    { kind: 'separator' },
    { kind: 'action', label: t('tray.showApp'), action: { type: 'show-window' } },
    { kind: 'action', label: t('tray.quitApp'), action: { type: 'quit' } },
  ];
}

function queueSection(queues: QueuesView | undefined): TrayMenuItem[] {
  const items = queueMenuSection(queues);
  return items.length > 0 ? [{ kind: 'separator' }, ...items] : [];
}

/** The tray icon's tooltip: the state, the call in progress if there is one, the callers waiting. */
export function trayTooltip(
  input: Pick<TrayMenuInput, 'connection' | 'calls' | 'queues' | 'missedUnseen'>,
): string {
  const call = input.calls[0];
  const parts = [t('tray.tooltipStatus', { status: statusLabel(input.connection.status) })];
  if (input.missedUnseen) parts.push(t('actions.trayMissed', { count: input.missedUnseen }));
  const waiting = input.queues?.waiting ?? 0;
  if (waiting > 0) parts.push(t('tray.tooltipWaiting', { count: waiting }));
  if (call) parts.push(t('tray.tooltipCall', { state: call.stateLabel, name: partyName(call.remote) }));
  return shorten(parts.join(' · '));
}
