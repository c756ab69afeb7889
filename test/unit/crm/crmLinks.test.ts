import { describe, expect, it, vi } from 'vitest';
import { CrmAutoOpen } from '../../../src-main/app/crm/crmAutoOpen';
import { CrmLinks, crmSettingsTemplates, type CrmLinksDeps } from '../../../src-main/app/crm/crmLinks';
import type { CallView } from '../../../src-main/shared/contract';
import { openExternalLink, RefusedExternalLink } from '../../../src-main/shell/externalLinks';

const silent = { debug() {}, info() {}, warn: vi.fn(), error() {} };

function call(overrides: Partial<CallView> = {}): CallView {
  return {
    uniqueid: '1700000000.5',
    direction: 'inbound',
    state: 'ringing',
    stateLabel: 'Ringing',
    pending: null,
    notice: null,
    actions: ['answer'],
    remote: { number: '601123456', display: '+420 601 123 456', pbxName: '', match: null },
    queue: { id: 2, name: 'Support' },
    createdAt: null,
    connectedAt: null,
    data: { customer_id: 'C 1', attempts: 2 },
    ...overrides,
  };
}

function links(overrides: Partial<CrmLinksDeps> = {}) {
  const opened: string[] = [];
  const deps: CrmLinksDeps = {
    call: (uniqueid) => (uniqueid === '1700000000.5' ? call() : undefined),
    teamTemplates: () => ({
      callUrl: 'https://crm.example/call?n={caller}&c={data.customer_id}&a={data.attempts}&q={queue}',
      personUrl: 'https://crm.example/person/{person_external_id}',
    }),
    ownTemplates: () => ({ callUrl: null, personUrl: null }),
    personExternalId: (id) => (id === 7 ? 'CRM-7' : null),
    defaultCountry: () => 'CZ',
    openExternalLink: async (url) => void opened.push(url),
    ...overrides,
  };
  return { crm: new CrmLinks(deps), opened };
}

describe('CrmLinks', () => {
  it("expands the team's call template with the call, and opens it where the host can", async () => {
    const { crm, opened } = links();
    const url = 'https://crm.example/call?n=%2B420601123456&c=C%201&a=2&q=Support';
    expect(await crm.link('1700000000.5', null, true)).toEqual({
      status: 'ready',
      url,
      kind: 'call',
      source: 'team',
      opened: true,
    });
    expect(opened).toEqual([url]);
  });

  it('only reads the link when not asked to open it, and says so where the page must open it', async () => {
    const { crm, opened } = links({ openExternalLink: undefined });
    expect(await crm.link('1700000000.5', null, false)).toMatchObject({ status: 'ready', opened: false });
    expect(await crm.link('1700000000.5', null, true)).toMatchObject({ status: 'ready', opened: false });
    expect(opened).toEqual([]);
  });

  it('uses the person template when the team has no call template and a person is matched', async () => {
    const { crm } = links({
      teamTemplates: () => ({ callUrl: null, personUrl: 'https://crm.example/p/{person_external_id}' }),
    });
    expect(await crm.link('1700000000.5', 7, false)).toMatchObject({
      url: 'https://crm.example/p/CRM-7',
      kind: 'person',
    });
    expect(await crm.link('1700000000.5', null, false)).toEqual({ status: 'none' });
  });

  it("lets the agent's own template override the team's", async () => {
    const own = crmSettingsTemplates({ crmCallUrl: ' https://mine.example/{uniqueid} ', crmPersonUrl: '' });
    const { crm } = links({ ownTemplates: () => own });
    expect(await crm.link('1700000000.5', null, false)).toMatchObject({
      url: 'https://mine.example/1700000000.5',
      source: 'settings',
    });
  });

  it('is none without templates, and refuses a bad template, an unopenable link or an ended call', async () => {
    expect(await links({ teamTemplates: () => undefined }).crm.link('1700000000.5', null, true)).toEqual({
      status: 'none',
    });
    const unknown = links({ teamTemplates: () => ({ callUrl: 'https://x.example/{who}', personUrl: null }) });
    expect(await unknown.crm.link('1700000000.5', null, true)).toEqual({
      status: 'refused',
      problem: 'The CRM template uses placeholders Ringside does not know: {who}.',
    });
    expect(unknown.opened).toEqual([]);
    const plain = links({
      teamTemplates: () => ({ callUrl: 'http://crm.example/{uniqueid}', personUrl: null }),
    });
    expect(await plain.crm.link('1700000000.5', null, true)).toMatchObject({ status: 'refused' });
    expect(await links().crm.link('1700000000.9', null, true)).toEqual({
      status: 'refused',
      problem: 'That call has ended.',
    });
  });
});

