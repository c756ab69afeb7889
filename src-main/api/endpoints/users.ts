/** Users and agent queue membership. */
import { checkArgument, idSegment, textSegment } from '../arguments';
import type { ApiRequester, CallOptions } from '../apiRequester';
import { isPlainObject } from '../envelope';
import { BusinessError } from '../errors';
import {
  AgentQueueResult,
  AgentQueues,
  AgentQueuesUpdate,
  User,
  UserListItem,
  type UserCreate,
  type UserUpdate,
} from '../schemas';
import { NewId } from './common';

export interface UsersApi {
  list(options?: CallOptions): Promise<UserListItem[]>;
  get(id: number, options?: CallOptions): Promise<User>;
  getByExternalId(externalId: string, options?: CallOptions): Promise<User>;
  /** The id of the new user; `username` and `group_id` are required. */
  create(user: UserCreate, options?: CallOptions): Promise<number>;
  /** Only the given attributes change; one invalid attribute rejects all (ValidationFailed). */
  update(id: number, changes: UserUpdate, options?: CallOptions): Promise<void>;
  updateByExternalId(externalId: string, changes: UserUpdate, options?: CallOptions): Promise<void>;
  /** Call records and recordings stay; `update(id, { active: false })` is the reversible alternative. */
  delete(id: number, options?: CallOptions): Promise<void>;
  deleteByExternalId(externalId: string, options?: CallOptions): Promise<void>;
}

export interface AgentQueuesApi {
  get(options?: CallOptions): Promise<AgentQueues[]>;
  /**
   * Sets the complete queue membership of each listed agent (a queue left out is removed). The answer has
   * one result per agent; unknown agents and queues are reported there, not thrown, whichever of the two
   * answers the PBX gives: per-element failures inside a `success: true` envelope, or the same results in
   * a `success: false` envelope (see docs/pbx-api.md (Agent queues)). A `success: false` without results
   * is a BusinessError.
   */
  set(agents: AgentQueues[], options?: CallOptions): Promise<AgentQueueResult[]>;
}

/** The per-agent results a declined bulk update carries in its `data`: a list, or one element alone. */
function declinedResults(error: unknown): unknown[] | undefined {
  if (!(error instanceof BusinessError)) return undefined;
  const data = error.declinedData;
  if (Array.isArray(data)) return data.length > 0 ? data : undefined;
  if (isPlainObject(data) && Array.isArray(data.queues)) return [data];
  return undefined;
}

export function usersEndpoints(api: ApiRequester): UsersApi {
  const byId = (id: number) => `/user/${idSegment(id, 'user id')}`;
  const byExternalId = (externalId: string) => `/user/external/${textSegment(externalId, 'external id')}`;
  return {
    list: async (options) => api.list({ method: 'GET', path: '/users' }, UserListItem, 'users', options),
    get: async (id, options) => api.data({ method: 'GET', path: byId(id) }, User, 'user', options),
    getByExternalId: async (externalId, options) =>
      api.data({ method: 'GET', path: byExternalId(externalId) }, User, 'user', options),
    create: async (user, options) =>
      api.data({ method: 'POST', path: '/user', body: user }, NewId, 'userId', options),
    update: async (id, changes, options) => {
      await api.send({ method: 'PATCH', path: byId(id), body: changes }, options);
    },
    updateByExternalId: async (externalId, changes, options) => {
      await api.send({ method: 'PATCH', path: byExternalId(externalId), body: changes }, options);
    },
    delete: async (id, options) => {
      await api.send({ method: 'DELETE', path: byId(id) }, options);
    },
    deleteByExternalId: async (externalId, options) => {
      await api.send({ method: 'DELETE', path: byExternalId(externalId) }, options);
    },
  };
}

export function agentQueuesEndpoints(api: ApiRequester): AgentQueuesApi {
  return {
    get: async (options) =>
      api.list({ method: 'GET', path: '/queues/agents' }, AgentQueues, 'agentQueues', options),
    set: async (agents, options) => {
      const body = checkArgument(AgentQueuesUpdate, agents, 'agent queue list');
      const call = { method: 'POST', path: '/queues/agents', body } as const;
      try {
        return await api.list(call, AgentQueueResult, 'agentQueueResults', options);
      } catch (error) {
        const results = declinedResults(error);
        if (!results) throw error;
        return api.parse(AgentQueueResult.array(), results, 'agentQueueResults', call);
      }
    },
  };
}
