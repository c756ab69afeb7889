/**
 * The directory commands (docs/directory-and-sync.md): search and the cards answer from the local cache
 * alone (offline too); creating a person and editing their contacts go to the PBX, then the person is
 * fetched back and written into the cache at once, so search, screen-pop and the card show it before the
 * next sync. A contact edit is applied to the person as the PBX has them now, never to the cached card
 * (contactEdit.ts). New persons go to the group chosen in Settings, else the agent's own group.
 */
import type { Contact } from '../../api/schemas';
import type { PersonDetail } from '../../cache';
import type {
  DirectoryExportArgs,
  DirectoryExportPage,
  CompanyCard,
  DirectoryCreatePersonArgs,
  DirectoryRecordArgs,
  DirectorySaveResult,
  DirectorySearchArgs,
  DirectorySearchResult,
  DirectoryUpdateContactsArgs,
  DirectoryUpdateResult,
  ErrorCode,
  NewContactGroups,
  PersonCard,
} from '../../shared/contract';
import type { Logger } from '../../shared/logger';
import { NotConnected } from '../connection/connectionManager';
import { contactInput, mergeContactEdit } from './contactEdit';
import { contactErrors, personErrors, toPbxContacts } from './directoryContacts';
import type { OpenedCache } from './directoryCaches';
import { directoryExportPage } from './directoryExportPage';
import { AppError } from '../../shared/contract';
import { t } from '../../shared/i18n';

/** The PBX client as the directory uses it (PbxClient satisfies it). */
export interface DirectoryClient {
  groups(): Promise<{ id: number; name: string }[]>;
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
  /** The group chosen in Settings for new contacts; null or undefined: the agent's own. */
  newContactsGroupId(): number | null | undefined;
  /** The agent's PBX user, once known (waits while it is being looked up), or why it is not. */
  agent(): Promise<{ profile: { groupId: number } } | { problem: string }>;
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
  /** The PBX's top group per client: where new persons go while the agent is not known. */
  private readonly topGroups = new WeakMap<DirectoryClient, Promise<number>>();

  constructor(private readonly deps: DirectoryServiceDeps) {}

  search({ query, limit }: DirectorySearchArgs): DirectorySearchResult {
    const cache = this.deps.cache();
    if (!cache) {
      return { query, persons: emptyGroup, companies: emptyGroup, users: emptyGroup, extensions: emptyGroup };
    }
    return cache.directory.searchDirectory(query, { limit });
  }

  /** A page of the directory as search shows it, for a team server client's offline copy. */
  exportPage(args: DirectoryExportArgs): DirectoryExportPage {
    return directoryExportPage(this.deps.cache(), args);
  }

  person({ id }: DirectoryRecordArgs): PersonCard {
    const card = this.requireCache().directory.personCard(id);
    if (!card) throw new DirectoryError('not-found', t('store.noSuchPerson', { id }));
    return card;
  }

