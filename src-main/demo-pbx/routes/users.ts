/** Users (create, atomic update, delete) and agent queue membership. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AgentQueuesUpdate } from '../../api/schemas';
import { notFound, ok, writeResponse } from '../http/envelope';
import { parseId, parseOr400, requireObject } from '../http/validation';
import type { UserRecord } from '../seed/organisationSeed';
import { agentQueuesResponse, listAgentQueues, updateAgentQueues } from '../store/agentQueues';
import { createUser, publicUser, updateUser, userListItem } from '../store/users';
import type { DemoState } from '../state';

type ByIdRequest = FastifyRequest<{ Params: { user_id: string } }>;
type ByExternalIdRequest = FastifyRequest<{ Params: { external_id: string } }>;

export async function userRoutes(app: FastifyInstance, { state }: { state: DemoState }): Promise<void> {
  const { organisation } = state;

  const byId = (request: ByIdRequest): UserRecord => {
    const id = parseId(request.params.user_id, 'user_id');
    const user = organisation.user(id);
    if (!user) throw notFound(`user ${id} not found`);
    return user;
  };
  const byExternalId = (request: ByExternalIdRequest): UserRecord => {
    const user = organisation.userByExternalId(request.params.external_id);
    if (!user) throw notFound(`user with external_id ${request.params.external_id} not found`);
    return user;
  };

  app.get('/users', async () => ok(organisation.allUsers().map(userListItem)));

  app.get('/user/:user_id', async (request: ByIdRequest) => ok(publicUser(byId(request))));
  app.get('/user/external/:external_id', async (request: ByExternalIdRequest) =>
    ok(publicUser(byExternalId(request))),
  );

  app.post('/user', async (request) =>
    writeResponse(createUser(organisation, requireObject(request.body)), 'user'),
  );

  app.patch('/user/:user_id', async (request: ByIdRequest) =>
    writeResponse(updateUser(organisation, byId(request), requireObject(request.body)), 'user'),
  );
  app.patch('/user/external/:external_id', async (request: ByExternalIdRequest) =>
    writeResponse(updateUser(organisation, byExternalId(request), requireObject(request.body)), 'user'),
  );

  app.delete('/user/:user_id', async (request: ByIdRequest) => {
    organisation.deleteUser(byId(request).id);
    return ok(null);
  });
  app.delete('/user/external/:external_id', async (request: ByExternalIdRequest) => {
    organisation.deleteUser(byExternalId(request).id);
    return ok(null);
  });

  app.get('/queues/agents', async () => ok(listAgentQueues(organisation)));

  app.post('/queues/agents', async (request) => {
    const agents = parseOr400(AgentQueuesUpdate, request.body);
    return agentQueuesResponse(updateAgentQueues(organisation, agents), state.agentQueueAnswers);
  });
}
