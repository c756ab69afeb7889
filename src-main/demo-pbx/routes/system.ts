/** Status, extensions (filtered by type, and by group with its subgroups), queues, groups, roles, teams. */
import type { FastifyInstance } from 'fastify';
import { ExtensionsQuery, STATUS_COMPONENTS, type PhoneSummary } from '../../api/schemas';
import { notFound, ok } from '../http/envelope';
import { parseId, parseOr400 } from '../http/validation';
import type { PhoneRecord } from '../seed/organisationSeed';
import type { DemoState } from '../state';

function phoneSummary(name: string, phones: PhoneRecord[]): PhoneSummary {
  const count = (filter: (phone: PhoneRecord) => boolean) => {
    const matching = phones.filter(filter);
    return [
      matching.length,
      matching.filter((phone) => phone.kind === 'ipphone').length,
      matching.filter((phone) => phone.kind === 'softphone').length,
    ] as const;
  };
  const [configured, configuredIp, configuredSoft] = count(() => true);
  const [available, availableIp, availableSoft] = count((phone) => phone.registered);
  const [dead, deadIp, deadSoft] = count((phone) => !phone.registered);
  const [paired, pairedIp, pairedSoft] = count((phone) => phone.user_id !== null);
  return {
    name,
    configured,
    configured_ipphones: configuredIp,
    configured_softphones: configuredSoft,
    available,
    available_ipphones: availableIp,
    available_softphones: availableSoft,
    dead,
    dead_ipphones: deadIp,
    dead_softphones: deadSoft,
    paired,
    paired_ipphones: pairedIp,
    paired_softphones: pairedSoft,
  };
}

export async function systemRoutes(app: FastifyInstance, { state }: { state: DemoState }): Promise<void> {
  const { organisation } = state;

  app.get('/status', async () => {
    const phones = Object.fromEntries(
      [...organisation.groups.values()].map((group) => [
        String(group.id),
        phoneSummary(
          group.name,
          organisation.phones.filter((phone) => phone.group_id === group.id),
        ),
      ]),
    );
    // Component counters: seconds each component has been up (the API does not give their meaning).
    const uptime = Math.max(0, Math.floor((state.clock.now() - state.startedMs) / 1000));
    const components = Object.fromEntries(
      STATUS_COMPONENTS.map((name, index) => [name, uptime + 3600 + index * 7]),
    );
    return { success: true, trunks: structuredClone(organisation.trunks), phones, ...components };
  });

  app.get('/extensions', async (request) => {
    const query = parseOr400(ExtensionsQuery, request.query, 'query');
    const groups = query.group_id === undefined ? null : organisation.groupWithDescendants(query.group_id);
    return ok(
      organisation.extensions
        .filter((extension) => query.type === undefined || extension.type === query.type)
        .filter((extension) => groups === null || groups.has(extension.group_id))
        .map((extension) => ({ ...extension })),
    );
  });

  app.get('/queues', async () =>
    ok([...organisation.queues.values()].map((queue) => state.queueStatistics.listItem(queue))),
  );

  app.get<{ Params: { queue_id: string } }>('/queue/:queue_id', async (request) => {
    const id = parseId(request.params.queue_id, 'queue_id');
    const queue = organisation.queues.get(id);
    if (!queue) throw notFound(`queue ${id} not found`);
    if (queue.type !== 1) throw notFound(`queue ${id} is not an inbound queue`);
    return ok(state.queueStatistics.detail(queue));
  });

  app.get('/groups', async () =>
    ok([...organisation.groups.values()].map(({ id, name, external_id }) => ({ id, name, external_id }))),
  );

  app.get('/roles', async () =>
    ok([...organisation.roles.values()].map(({ id, group_id, name }) => ({ id, group_id, name }))),
  );

  app.get('/teams', async () => ok(structuredClone([...organisation.teams.values()])));
}