  company({ id }: DirectoryRecordArgs): CompanyCard {
    const card = this.requireCache().directory.companyCard(id);
    if (!card) throw new DirectoryError('not-found', t('store.noSuchCompany', { id }));
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
      group_id: args.groupId ?? (await this.newContactGroup(client)),
      firstname,
      lastname,
      // The list and the search show the display name; the PBX does not derive one.
      displayname: args.displayname?.trim() || `${firstname} ${lastname}`.trim(),
      contacts: toPbxContacts(args.contacts),
    });
    this.deps.logger.info(`Directory: created person ${id}`);
    return this.fetchIntoCache(cache, client, id);
  }

  async updateContacts({ id, base, contacts }: DirectoryUpdateContactsArgs): Promise<DirectoryUpdateResult> {
    const errors = contactErrors(contacts, this.deps.defaultCountry());
    if (errors.length > 0) return { saved: false, errors };
    const cache = this.requireCache();
    const client = this.requireClient();
    const started = base ?? this.cachedContacts(cache, id);
    const fresh = await this.fetchPerson(cache, client, id);
    const merge = mergeContactEdit(started, contacts, fresh.contacts);
    if (merge.conflicts.length > 0) {
      // The card shows the PBX's person now; the editor shows both versions of each conflicting contact.
      this.putIntoCache(cache, fresh);
      this.deps.logger.info(
        `Directory: the contacts of person ${id} changed on the PBX meanwhile; ${merge.conflicts.length} ` +
          'conflict(s) left to the agent',
      );
      return {
        saved: false,
        person: cache.directory.personCard(id)!,
        merged: merge.contacts,
        conflicts: merge.conflicts,
      };
    }
    try {
      // The collection sent replaces the PBX's whole collection (docs/pbx-api.md, Persons and companies):
      // it is the PBX's own, just read, with the agent's change applied.
      await client.persons.update(id, { contacts: toPbxContacts(merge.contacts) });
    } catch (error) {
      this.forgetIfGone(cache, id, error);
      throw error;
    }
    this.deps.logger.info(`Directory: updated the contacts of person ${id}`);
    return this.fetchIntoCache(cache, client, id);
  }

  /** Where new contacts go (Settings ▸ Directory). */
  async newContactGroups(): Promise<NewContactGroups> {
    const client = this.requireClient();
    const [groups, agent] = await Promise.all([client.groups(), this.deps.agent()]);
    const named = groups.map(({ id, name }) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name));
    const agentGroupId = 'profile' in agent ? agent.profile.groupId : null;
    const chosen = this.deps.newContactsGroupId() ?? null;
    const [id, reason] =
      chosen !== null
        ? [chosen, 'setting' as const]
        : agentGroupId !== null
          ? [agentGroupId, 'agent' as const]
          : [await this.topGroup(client), 'top' as const];
    return {
      groups: named,
      agentGroupId,
      agentProblem: 'problem' in agent ? agent.problem : null,
      target: { id, name: named.find((group) => group.id === id)?.name ?? `group ${id}`, reason },
    };
  }

  /** The group chosen in Settings, else the agent's own, else (agent unknown) the PBX's top group. */
  private async newContactGroup(client: DirectoryClient): Promise<number> {
    const chosen = this.deps.newContactsGroupId();
    if (chosen != null) return chosen;
    const agent = await this.deps.agent();
    return 'profile' in agent ? agent.profile.groupId : this.topGroup(client);
  }

  private cachedContacts(cache: OpenedCache, id: number) {
    const card = cache.directory.personCard(id);
    if (!card) throw new DirectoryError('not-found', t('store.noSuchPerson', { id }));
    return card.contacts.map((contact) =>
      contactInput({ ...contact, id: contact.id ?? undefined, type: contact.type as 0 | 1 | 2 | 3 }),
    );
  }

  private async fetchPerson(cache: OpenedCache, client: DirectoryClient, id: number): Promise<PersonDetail> {
    try {
      return await client.persons.get(id);
    } catch (error) {
      this.forgetIfGone(cache, id, error);
      throw error;
    }
  }

  private putIntoCache(cache: OpenedCache, person: PersonDetail): void {
    cache.directory.upsertPerson(person);
    this.deps.onCacheChanged();
  }

  /** Reads the person back from the PBX (ids of new contacts, anything the PBX normalised) into the cache. */
  private async fetchIntoCache(
    cache: OpenedCache,
    client: DirectoryClient,
    id: number,
  ): Promise<DirectorySaveResult> {
    this.putIntoCache(cache, await this.fetchPerson(cache, client, id));
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
        if (groups.length === 0) throw new DirectoryError('not-configured', t('store.noGroup'));
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
      throw new DirectoryError('not-configured', this.deps.cacheProblem() ?? t('store.noDirectory'));
    }
    return cache;
  }

  private requireClient(): DirectoryClient {
    const client = this.deps.client();
    if (!client) throw new NotConnected();
    return client;
  }
}
