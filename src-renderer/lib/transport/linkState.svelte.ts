/** The tab's link to the browser host as the banner shows it (wsTransport.ts reports each change). */
import type { LinkStatus } from './wsTransport';

export class LinkState {
  status = $state<LinkStatus>('connecting');
}
