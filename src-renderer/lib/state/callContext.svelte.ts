/**
 * The key/value list of one ongoing call (docs/caller-context.md): its data at once, then its metadata when
 * the PBX lets the agent see it, ordered by Settings' "show first" keys.
 */
import type { CallContextView } from '../../../src-main/shared/contract';
import { invoke } from '../ringside';

export class CallContextState {
  context = $state.raw<CallContextView | null>(null);

  constructor(private readonly uniqueid: string) {}

  /** A failed read leaves the call's own data listed; the metadata line then says nothing. */
  async read(): Promise<void> {
    try {
      this.context = await invoke('calls:context', { uniqueid: this.uniqueid });
    } catch {
      this.context = null;
    }
  }
}
