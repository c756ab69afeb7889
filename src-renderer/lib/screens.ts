/**
 * The screens the navigation offers, in order. Only screens that work belong here: the app never shows a
 * screen that is not built yet. To add one, write `views/<Name>View.svelte`, give it an icon in
 * `components/icons.ts`, and add an entry below (`section: 'work'` for the agent's screens, `'app'` for
 * Settings and About, which sit at the bottom of the sidebar). The first entry is the start screen.
 */
import type { Component } from 'svelte';
import type { IconName } from '../components/icons';
import AboutView from '../views/AboutView.svelte';

export interface ScreenDefinition {
  /** Also the URL fragment: `#/<id>`. */
  id: string;
  label: string;
  icon: IconName;
  section: 'work' | 'app';
  view: Component;
}

export const screens: readonly [ScreenDefinition, ...ScreenDefinition[]] = [
  { id: 'about', label: 'About', icon: 'about', section: 'app', view: AboutView },
];
