/**
 * The demo organisation as an API client meets it: its own words (dispositions, tags, contact labels, the
 * IVR's call data) in its language, names spelled right, and calls that reach an agent only through the
 * agent's own queues.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { startDemoPbx } from '../../../src-main/demo-pbx';
import { demoIvrData } from '../../../src-main/demo-pbx/calls/ivrData';
import { demoPbxApi } from '../../support/demoPbxApi';

interface Passage {
  queue_id: number;
  agent_id: number | null;
}
interface RecordV1 {
  dst_user_id: number | null;
  queues?: Passage[];
}
interface Person {
  displayname: string;
  contacts: { label: string }[];
}

const CZECH_AND_SLOVAK_LABELS = new Set([
  'mobil',
  'soukromý mobil',
  'práce',
  'domů',
  'soukromý',
  'súkromný mobil',
  'práca',
  'domov',
  'súkromný',
  'web',
  'chat',
]);

describe('the demo organisation', { timeout: 60_000 }, () => {
  const pbxStarted = startDemoPbx({ persons: 600, seed: 3, ringEverySeconds: 20, clock: { mode: 'manual' } });
  afterAll(async () => (await pbxStarted).close());

  it('words its dispositions and tags in Czech, its own language', async () => {
    const api = demoPbxApi(await pbxStarted);
    const shared = (await api('GET', '/shared/ringside.dispositions')) as {
      data: { dispositions: { label: string }[] };
    };
    expect(shared.data.dispositions.map((item) => item.label)).toContain('Vyřešeno při prvním kontaktu');
    expect(shared.data.dispositions.map((item) => item.label)).not.toContain('Resolved on first contact');
    const { tags } = (await pbxStarted).sim.state.organisation;
    expect(tags.map((tag) => tag.name)).toContain('Fakturace');
    expect(tags.map((tag) => tag.name)).not.toContain('Billing');
  });

  it('labels its persons’ contacts in Czech or Slovak and spells their names with ü, never ű', async () => {
    const api = demoPbxApi(await pbxStarted);
    const persons: Person[] = [];
    for (let id = 1; id <= 600; id++) persons.push((await api('GET', `/crm/person/${id}`)) as Person);
    const labels = new Set(persons.flatMap((person) => person.contacts.map((contact) => contact.label)));
    expect([...labels].filter((label) => !CZECH_AND_SLOVAK_LABELS.has(label))).toEqual([]);
    expect(persons.filter((person) => /[űŰ]/.test(person.displayname)).map((p) => p.displayname)).toEqual([]);
  });

  it('attaches IVR data with Czech keys and values', () => {
    const data = Array.from({ length: 50 }, (_, index) => demoIvrData(`demo-${index}`));
    const withData = data.filter((item) => Object.keys(item).length > 0);
    expect(withData.length).toBeGreaterThan(0);
    for (const item of withData) {
      expect(Object.keys(item).sort()).toEqual(['cislo_zakaznika', 'duvod', 'jazyk']);
      expect(['čeština', 'angličtina', 'slovenština']).toContain(item.jazyk);
    }
    expect(withData.map((item) => item.duvod)).not.toContain('technical support');
  });

  it('routes its own calls to an agent only through queues the agent is a member of', async () => {
    const pbx = await pbxStarted;
    const api = demoPbxApi(pbx);
    const agents = (await api('GET', '/queues/agents')) as { id: number; queues: { id: number }[] }[];
    const memberOf = new Map(
      agents.map((agent) => [agent.id, new Set(agent.queues.map((queue) => queue.id))]),
    );

    // The seeded history…
    const passages: { agent: number; queue: number }[] = [];
    for (const uniqueid of pbx.sim.calls.endedCallIds().slice(-150)) {
      const record = (await api('GET', `/call/${uniqueid}?queue=1&path=0`)) as RecordV1;
      for (const passage of record.queues ?? [])
        if (passage.agent_id !== null) passages.push({ agent: passage.agent_id, queue: passage.queue_id });
    }
    // …and the calls that ring the agent as time goes by.
    const users = await Promise.all(
      agents.map(
        async (agent) => (await api('GET', `/user/${agent.id}`)) as { id: number; username: string },
      ),
    );
    const agentId = users.find((user) => user.username === pbx.agent.username)!.id;
    const selector = new URLSearchParams(pbx.agent.phone as Record<string, string>);
    for (let step = 0; step < 40; step++) {
      pbx.sim.advance(30);
      const ongoing = (await api('GET', `/call?${selector.toString()}`)) as {
        uniqueid: string;
        queue_id: number | null;
      }[];
      for (const call of ongoing) {
        if (call.queue_id) passages.push({ agent: agentId, queue: call.queue_id });
        await api('POST', `/_sim/calls/${call.uniqueid}/hangup`);
      }
    }
    expect(passages.length).toBeGreaterThan(10);
    const strangers = passages.filter(({ agent, queue }) => memberOf.get(agent)?.has(queue) !== true);
    expect(strangers).toEqual([]);
  });
});
