import type { ConnectionState } from '../../../src-main/shared/contract';
import { invoke, subscribe } from '../ringside';
import { Followed } from './followed.svelte';

/** The PBX connection as the main process reports it: asked for once, then followed through events. */
export function followConnection(): Followed<ConnectionState> {
  return new Followed({
    read: () => invoke('connection:get'),
    follow: (update) => subscribe('connection:state', update),
  });
}
