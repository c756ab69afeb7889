/**
 * The directory commands (docs/directory-and-sync.md): search and the cards answer from the local cache
 * alone (offline too); creating a person and editing their contacts go to the PBX, then the person is
 * fetched back and written into the cache at once, so search, screen-pop and the card show it before the
 * next sync.
 */
import type { Contact } from '../../api/schemas';
import type { PersonDetail } from '../../cache';
import type {
  CompanyCard,
  DirectoryCreatePersonArgs,
  DirectoryRecordArgs,
  DirectorySaveResult,
  DirectorySearchArgs,
  DirectorySearchResult,
  DirectoryUpdateContactsArgs,
  ErrorCode,
  PersonCard,
} from '../../shared/contract';
import type { Logger } from '../../shared/logger';
import { NotConnected } from '../connection/connectionManager';
import { contactErrors, personErrors, toPbxContacts } from './directoryContacts';
import type { OpenedCache } from './directoryCaches';
import { AppError } from '../../shared/contract';

/** The PBX client as the directory uses it (PbxClient satisfies it). */
export interface DirectoryClient {
  groups(): Promise<{ id: number }[]>;
  persons: {
    create(record: {
      group_id: number;
      firstname: string;
      lastname: string;
      displayname: string;
      contacts: Contact[];
    }): Promise<number>;
    update(id: number, changes: { contacts: Contact[] }): Promise<void>;
    get(id: number): Promise<PersonDetail>;
  };
}

export interface DirectoryServiceDeps {
  cache(): OpenedCache | undefined;
  /** Why there is no cache although a PBX is set up. */
  cacheProblem(): string | undefined;
  client(): DirectoryClient | undefined;
  defaultCountry(): string;
  /** A person was written into the cache outside a sync. */
  onCacheChanged(): void;
  logger: Logger;
}

/** A refusal with a contract error code, passed to the window as it is. */
export class DirectoryError extends AppError {
  constructor(
    readonly code: Extract<ErrorCode, 'not-found' | 'not-configured'>,
    message: string,
  ) {
    super(message);
  }
}

const emptyGroup = { items: [], more: false };

export class DirectoryService {
  /** The PBX's top group per client: where new persons go unless the caller names a group. */
  private readonly topGroups = new WeakMap<DirectoryClient, Promise<number>>();

  constructor(private readonly deps: DirectoryServiceDeps) {}

  search({ query, limit }: DirectorySearchArgs): DirectorySearchResult {
    const cache = this.deps.cache();
    if (!cache) {
      return { query, persons: emptyGroup, companies: emptyGroup, users: emptyGroup, extensions: emptyGroup };
    }
    return cache.directory.searchDirectory(query, { limit });
  }

  person({ id }: DirectoryRecordArgs): PersonCard {
    const card = this.requireCache().directory.personCard(id);
    if (!card)
      throw new DirectoryError('not-found', `The directory has no person ${id}; it may have been deleted.`);
    return card;
  }

  company({ id }: DirectoryRecordArgs): CompanyCard {
    const card = this.requireCache().directory.companyCard(id);
    if (!card)
      throw new DirectoryError('not-found', `The directory has no company ${id}; it may have been deleted.`);
    return card;
  }

  async createPerson(args: DirectoryCreatePersonArgs): Promise<DirectorySaveResult> {
    const errors = personErrors(args, this.deps.defaultCountry());
    if (errors.length > 0) return { saved: false, errors };
    const cache = this.requireCache();
    const client = this.requireClient();
    const firstname = args.firstname.trim();
    const lastname = args.lastname.trim();
    const id = await client.persons.create({
      group_id: args.groupId ?? (await this.topGroup(client)),
      firstname,
      lastname,
      // The list and the search show the display name; the PBX does not derive one.
      displayname: args.displayname?.trim() || `${firstname} ${lastname}`.trim(),
      contacts: toPbxContacts(args.contacts),
    });
    this.deps.logger.info(`Directory: created person ${id}`);
    return this.fetchIntoCache(cache, client, id);
  }

  async updateContacts({ id, contacts }: DirectoryUpdateContactsArgs): Promise<DirectorySaveResult> {
    const errors = contactErrors(contacts, this.deps.defaultCountry());
    if (errors.length > 0) return { saved: false, errors };
    const cache = this.requireCache();
    const client = this.requireClient();
    try {
      // The collection sent replaces the PBX's whole collection (docs/pbx-api.md, Persons and companies).
      await client.persons.update(id, { contacts: toPbxContacts(contacts) });
    } catch (error) {
      this.forgetIfGone(cache, id, error);
      throw error;
    }
    this.deps.logger.info(`Directory: replaced the contacts of person ${id}`);
    return this.fetchIntoCache(cache, client, id);
  }

  /** Reads the person back from the PBX (ids of new contacts, anything the PBX normalised) into the cache. */
  private async fetchIntoCache(
    cache: OpenedCache,
    client: DirectoryClient,
    id: number,
  ): Promise<DirectorySaveResult> {
    let person: PersonDetail;
    try {
      person = await client.persons.get(id);
    } catch (error) {
      this.forgetIfGone(cache, id, error);
      throw error;
    }
    cache.directory.upsertPerson(person);
    this.deps.onCacheChanged();
    return { saved: true, person: cache.directory.personCard(id)! };
  }

  /** The PBX says the person is gone: so is the cached one. */
  private forgetIfGone(cache: OpenedCache, id: number, error: unknown): void {
    if ((error as { code?: unknown } | null)?.code !== 'not-found') return;
    cache.directory.removePerson(id);
    this.deps.onCacheChanged();
  }

  private topGroup(client: DirectoryClient): Promise<number> {
    let group = this.topGroups.get(client);
    if (!group) {
      group = client.groups().then((groups) => {
        if (groups.length === 0)
          throw new DirectoryError('not-configured', 'The PBX has no group to put the contact in.');
        return Math.min(...groups.map((candidate) => candidate.id));
      });
      group.catch(() => this.topGroups.delete(client));
      this.topGroups.set(client, group);
    }
    return group;
  }

  private requireCache(): OpenedCache {
    const cache = this.deps.cache();
    if (!cache) {
      throw new DirectoryError(
        'not-configured',
        this.deps.cacheProblem() ?? 'There is no directory yet: set up a PBX in Settings.',
      );
    }
    return cache;
  }

  private requireClient(): DirectoryClient {
    const client = this.deps.client();
    if (!client) throw new NotConnected();
    return client;
  }
}
