/** Words the UI shows for contract values, kept in one place so every screen says the same thing. */
import type { AppMode, ConnectionStatus } from '../../src-main/shared/contract';

/** How a state feels to the user; each tone has its own colour token, always shown beside text. */
export type Tone = 'positive' | 'progress' | 'warning' | 'critical' | 'neutral';

export const connectionStatusText: Record<ConnectionStatus, { label: string; tone: Tone }> = {
  connected: { label: 'Connected', tone: 'positive' },
  connecting: { label: 'Connecting…', tone: 'progress' },
  offline: { label: 'Offline', tone: 'warning' },
  'credentials-rejected': { label: 'Credentials rejected', tone: 'critical' },
  unconfigured: { label: 'Not configured', tone: 'neutral' },
};

export const appModeText: Record<AppMode, string> = {
  demo: 'Demo PBX',
  configured: 'Your PBX',
  unconfigured: 'Not configured',
};

const platformNames: Record<string, string> = { linux: 'Linux', darwin: 'macOS', win32: 'Windows' };

/** "Linux" for Node's `linux`; any other platform id as reported. */
export function platformText(platform: string): string {
  return platformNames[platform] ?? platform;
}
