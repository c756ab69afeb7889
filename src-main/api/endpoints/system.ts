/** Status and the directories: extensions, queues, groups, roles, teams. */
import type { z } from 'zod';
import { checkArgument, idSegment } from '../arguments';
import type { ApiRequester, CallOptions } from '../apiRequester';
import {
  Extension,
  ExtensionsQuery,
  Group,
  Queue,
  QueueDetail,
  Role,
  Status,
  Team,
  type ExtensionType,
} from '../schemas';

export interface SystemApi {
  /** Components, trunks and the phone summary per group (the fields sit next to `success`). */
  status(options?: CallOptions): Promise<Status>;
  /** All extensions, or only those of `type`, or of `group_id` and its subgroups. */
  extensions(
    filter?: { group_id?: number; type?: ExtensionType },
    options?: CallOptions,
  ): Promise<Extension[]>;
  queues(options?: CallOptions): Promise<Queue[]>;
  /** The live detail of one (inbound) queue. */
  queue(id: number, options?: CallOptions): Promise<QueueDetail>;
  groups(options?: CallOptions): Promise<Group[]>;
  roles(options?: CallOptions): Promise<Role[]>;
  teams(options?: CallOptions): Promise<Team[]>;
}

export function systemEndpoints(api: ApiRequester): SystemApi {
  const list = <S extends z.ZodType>(path: string, item: S, name: string, options?: CallOptions) =>
    api.list({ method: 'GET', path }, item, name, options);
  return {
    status: async (options) => {
      const call = { method: 'GET', path: '/status' } as const;
      const envelope = await api.send(call, options);
      return api.parse(Status, envelope.body, 'status', call) as Status;
    },
    extensions: async (filter = {}, options) => {
      const query = checkArgument(ExtensionsQuery, filter, 'extension filter');
      return api.list({ method: 'GET', path: '/extensions', query }, Extension, 'extensions', options);
    },
    queues: async (options) => list('/queues', Queue, 'queues', options),
    queue: async (id, options) =>
      api.data({ method: 'GET', path: `/queue/${idSegment(id, 'queue id')}` }, QueueDetail, 'queue', options),
    groups: async (options) => list('/groups', Group, 'groups', options),
    roles: async (options) => list('/roles', Role, 'roles', options),
    teams: async (options) => list('/teams', Team, 'teams', options),
  };
}
