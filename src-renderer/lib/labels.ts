/** Words the UI shows for contract values, kept in one place so every screen says the same thing. */
import type { AppMode, ConnectionStatus } from '../../src-main/shared/contract';
import type { MessageKey } from '../../src-main/shared/i18n';

/** How a state feels to the user; each tone has its own colour token, always shown beside text. */
export type Tone = 'positive' | 'progress' | 'warning' | 'critical' | 'neutral';

/** Each connection status: its label's key (worded where shown, so it follows a language switch) and tone. */
export const connectionStatusText: Record<ConnectionStatus, { labelKey: MessageKey; tone: Tone }> = {
  connected: { labelKey: 'app.statusConnected', tone: 'positive' },
  connecting: { labelKey: 'app.statusConnecting', tone: 'progress' },
  offline: { labelKey: 'app.statusOffline', tone: 'warning' },
  'credentials-rejected': { labelKey: 'app.statusCredentialsRejected', tone: 'critical' },
  unconfigured: { labelKey: 'app.statusUnconfigured', tone: 'neutral' },
};

export const appModeText: Record<AppMode, MessageKey> = {
  demo: 'app.modeDemo',
  configured: 'app.modeConfigured',
  unconfigured: 'app.modeUnconfigured',
};

// i18n-exempt: operating systems' own names, the same in every language.
const platformNames: Record<string, string> = { linux: 'Linux', darwin: 'macOS', win32: 'Windows' };

/** "Linux" for Node's `linux`; any other platform id as reported. */
export function platformText(platform: string): string {
  return platformNames[platform] ?? platform;
}
