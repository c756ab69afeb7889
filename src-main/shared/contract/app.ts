/** The app-wide part of the contract: what is running, and the state of the connection to the PBX. */
import { z } from 'zod';
import type { DisplayLocale, LanguageChoice, Locale } from '../i18n/locales';
import { command, event } from './define';

export const AppModeSchema = z.enum(['demo', 'configured', 'unconfigured']);
export type AppMode = z.infer<typeof AppModeSchema>;

/** Which host carries the app: the Electron desktop app, or the browser host on 127.0.0.1. */
export type AppHost = 'desktop' | 'browser';

export interface AppInfo {
  name: string;
  version: string;
  platform: string;
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
  /**
   * Connected, but the phone's calls cannot be read (the PBX answers GET /call with something Ringside cannot
   * use): no screen-pop until this clears. Main's sentence; the monitor keeps trying with backoff.
   */
  callsProblem?: string;
}

/** The language in use and why: the agent's choice, and what Automatic would pick. */
export interface LocaleState {
  locale: DisplayLocale;
  choice: LanguageChoice;
  /** The language Automatic resolves to now (shown beside "Automatic" in Settings). */
  automatic: Locale;
}

export const appCommands = {
  'app:info': command(z.undefined()).returns<AppInfo>(),
  /** The current connection state, for a window that subscribes after it last changed. */
  'connection:get': command(z.undefined()).returns<ConnectionState>(),
  /** "Try again" while offline: checks the PBX now (not after the backoff); resolves with the new state. */
  'connection:retry': command(z.undefined()).returns<ConnectionState>(),
  /** The language in use, for a window that subscribes after it last changed. */
  'locale:get': command(z.undefined()).returns<LocaleState>(),
};

export const appEvents = {
  'connection:state': event<ConnectionState>(),
  /** The user chose Help → About in the application menu: show the About panel. */
  'about:requested': event<null>(),
  /** Main asks the window to show a screen: the tray's missed calls open the History's missed calls. */
  'screen:show': event<{ screen: 'history'; filter?: 'missed' }>(),
  /** The language in use changed (Settings ▸ Language, or Automatic followed the agent's PBX locale). */
  'locale:changed': event<LocaleState>(),
};
