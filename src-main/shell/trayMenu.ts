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
import { queueMenuSection, waitingText, type TrayQueueAction } from './trayQueues';

export type TrayAction =
  | { type: 'dial'; number: string }
  | { type: 'hangup'; uniqueid: string }
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
}

export const TRAY_REDIAL_COUNT = 5;
/** Menu lines longer than this are cut: a tray menu is not the place for a paragraph. */
const MAX_LABEL_LENGTH = 72;

const STATUS_LABELS: Record<ConnectionStatus, string> = {
  connected: 'Connected',
  connecting: 'Connecting',
  offline: 'Offline',
  'credentials-rejected': 'Credentials rejected',
  unconfigured: 'Not configured',
};

function shorten(text: string): string {
  return text.length <= MAX_LABEL_LENGTH ? text : `${text.slice(0, MAX_LABEL_LENGTH - 1).trimEnd()}…`;
}

/** Who is on the other end, as the tray says it: the directory's name, the PBX's, else the number. */
export function partyName(remote: CallPartyView): string {
  return remote.match?.name || remote.pbxName.trim() || remote.display;
}

/** "Connected to pbx.example.com." or "Offline: The PBX did not answer. Retrying in 8 s." */
export function connectionLine(connection: ConnectionState): string {
  const label = STATUS_LABELS[connection.status];
  if (!connection.message) return label;
  const selfExplaining = connection.status === 'connected' || connection.status === 'connecting';
  return shorten(selfExplaining ? connection.message : `${label}: ${connection.message}`);
}

/** The call "Hang up" acts on: the one whose actions offer it (the call the PBX would hang up). */
export function hangUpTarget(calls: readonly CallView[]): CallView | undefined {
  return calls.find((call) => call.actions.includes('hangup') && call.pending !== 'hangup');
}

function clipboardItem(clipboard: TrayMenuInput['clipboard']): TrayMenuItem {
  if (clipboard === 'unread') {
    return { kind: 'action', label: 'Dial the copied number', action: { type: 'dial-clipboard' } };
  }
  if (!clipboard) return { kind: 'disabled', label: 'Dial clipboard number (no number copied)' };
  const owner = clipboard.name ? ` (${clipboard.name})` : '';
  return {
    kind: 'action',
    label: shorten(`Dial ${clipboard.display}${owner}`),
    action: { type: 'dial', number: clipboard.dial },
  };
}

function redialItems(recent: readonly RecentNumber[]): TrayMenuItem[] {
  const items = recent.slice(0, TRAY_REDIAL_COUNT).map((number): TrayMenuItem => ({
    kind: 'action',
    label: shorten(number.name ? `${number.name} · ${number.display}` : number.display),
    action: { type: 'dial', number: number.dial },
  }));
  return items.length > 0 ? items : [{ kind: 'disabled', label: 'No numbers dialled yet' }];
}

export function trayMenuModel(input: TrayMenuInput): TrayMenuItem[] {
  const target = hangUpTarget(input.calls);
  return [
    { kind: 'info', label: connectionLine(input.connection) },
    { kind: 'separator' },
    clipboardItem(input.clipboard),
    { kind: 'submenu', label: 'Redial', items: redialItems(input.recent) },
    ...(target
      ? [
          {
            kind: 'action',
            label: shorten(`Hang up ${partyName(target.remote)} (${target.stateLabel})`),
            action: { type: 'hangup', uniqueid: target.uniqueid },
          } satisfies TrayMenuItem,
        ]
      : []),
    ...queueSection(input.queues),
    { kind: 'separator' },
    { kind: 'action', label: 'Show Ringside', action: { type: 'show-window' } },
    { kind: 'action', label: 'Quit Ringside', action: { type: 'quit' } },
  ];
}

function queueSection(queues: QueuesView | undefined): TrayMenuItem[] {
  const items = queueMenuSection(queues);
  return items.length > 0 ? [{ kind: 'separator' }, ...items] : [];
}

/** The tray icon's tooltip: the state, the call in progress if there is one, the callers waiting. */
export function trayTooltip(input: Pick<TrayMenuInput, 'connection' | 'calls' | 'queues'>): string {
  const call = input.calls[0];
  const state = `Ringside: ${STATUS_LABELS[input.connection.status]}`;
  const waiting = waitingText(input.queues);
  const parts = [state];
  if (waiting) parts.push(`${waiting} in your queues`);
  if (call) parts.push(`${call.stateLabel}: ${partyName(call.remote)}`);
  return shorten(parts.join(' · '));
}
