/**
 * The seeded PBX configuration: group tree, roles, teams, users, extensions of every type, phones, queues of
 * all four types, queue membership, tags, trunks and shared data. Equal seed numbers give equal
 * organisations: the layout is fixed, the people and secrets are drawn from a random stream seeded with it.
 */
import type { Extension, User } from '../../api/schemas';
import { createRandom, type Random } from '../random';
import { asciiSlug, createLocalFakers, type NameLanguage } from './fakers';
import {
  AGENT_LAYOUT,
  AUX_REASONS,
  DISPOSITIONS,
  GROUPS,
  LOCALE_OF,
  QUEUES,
  ROLES,
  SERVICE_EXTENSIONS,
  STAFF_FIRST_EXTENSION,
  STAFF_LAYOUT,
  SUPERVISOR_LAYOUT,
  TAGS,
  TEAMS,
} from './organisationLayout';
import type {
  AgentStatus,
  Credentials,
  Membership,
  OrganisationSeed,
  PhoneRecord,
  UserRecord,
} from './organisationSeed';

function password(random: Random, length: number): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
  let text = '';
  for (let i = 0; i < length; i++) text += random.pick([...alphabet]);
  return text;
}

function voicemailPin(random: Random): string {
  return String(random.int(1000, 9999));
}

function macAddress(random: Random): string {
  let text = '0004f2'; // a real IP-phone vendor prefix
  for (let i = 0; i < 6; i++) text += random.pick([...'0123456789abcdef']);
  return text;
}

/** What a seeded user is made of; userRecord adds the rest as the PBX returns it. */
export interface UserSpec {
  id: number;
  username: string;
  firstname: string;
  lastname: string;
  group_id: number;
  role_id: number | null;
  team_id: number | null;
  locale: User['locale'];
  public: boolean;
  password: string;
  external_id: string | null;
  primary_extension: number | null;
  email: string;
}

/** A user as the PBX stores it (tests build their users with it too, so they have the PBX's shape). */
export function userRecord(spec: UserSpec, pin: string): UserRecord {
  return {
    ...spec,
    displayname: `${spec.firstname} ${spec.lastname}`.trim() || spec.username,
    pin,
    identificator: spec.public ? spec.username : '',
    filter_id: spec.public ? 1 : null,
    number: '',
    data: {},
    active: true,
    wssip_device_id: null,
    certificate: false,
    channels: spec.public ? { inbound: true, task: true, email: spec.team_id !== 1, chat: false } : {},
    clid_number: spec.public ? '+420 228 880 000' : '',
  };
}

