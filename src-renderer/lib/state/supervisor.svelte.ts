/**
 * The admin page's supervisor view (team server only, docs/team-server.md "Administration"): read every
 * 2 s while the page is shown and the window visible, at once when it becomes visible again, and never
 * while hidden. One read at a time: the next is scheduled when the last one answered. The last good view
 * stays shown when a read fails.
 */
import type { AdminSupervisorView } from '../../../src-main/shared/contract';
import { describeError, type ErrorDescription } from '../errors';
import { invoke } from '../ringside';

export const SUPERVISOR_REFRESH_MS = 2000;

export class SupervisorState {
  view = $state.raw<AdminSupervisorView | null>(null);
  loadError = $state.raw<ErrorDescription | null>(null);

  async load(): Promise<void> {
    try {
      this.view = await invoke('admin:supervisor');
      this.loadError = null;
    } catch (error) {
      this.loadError = describeError(error);
    }
  }

  /** Reads now and every 2 s while the document is visible; returns the stop. */
  start(): () => void {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let running = false;
    let stopped = false;
    const visible = () => document.visibilityState !== 'hidden';
    const tick = async (): Promise<void> => {
      timer = undefined;
      if (stopped || running || !visible()) return;
      running = true;
      try {
        await this.load();
      } finally {
        running = false;
      }
      if (!stopped && visible()) timer = setTimeout(() => void tick(), SUPERVISOR_REFRESH_MS);
    };
    const onVisibility = (): void => {
      if (!visible()) {
        clearTimeout(timer);
        timer = undefined;
      } else if (timer === undefined) {
        void tick();
      }
    };
    document.addEventListener('visibilitychange', onVisibility);
    void tick();
    return () => {
      stopped = true;
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }
}
