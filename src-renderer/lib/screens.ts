/**
 * The screens the navigation offers, in order. Only screens that work belong here: the app never shows a
 * screen that is not built yet. To add one, write `views/<Name>View.svelte`, give it an icon in
 * `components/icons.ts`, and add an entry below (`section: 'work'` for the agent's screens, `'app'` for
 * Settings, Keyboard shortcuts and About, which sit at the bottom of the sidebar). The first entry is the
 * start screen.
 */
import type { Component } from 'svelte';
import type { MessageKey } from '../../src-main/shared/i18n';
import type { IconName } from '../components/icons';
import DialView from '../views/DialView.svelte';
import { MissedCallsBadge } from './state/history.svelte';
import { WaitingCallersBadge } from './state/queues.svelte';
import type { ScreenBadge } from './screenBadge';
import { t } from './i18n.svelte';
import { lazyView } from './lazyView';
import { SHORTCUTS_SCREEN_ID, SHOW_SHORTCUTS_KEY } from './shortcuts';

// Every screen but the first loads when it is first shown (lazyView.ts): the first screen's JavaScript stays
// small (test/bench/bundleSize.bench.ts).
const AboutView = lazyView(() => import('../views/AboutView.svelte'));
const AdminView = lazyView(() => import('../views/AdminView.svelte'));
const CallsView = lazyView(() => import('../views/CallsView.svelte'));
const DirectoryView = lazyView(() => import('../views/DirectoryView.svelte'));
const HistoryView = lazyView(() => import('../views/HistoryView.svelte'));
const QueueBoardView = lazyView(() => import('../views/QueueBoardView.svelte'));
const QueuesView = lazyView(() => import('../views/QueuesView.svelte'));
const SettingsView = lazyView(() => import('../views/SettingsView.svelte'));
const ShortcutsView = lazyView(() => import('../views/ShortcutsView.svelte'));

export interface ScreenDefinition {
  /** Also the URL fragment: `#/<id>`. */
  id: string;
  /** In the language in use: read it where it is shown (markup, `$derived`), and it follows a switch. */
  readonly label: string;
  icon: IconName;
  section: 'work' | 'app';
  view: Component;
  /** A count beside the entry (e.g. missed calls); App creates one per mount and starts it. */
  badge?: () => ScreenBadge;
  /** The keys that open it from anywhere (`aria-keyshortcuts`), when it has any. */
  keyshortcuts?: string;
}

type ScreenEntry = Omit<ScreenDefinition, 'label'> & { labelKey: MessageKey };

/** A screen whose label is worded each time it is read. */
function screen({ labelKey, ...entry }: ScreenEntry): ScreenDefinition {
  return {
    ...entry,
    get label(): string {
      return t(labelKey);
    },
  };
}

export type { ScreenBadge } from './screenBadge';

export const screens: readonly [ScreenDefinition, ...ScreenDefinition[]] = [
  screen({ id: 'dial', labelKey: 'app.screenDial', icon: 'dial', section: 'work', view: DialView }),
  screen({ id: 'calls', labelKey: 'app.screenCalls', icon: 'calls', section: 'work', view: CallsView }),
  screen({
    id: 'queues',
    labelKey: 'app.screenQueues',
    icon: 'queues',
    section: 'work',
    view: QueuesView,
    badge: () => new WaitingCallersBadge(),
  }),
  screen({
    id: 'queue-board',
    labelKey: 'app.screenQueueBoard',
    icon: 'board',
    section: 'work',
    view: QueueBoardView,
  }),
  screen({
    id: 'directory',
    labelKey: 'app.screenDirectory',
    icon: 'directory',
    section: 'work',
    view: DirectoryView,
  }),
  screen({
    id: 'history',
    labelKey: 'app.screenHistory',
    icon: 'history',
    section: 'work',
    view: HistoryView,
    badge: () => new MissedCallsBadge(),
  }),
  screen({
    id: 'settings',
    labelKey: 'app.screenSettings',
    icon: 'settings',
    section: 'app',
    view: SettingsView,
  }),
  screen({
    id: SHORTCUTS_SCREEN_ID,
    labelKey: 'app.screenShortcuts',
    icon: 'keyboard',
    section: 'app',
    view: ShortcutsView,
    keyshortcuts: SHOW_SHORTCUTS_KEY,
  }),
  screen({ id: 'about', labelKey: 'app.screenAbout', icon: 'about', section: 'app', view: AboutView }),
];

/** The team server's admin page: in the navigation only when `admin:access` says this is an administrator. */
export const adminScreen: ScreenDefinition = screen({
  id: 'admin',
  labelKey: 'admin.title',
  icon: 'settings',
  section: 'app',
  view: AdminView,
});

/** The screens offered: with the admin page before About when this window has one. */
export function screensWith(admin: boolean): readonly [ScreenDefinition, ...ScreenDefinition[]] {
  if (!admin) return screens;
  const [first, ...rest] = screens;
  return [first, ...rest.slice(0, -1), adminScreen, ...rest.slice(-1)];
}
