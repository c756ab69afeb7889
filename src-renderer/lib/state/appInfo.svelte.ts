import type { AppInfo } from '../../../src-main/shared/contract';
import { describeError, type ErrorDescription } from '../errors';
import { invoke } from '../ringside';

/** Facts about the running app (name, version, runtime, mode), read once from the main process. */
export class AppInfoState {
  info = $state<AppInfo | null>(null);
  error = $state<ErrorDescription | null>(null);

  async load(): Promise<void> {
    try {
      this.info = await invoke('app:info');
      this.error = null;
    } catch (error) {
      this.error = describeError(error);
    }
  }
}