export function seedOrganisation(seed: number, options: { staff?: number } = {}): OrganisationSeed {
  const random = createRandom(seed, 0x0a9);
  const fakers = createLocalFakers();
  for (const [index, faker] of Object.values(fakers).entries()) faker.seed([seed, 0x5eed, index]);

  const users: UserRecord[] = [];
  const extensions: Extension[] = [];
  const phones: PhoneRecord[] = [];
  const membership = new Map<number, Map<number, Membership>>();
  const agentStatus = new Map<number, AgentStatus>();
  const usedUsernames = new Set<string>();

  const serviceAccount = { username: 'ringside-api', password: password(random, 24) };
  const publicAccount = { username: 'reception-kiosk', password: password(random, 16) };
  users.push(
    userRecord(
      {
        id: 1,
        username: serviceAccount.username,
        firstname: 'Ringside',
        lastname: 'API',
        group_id: 1,
        role_id: 1,
        team_id: null,
        locale: 'en_US',
        public: false,
        password: serviceAccount.password,
        external_id: 'svc-ringside',
        primary_extension: null,
        email: '',
      },
      voicemailPin(random),
    ),
    userRecord(
      {
        id: 2,
        username: publicAccount.username,
        firstname: 'Reception',
        lastname: 'Kiosk',
        group_id: 1,
        role_id: 1,
        team_id: null,
        locale: 'cs_CZ',
        public: true,
        password: publicAccount.password,
        external_id: null,
        primary_extension: null,
        email: 'reception@ringside-demo.cz',
      },
      voicemailPin(random),
    ),
  );

  const addPhoneUser = (
    layout: {
      group: number;
      team: number | null;
      role: number;
      language: NameLanguage;
      locale?: User['locale'];
    },
    index: number,
    number = String(101 + index),
  ): { user: UserRecord; plainPassword: string } => {
    const faker = fakers[layout.language];
    const sex = faker.person.sexType();
    const firstname = faker.person.firstName(sex);
    const lastname = faker.person.lastName(sex);
    let username = `${asciiSlug(firstname)}.${asciiSlug(lastname)}`;
    while (usedUsernames.has(username)) username += random.int(1, 9);
    usedUsernames.add(username);
    const id = users.length + 1;
    const extensionId = extensions.length + 1;
    extensions.push({
      id: extensionId,
      group_id: layout.group,
      number,
      name: `${firstname} ${lastname}`,
      type: 'phone',
      external_id: `EXT-${number}`,
    });
    const plainPassword = password(random, 12);
    const user = userRecord(
      {
        id,
        username,
        firstname,
        lastname,
        group_id: layout.group,
        role_id: layout.role,
        team_id: layout.team,
        locale: layout.locale ?? LOCALE_OF[layout.language],
        public: true,
        password: plainPassword,
        external_id: `HR-${1000 + id}`,
        primary_extension: extensionId,
        email: `${username}@ringside-demo.${layout.language === 'sk' ? 'sk' : 'cz'}`,
      },
      voicemailPin(random),
    );
    users.push(user);
    const softphone = index === 0 || random.chance(0.3);
    phones.push({
      id: phones.length + 1,
      identifier: softphone ? `webrtc-${username}` : macAddress(random),
      extension: number,
      extension_id: extensionId,
      partition: 1,
      group_id: layout.group,
      user_id: id,
      kind: softphone ? 'softphone' : 'ipphone',
      registered: index === 0 || random.chance(0.85),
    });
    return { user, plainPassword };
  };

  AGENT_LAYOUT.forEach((layout, index) => {
    const { user } = addPhoneUser(layout, index);
    const queues = new Map<number, Membership>();
    layout.queues.forEach((queueId, order) =>
      queues.set(queueId, {
        priority: order === 0 ? 80 : 50 - order * 10,
        suspended: index === 3 && order > 0,
      }),
    );
    membership.set(user.id, queues);
    const roll = random.next();
    agentStatus.set(
      user.id,
      index === 0 || roll < 0.7
        ? { status: 'ready' }
        : roll < 0.9
          ? { status: 'aux', reason: random.pick(AUX_REASONS).reason }
          : { status: 'offline' },
    );
  });
  let supervisorAccount: Credentials = serviceAccount;
  SUPERVISOR_LAYOUT.forEach((layout, index) => {
    const { user, plainPassword } = addPhoneUser({ ...layout, role: 3 }, AGENT_LAYOUT.length + index);
    agentStatus.set(user.id, { status: 'ready' });
    if (index === 0) supervisorAccount = { username: user.username, password: plainPassword };
  });

  // A shared reception phone that belongs to no user.
  const receptionExtension = extensions.length + 1;
  extensions.push({
    id: receptionExtension,
    group_id: 1,
    number: '199',
    name: 'Reception',
    type: 'phone',
    external_id: null,
  });
  phones.push({
    id: phones.length + 1,
    identifier: macAddress(random),
    extension: '199',
    extension_id: receptionExtension,
    partition: 1,
    group_id: 1,
    user_id: null,
    kind: 'ipphone',
    registered: true,
  });

  // Personal voicemail boxes of the first agents, then the service extensions and one per queue.
  for (const user of users.filter((u) => u.primary_extension !== null).slice(0, 4)) {
    const phone = extensions.find((extension) => extension.id === user.primary_extension)!;
    extensions.push({
      id: extensions.length + 1,
      group_id: user.group_id,
      number: `8${phone.number}`,
      name: `Voicemail ${user.displayname}`,
      type: 'voicemail',
      external_id: null,
    });
  }
  for (const [type, number, name, groupId] of SERVICE_EXTENSIONS) {
    extensions.push({ id: extensions.length + 1, group_id: groupId, number, name, type, external_id: null });
  }
  for (const queue of QUEUES) {
    extensions.push({
      id: extensions.length + 1,
      group_id: queue.group_id,
      number: queue.number,
      name: `Queue ${queue.name}`,
      type: 'queue',
      external_id: `Q-${queue.id}`,
    });
  }

  // Back-office staff for directory-scale tests, last, so the rest of the organisation stays the same.
  for (let index = 0; index < (options.staff ?? 0); index++) {
    const layout = STAFF_LAYOUT[index % STAFF_LAYOUT.length]!;
    const { user } = addPhoneUser(
      { ...layout, role: 2 },
      AGENT_LAYOUT.length + SUPERVISOR_LAYOUT.length + index,
      String(STAFF_FIRST_EXTENSION + index),
    );
    agentStatus.set(user.id, { status: 'offline' });
  }

  return {
    groups: GROUPS.map((group) => ({ ...group })),
    roles: ROLES.map((role) => ({ ...role })),
    teams: structuredClone(TEAMS),
    users,
    extensions,
    phones,
    queues: QUEUES.map((queue) => ({ ...queue })),
    membership,
    agentStatus,
    tags: TAGS.map((tag) => ({ ...tag })),
    trunks: {
      '1': { name: 'O2 SIP trunk', status: 1, rtt: random.int(12, 30) },
      '2': { name: 'Slovak Telekom SIP trunk', status: 1, rtt: random.int(20, 45) },
      '3': { name: 'Backup GSM gateway', status: 0, rtt: 0 },
    },
    shared: {
      'ringside.dispositions': { type: 'json', data: { dispositions: DISPOSITIONS } },
      'crm.settings': {
        type: 'json',
        data: { default_country: 'CZ', screen_pop: true, callback_minutes: 15 },
      },
      'wallboard.layout': { type: 'json', data: { columns: 3, queues: [1, 2, 3], theme: 'dark' } },
    },
    serviceAccount,
    publicAccount,
    supervisorAccount,
    demoAgentUserId: 3,
  };
}
