import type { SettingsView } from '../../../src-main/shared/contract';
import { invoke, subscribe } from '../ringside';

/** Which PBX the app runs against (the demo PBX or the configured one), for the banners. */
export class ActivePbxState {
  activeMode = $state<SettingsView['activeMode'] | null>(null);

  /** Asks once, then follows `settings:changed`; returns the function that stops. */
  start(): () => void {
    let heardEvent = false;
    const unsubscribe = subscribe('settings:changed', (view) => {
      heardEvent = true;
      this.activeMode = view.activeMode;
    });
    invoke('settings:get').then(
      (view) => {
        if (!heardEvent) this.activeMode = view.activeMode;
      },
      // The banner is a hint: without an answer it stays hidden, and Settings shows the error.
      () => {},
    );
    return unsubscribe;
  }
}
