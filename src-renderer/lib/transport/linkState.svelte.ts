/** The tab's link to the browser host as the banner shows it (wsTransport.ts reports each change). */
import type { LinkStatus } from './wsTransport';

export class LinkState {
  status = $state<LinkStatus>('connecting');

  /** `teamServer`: the page came from a team server (signing in again is done there, not by a new link). */
  constructor(readonly teamServer = false) {}
}
