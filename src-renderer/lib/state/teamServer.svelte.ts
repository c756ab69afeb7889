import type { TeamServerClientView } from '../../../src-main/shared/contract';
import { invoke, subscribe } from '../ringside';
import { Followed } from './followed.svelte';

/**
 * Where this computer's core runs (this computer, or a team server) and the team-server session, as the
 * main process reports it: asked for once, then followed. A host that cannot be a client (the browser host,
 * an older main process) leaves it unavailable.
 */
export function followTeamServer(
  onValue?: (view: TeamServerClientView, previous: TeamServerClientView | null) => void,
): Followed<TeamServerClientView> {
  return new Followed(
    {
      read: () => invoke('teamServer:get'),
      follow: (update) => subscribe('teamServer:changed', update),
    },
    onValue,
  );
}

/** The app runs on a team server: its connection state is the link to that server. */
export function runsOnTeamServer(view: TeamServerClientView | null): boolean {
  return view?.available === true && view.kind === 'team-server';
}
