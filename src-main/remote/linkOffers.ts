/**
 * `ringside:` enrollment links the OS handed over, waiting for the agent's yes. A web page can open such a
 * link, so using it unasked would sign this computer in to whatever server the page chose (login CSRF): the
 * window shows the server it names and only `teamServer:acceptOffer` uses it. An offer lapses after a while,
 * and only the latest few are kept (a page opening links in a loop cannot fill memory).
 */
import { randomUUID } from 'node:crypto';
import type { Clock } from '../shared/clock';

export const OFFER_LIFETIME_MS = 10 * 60_000;
const MAX_OFFERS = 3;

interface Offer {
  link: string;
  at: number;
}

export class LinkOffers {
  private readonly offers = new Map<string, Offer>();

  constructor(private readonly clock: Clock) {}

  /** Keeps the link; the id to accept or dismiss it with. */
  add(link: string): string {
    const offerId = randomUUID();
    this.offers.set(offerId, { link, at: this.clock.now() });
    while (this.offers.size > MAX_OFFERS) this.offers.delete(this.offers.keys().next().value!);
    return offerId;
  }

  /** The link of a live offer, removed; undefined when unknown or lapsed. */
  take(offerId: string): string | undefined {
    const offer = this.offers.get(offerId);
    this.offers.delete(offerId);
    if (!offer || this.clock.now() - offer.at > OFFER_LIFETIME_MS) return undefined;
    return offer.link;
  }
}
