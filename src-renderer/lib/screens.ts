/**
 * The screens the navigation offers, in order. Only screens that work belong here: the app never shows a
 * screen that is not built yet. To add one, write `views/<Name>View.svelte`, give it an icon in
 * `components/icons.ts`, and add an entry below (`section: 'work'` for the agent's screens, `'app'` for
 * Settings and About, which sit at the bottom of the sidebar). The first entry is the start screen.
 */
import type { Component } from 'svelte';
import type { IconName } from '../components/icons';
import DialView from '../views/DialView.svelte';
import { MissedCallsBadge } from './state/history.svelte';
import { WaitingCallersBadge } from './state/queues.svelte';
import type { ScreenBadge } from './screenBadge';
import { lazyView } from './lazyView';

// Every screen but the first loads when it is first shown (lazyView.ts): the first screen's JavaScript stays
// small (test/bench/bundleSize.bench.ts).
const AboutView = lazyView(() => import('../views/AboutView.svelte'));
const CallsView = lazyView(() => import('../views/CallsView.svelte'));
const DirectoryView = lazyView(() => import('../views/DirectoryView.svelte'));
const HistoryView = lazyView(() => import('../views/HistoryView.svelte'));
const QueueBoardView = lazyView(() => import('../views/QueueBoardView.svelte'));
const QueuesView = lazyView(() => import('../views/QueuesView.svelte'));
const SettingsView = lazyView(() => import('../views/SettingsView.svelte'));

export interface ScreenDefinition {
  /** Also the URL fragment: `#/<id>`. */
  id: string;
  label: string;
  icon: IconName;
  section: 'work' | 'app';
  view: Component;
  /** A count beside the entry (e.g. missed calls); App creates one per mount and starts it. */
  badge?: () => ScreenBadge;
}

export type { ScreenBadge } from './screenBadge';

export const screens: readonly [ScreenDefinition, ...ScreenDefinition[]] = [
  { id: 'dial', label: 'Dial', icon: 'dial', section: 'work', view: DialView },
  { id: 'calls', label: 'Calls', icon: 'calls', section: 'work', view: CallsView },
  {
    id: 'queues',
    label: 'My queues',
    icon: 'queues',
    section: 'work',
    view: QueuesView,
    badge: () => new WaitingCallersBadge(),
  },
  { id: 'queue-board', label: 'Queue board', icon: 'board', section: 'work', view: QueueBoardView },
  { id: 'directory', label: 'Directory', icon: 'directory', section: 'work', view: DirectoryView },
  {
    id: 'history',
    label: 'History',
    icon: 'history',
    section: 'work',
    view: HistoryView,
    badge: () => new MissedCallsBadge(),
  },
  { id: 'settings', label: 'Settings', icon: 'settings', section: 'app', view: SettingsView },
  { id: 'about', label: 'About', icon: 'about', section: 'app', view: AboutView },
];