describe("CrmLinks with a team's template that lets call data choose the host", () => {
  it('opens nothing and names the problem, whatever the IVR collected', async () => {
    const hostile = links({
      call: () => call({ data: { tenant: 'evil.example', port: '444' } }),
      teamTemplates: () => ({ callUrl: 'https://{data.tenant}/call?n={caller}', personUrl: null }),
    });
    const link = await hostile.crm.link('1700000000.5', null, true);
    expect(link).toEqual({
      status: 'refused',
      problem: expect.stringContaining('The CRM template must start with a fixed address'),
    });
    expect(hostile.opened).toEqual([]);
    const port = links({
      call: () => call({ data: { port: '444' } }),
      teamTemplates: () => ({ callUrl: 'https://crm.example:{data.port}/c', personUrl: null }),
    });
    expect(await port.crm.link('1700000000.5', null, true)).toMatchObject({ status: 'refused' });
    expect(port.opened).toEqual([]);
  });
});

describe('CrmAutoOpen', () => {
  it('opens an answered inbound call once, when the setting is on', async () => {
    const link = vi.fn(async () => ({ status: 'none' as const }));
    let enabled = true;
    const autoOpen = new CrmAutoOpen({ links: { link }, enabled: () => enabled, logger: silent });
    const person = { kind: 'person' as const, id: 7, name: 'Eva', label: 'mobile', companies: [] };
    autoOpen.callsChanged([call({ remote: { ...call().remote, match: person } })]);
    expect(link).not.toHaveBeenCalled();
    const answered = call({ state: 'connected', remote: { ...call().remote, match: person } });
    autoOpen.callsChanged([answered]);
    autoOpen.callsChanged([answered]);
    expect(link).toHaveBeenCalledTimes(1);
    expect(link).toHaveBeenCalledWith('1700000000.5', 7, true);
    // Off: an answered call opens nothing; outbound calls and calls first seen connected never do.
    enabled = false;
    autoOpen.callsChanged([call({ uniqueid: 'b' })]);
    autoOpen.callsChanged([call({ uniqueid: 'b', state: 'connected' })]);
    enabled = true;
    autoOpen.callsChanged([call({ uniqueid: 'c', state: 'connected' })]);
    autoOpen.callsChanged([call({ uniqueid: 'd', direction: 'outbound' })]);
    autoOpen.callsChanged([call({ uniqueid: 'd', direction: 'outbound', state: 'connected' })]);
    expect(link).toHaveBeenCalledTimes(1);
  });
});

describe('openExternalLink', () => {
  it('opens only https: links and http: to this computer', async () => {
    const opened: string[] = [];
    const open = async (url: string) => void opened.push(url);
    await openExternalLink('https://crm.example/x', open);
    await openExternalLink('http://127.0.0.1:1/x', open);
    for (const url of [
      'javascript:alert(1)',
      'file:///etc/passwd',
      'http://crm.example/x',
      'app://ringside/',
    ]) {
      await expect(openExternalLink(url, open)).rejects.toBeInstanceOf(RefusedExternalLink);
    }
    expect(opened).toEqual(['https://crm.example/x', 'http://127.0.0.1:1/x']);
  });
});
