/**
 * The call engine's view of the PBX (calls/directory.ts) over the live organisation and CRM, read at the
 * moment of use, so a deleted user or a changed role is seen by the next call.
 */
import type { PhoneSelector } from '../../api/schemas';
import type {
  CallDirectory,
  CallPhone,
  CallQueue,
  CallTagInfo,
  CallUser,
  CallerContact,
  UserRef,
} from '../calls/directory';
import { STANDARD_CALL_ACCESS } from '../calls/permissions';
import type { Random } from '../random';
import { numberMatchKey } from '../seed/phoneNumbers';
import type { PhoneRecord, UserRecord } from '../seed/organisationSeed';
import type { Organisation } from './organisation';
import type { PersonStore } from './persons';

export class OrganisationCallDirectory implements CallDirectory {
  constructor(
    private readonly organisation: Organisation,
    private readonly persons: PersonStore,
    private readonly demoAgentPhoneId: number,
  ) {}

  findPhone(selector: PhoneSelector): CallPhone | undefined {
    const phone =
      'identifier' in selector
        ? this.organisation.phones.find((candidate) => candidate.identifier === selector.identifier)
        : this.organisation.phones.find(
            (candidate) =>
              candidate.extension === selector.extension && candidate.partition === (selector.partition ?? 1),
          );
    return phone && this.toCallPhone(phone);
  }

  agentPhone(): CallPhone {
    const phone = this.organisation.phones.find((candidate) => candidate.id === this.demoAgentPhoneId)!;
    return this.toCallPhone(phone);
  }

  phones(): CallPhone[] {
    return this.organisation.phones.map((phone) => this.toCallPhone(phone));
  }

  findUser(ref: UserRef): CallUser | undefined {
    const user =
      'id' in ref
        ? this.organisation.user(ref.id)
        : 'externalId' in ref
          ? this.organisation.userByExternalId(ref.externalId)
          : this.organisation.userByUsername(ref.username);
    return user && this.toCallUser(user);
  }

  group(id: number) {
    const group = this.organisation.groups.get(id);
    return group && { id: group.id, name: group.name, parentId: group.parent_id };
  }

  queue(id: number): CallQueue | undefined {
    const queue = this.organisation.queues.get(id);
    return (
      queue && {
        id,
        type: queue.type,
        name: queue.name,
        number: queue.number,
        groupId: queue.group_id,
        active: queue.active,
      }
    );
  }

  queues(): CallQueue[] {
    return [...this.organisation.queues.keys()].map((id) => this.queue(id)!);
  }

  tags(): CallTagInfo[] {
    return this.organisation.tags.map((tag) => ({ ...tag }));
  }

  trunkId(): number {
    return 1;
  }

  randomContact(random: Random): CallerContact | undefined {
    if (this.persons.total === 0) return undefined;
    const person = this.persons.get(this.persons.idAt(random.int(0, this.persons.total - 1))!)!;
    const phones = person.contacts.filter((contact) => contact.type === 1);
    if (phones.length === 0) return undefined;
    return { number: random.pick(phones).contact, name: person.displayname };
  }

  nameForNumber(number: string): string | undefined {
    const internal = this.organisation.extensions.find((extension) => extension.number === number.trim());
    if (internal) return internal.name;
    if (numberMatchKey(number).length < 9) return undefined;
    return this.persons.findByNumber(number)[0]?.displayname;
  }

  acceptsQueueCalls(userId: number, queueId: number): boolean {
    return this.organisation.membershipOf(userId).get(queueId)?.suspended !== true;
  }

  servesQueue(userId: number, queueId: number): boolean {
    return this.organisation.membershipOf(userId).has(queueId);
  }

  private toCallUser(user: UserRecord): CallUser {
    const role = user.role_id === null ? undefined : this.organisation.roles.get(user.role_id);
    const team = user.team_id === null ? undefined : this.organisation.teams.get(user.team_id);
    return {
      id: user.id,
      username: user.username,
      displayname: user.displayname,
      externalId: user.external_id,
      groupId: user.group_id,
      team: team ? { id: team.id, name: team.name } : null,
      access: STANDARD_CALL_ACCESS[role?.access ?? 'none'],
    };
  }

  private toCallPhone(phone: PhoneRecord): CallPhone {
    const user = phone.user_id === null ? undefined : this.organisation.user(phone.user_id);
    return {
      identifier: phone.identifier,
      extension: phone.extension,
      partition: phone.partition,
      extensionId: phone.extension_id,
      groupId: phone.group_id,
      user: user ? this.toCallUser(user) : null,
    };
  }
}
