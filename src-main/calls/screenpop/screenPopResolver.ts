/**
 * The screen-pop: when a new inbound call rings, who is calling, from the local directory at once (one
 * SQLite lookup, no network: this is the hot path), then the matched person refreshed from the PBX in the
 * background (GET /crm/person/{id} → cache) and the card updated when that changed anything.
 */
import type { Person } from '../../api/schemas';
import { CONTACT_TYPES } from '../../api/schemas';
import { isNotFound, type PersonCard } from '../../cache';
import type { NumberMatch, ScreenPop, ScreenPopPerson, ScreenPopRecentCall } from '../../shared/contract';
import type { Logger } from '../../shared/logger';
import { owningCompany } from '../../shared/numberOwner';
import type { CallerDirectory, CallerLookup } from '../callerLookup';
import { errorMessage } from '../../shared/contract';
import type { ObservedCall } from '../monitor/observedCall';

/** The one method of the PBX client the refresh needs. */
export interface PersonSource {
  get(id: number, options?: { timeoutMs?: number }): Promise<Person>;
}

/** The last calls with a number from the call history, newest first, without the call `excluding`. */
export type RecentCallsOf = (dial: string, limit: number, excluding: string) => ScreenPopRecentCall[];

export interface ScreenPopDeps {
  lookup: CallerLookup;
  directory(): CallerDirectory | undefined;
  persons(): PersonSource | undefined;
  recentCalls?: RecentCallsOf;
  logger: Logger;
  show(pop: ScreenPop): void;
  update(pop: ScreenPop): void;
}

const RECENT_CALLS_SHOWN = 3;
/** The refresh is a nicety: it must not hang on a slow PBX. */
const REFRESH_TIMEOUT_MS = 5000;

export class ScreenPopResolver {
  constructor(private readonly deps: ScreenPopDeps) {}

  /** Emits the card now and starts the background refresh; resolves when the refresh is over. */
  pop(call: Pick<ObservedCall, 'uniqueid' | 'remote' | 'queue'>): {
    pop: ScreenPop;
    refreshed: Promise<void>;
  } {
    const pop = this.build(call, false);
    return { pop, refreshed: this.present(call, pop) };
  }

  /** Emits a card `build` made and starts its background refresh; resolves when the refresh is over. */
  present(call: Pick<ObservedCall, 'uniqueid' | 'remote' | 'queue'>, pop: ScreenPop): Promise<void> {
    this.deps.show(pop);
    return this.refresh(call, pop);
  }

  build(call: Pick<ObservedCall, 'uniqueid' | 'remote' | 'queue'>, refreshed: boolean): ScreenPop {
    const { lookup } = this.deps;
    const number = lookup.read(call.remote.lookupNumber || call.remote.number);
    const matches = lookup.matches(number);
    const personMatch = matches.find((match) => match.kind === 'person');
    const card = personMatch ? this.deps.directory()?.personCard(personMatch.id) : null;
    const person = card ? personOf(card) : null;
    const userMatch = matches.find(
      (match): match is Extract<NumberMatch, { kind: 'user' | 'extension' }> =>
        match.kind === 'user' || match.kind === 'extension',
    );
    return {
      uniqueid: call.uniqueid,
      number: { ...number, display: number.dial ? number.display : call.remote.number || number.display },
      callerName: call.remote.pbxName,
      queue: call.queue,
      person,
      company: owningCompany(matches),
      user: userMatch ? { id: userMatch.id, name: userMatch.name, kind: userMatch.kind } : null,
      matches,
      recentCalls: number.dial
        ? (this.deps.recentCalls?.(number.dial, RECENT_CALLS_SHOWN, call.uniqueid) ?? [])
        : [],
      createContact: matches.length === 0 && number.dial ? { number: number.e164 ?? number.dial } : null,
      refreshed,
    };
  }

  private async refresh(call: Pick<ObservedCall, 'uniqueid' | 'remote' | 'queue'>, shown: ScreenPop) {
    const id = shown.person?.id;
    const persons = this.deps.persons();
    const directory = this.deps.directory();
    if (id === undefined || !persons || !directory) return;
    try {
      const person = await persons.get(id, { timeoutMs: REFRESH_TIMEOUT_MS });
      directory.upsertPerson(person);
    } catch (error) {
      if (!isNotFound(error)) {
        this.deps.logger.debug(`screen-pop: person ${id} could not be refreshed: ${errorMessage(error)}`);
        return;
      }
      directory.removePerson(id); // deleted on the PBX: the card shows who else has the number, if anyone
    }
    const updated = this.build(call, true);
    if (contentOf(updated) !== contentOf(shown)) this.deps.update(updated);
  }
}

/** What the card shows, without when it was fetched: a refresh that changed nothing updates nothing. */
function contentOf(pop: ScreenPop): string {
  return JSON.stringify({
    ...pop,
    refreshed: null,
    person: pop.person && { ...pop.person, fetchedAt: null },
  });
}

function personOf(card: PersonCard): ScreenPopPerson {
  return {
    id: card.id,
    name: card.name,
    companies: card.companies,
    numbers: card.contacts.flatMap((contact) =>
      contact.number
        ? [{ display: contact.number.display, dial: contact.number.dial, label: contact.label }]
        : [],
    ),
    emails: card.contacts
      .filter((contact) => contact.type === CONTACT_TYPES.email)
      .map((contact) => contact.contact),
    note: card.note,
    fetchedAt: card.fetchedAt,
  };
}
