import type { SettingsView } from '../../../src-main/shared/contract';
import { invoke, subscribe } from '../ringside';
import { Followed } from './followed.svelte';

export type ActiveMode = SettingsView['activeMode'];

/** Which PBX the app runs against (the demo PBX or the configured one), for the banners. */
export function followActivePbx(): Followed<ActiveMode> {
  return new Followed({
    read: async () => (await invoke('settings:get')).activeMode,
    follow: (update) => subscribe('settings:changed', (view) => update(view.activeMode)),
  });
}
