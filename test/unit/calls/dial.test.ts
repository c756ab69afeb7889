import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { BusinessError } from '../../../src-main/api/errors';
import { CallerLookup } from '../../../src-main/calls/callerLookup';
import { DialService, type PlaceCallClient } from '../../../src-main/calls/dial/dialService';
import {
  JsonFileRecentNumbersStore,
  MemoryRecentNumbersStore,
  RecentNumbers,
  type RecentNumbersStore,
} from '../../../src-main/calls/dial/recentNumbers';
import type { DialRequest } from '../../../src-main/shared/contract';
import { tempDir, testDirectory } from '../cache/fixtures';
import { person, phone } from '../cache/memoryDirectory';
import { spyLogger } from './fixtures';

function setup(options: { confirm?: boolean; store?: RecentNumbersStore; connected?: boolean } = {}) {
  const cache = testDirectory(undefined, 'CZ');
  cache.upsertPerson(
    person(1, { firstname: 'Jan', lastname: 'Novák', contacts: [phone('+420 777 123 456')] }),
  );
  const placed: { to: string; data?: Record<string, unknown> }[] = [];
  let answer: (to: string) => Promise<string> = async (to) => `Calling ${to}`;
  const client: PlaceCallClient = {
    placeCall: (_selector, to, data) => {
      placed.push({ to, ...(data ? { data } : {}) });
      return answer(to);
    },
  };
  const requests: DialRequest[] = [];
  const afterDial = vi.fn();
  let now = 1_000;
  const service = new DialService({
    lookup: new CallerLookup(
      () => cache,
      () => 'CZ',
    ),
    recents: new RecentNumbers(options.store ?? new MemoryRecentNumbersStore(), spyLogger()),
    connection: () => {
      if (options.connected === false) throw new Error('not connected');
      return { client, selector: { identifier: 'agent-phone' } };
    },
    confirmBeforeDial: () => options.confirm ?? true,
    requestConfirmation: (request) => requests.push(request),
    afterDial,
    clock: { now: () => now++ },
    logger: spyLogger(),
    newRequestId: () => `request-${requests.length + 1}`,
  });
  return { service, placed, requests, afterDial, setAnswer: (fn: typeof answer) => (answer = fn) };
}

describe('dial:resolve, the dial pad preview', () => {
  it('shows the normalised number and who it belongs to', () => {
    const { service } = setup();
    expect(service.resolve(' 777 123 456 ')).toEqual({
      ok: true,
      number: { display: '+420 777 123 456', e164: '+420777123456' },
      dial: '+420777123456',
      matches: [{ kind: 'person', id: 1, name: 'Jan Novák', label: 'mobile', companies: [] }],
    });
  });

  it('reads pasted text: brackets, 00, (0), unicode spaces and an extension', () => {
    const { service } = setup();
    expect(service.resolve('(+44) (0)20\u00a07946 0958 ext. 12')).toMatchObject({
      ok: true,
      dial: '+442079460958',
      number: { display: '+44 20 7946 0958 ext. 12', extension: '12' },
      matches: [],
    });
    expect(service.resolve('00420777123456')).toMatchObject({ ok: true, dial: '+420777123456' });
    expect(service.resolve('201')).toMatchObject({ ok: true, dial: '201', number: { internal: '201' } });
  });

  it('reads a PBX feature code as typed, owned by no one', () => {
    const { service } = setup();
    expect(service.resolve('*31# ')).toEqual({
      ok: true,
      number: { display: '*31#' },
      dial: '*31#',
      matches: [],
    });
  });

  it('says nothing for empty input and why for text that is no number', () => {
    const { service } = setup();
    expect(service.resolve('   ')).toEqual({ ok: false, reason: '' });
    expect(service.resolve('hello')).toEqual({ ok: false, reason: '"hello" is not a phone number.' });
    expect(service.resolve('12-34-ab')).toMatchObject({
      ok: false,
      reason: expect.stringContaining('cannot be read'),
    });
  });
});

describe('calls:dial, the one dial path', () => {
  it('sends only the normalised number, in the body, with the data, and remembers it', async () => {
    const { service, placed, afterDial } = setup();
    const result = await service.dial({
      number: '777 123 456',
      source: 'dialpad',
      data: { crm: 'ticket-7' },
    });
    expect(placed).toEqual([{ to: '+420777123456', data: { crm: 'ticket-7' } }]);
    expect(result).toEqual({
      dialled: '+420777123456',
      number: { display: '+420 777 123 456', e164: '+420777123456' },
      message: 'Calling +420777123456',
    });
    expect(afterDial).toHaveBeenCalledOnce();
    expect(service.recent()).toEqual([
      {
        dial: '+420777123456',
        display: '+420 777 123 456',
        name: 'Jan Novák',
        lastDialledAt: 1000,
        source: 'dialpad',
      },
    ]);
  });

  it('refuses text that is no number without calling the PBX', async () => {
    const { service, placed } = setup();
    await expect(service.dial({ number: '--gpu-launcher=evil', source: 'link' })).rejects.toMatchObject({
      code: 'invalid-argument',
    });
    await expect(service.dial({ number: '', source: 'dialpad' })).rejects.toThrow('Enter a number to dial.');
    expect(placed).toEqual([]);
  });

  it('sends one request for a double click on the same number', async () => {
    const { service, placed } = setup();
    const first = service.dial({ number: '777123456', source: 'directory' });
    const second = service.dial({ number: '+420 777 123 456', source: 'directory' });
    expect(second).toBe(first);
    await first;
    expect(placed).toHaveLength(1);
  });

  it('passes the PBX’s refusal on and remembers nothing', async () => {
    const { service, setAnswer } = setup();
    setAnswer(async () => {
      throw new BusinessError(
        'phone agent-phone is busy with call 1.1 (connected); hang up or hold it first',
      );
    });
    await expect(service.dial({ number: '201', source: 'dialpad' })).rejects.toMatchObject({
      code: 'business-error',
    });
    expect(service.recent()).toEqual([]);
  });
});

describe('links and the shortcut: confirmation', () => {
  it('takes from a link only the canonical text a parsed link becomes', async () => {
    const { service, requests } = setup();
    expect(await service.request('777 123 456', 'link')).toEqual({
      status: 'refused',
      reason: '"777 123 456" is not a number a link can dial.',
    });
    await expect(service.dial({ number: '(0)777-123-456', source: 'link' })).rejects.toMatchObject({
      code: 'invalid-argument',
    });
    expect(requests).toEqual([]);
  });

  it('asks first by default, with the number and the matched person', async () => {
    const { service, placed, requests } = setup();
    const outcome = await service.request('+420777123456', 'link');
    expect(outcome.status).toBe('confirm');
    expect(requests).toEqual([
      {
        requestId: 'request-1',
        source: 'link',
        number: { display: '+420 777 123 456', e164: '+420777123456' },
        dial: '+420777123456',
        match: { kind: 'person', id: 1, name: 'Jan Novák', label: 'mobile', companies: [] },
        matches: [expect.objectContaining({ id: 1 })],
      },
    ]);
    expect(placed).toEqual([]);
  });

  it('dials at once when the user turned confirmation off', async () => {
    const { service, placed, requests } = setup({ confirm: false });
    const outcome = await service.request('777 123 456', 'shortcut');
    expect(outcome).toMatchObject({ status: 'dialled', result: { dialled: '+420777123456' } });
    expect(placed).toEqual([{ to: '+420777123456' }]);
    expect(requests).toEqual([]);
    expect(service.recent()[0]!.source).toBe('shortcut');
  });

  it('always asks for an emergency or a costly number, saying why, even with confirmation off', async () => {
    const { service, placed, requests } = setup({ confirm: false });
    expect(await service.request('112', 'link')).toMatchObject({
      status: 'confirm',
      request: { dial: '112', caution: 'emergency', source: 'link' },
    });
    expect(await service.request('155', 'shortcut')).toMatchObject({
      status: 'confirm',
      request: { dial: '155', caution: 'emergency' },
    });
    expect(await service.request('+420900123456', 'link')).toMatchObject({
      status: 'confirm',
      request: { dial: '+420900123456', caution: 'premium-rate' },
    });
    expect(await service.request('+420 840 123 456', 'shortcut')).toMatchObject({
      status: 'confirm',
      request: { dial: '+420840123456', caution: 'shared-cost' },
    });
    expect(placed).toEqual([]);
    expect(requests.map((request) => request.caution)).toEqual([
      'emergency',
      'emergency',
      'premium-rate',
      'shared-cost',
    ]);
    // The confirmation dials it, once the agent said so.
    await service.dial({ number: '+420840123456', source: 'shortcut', requestId: 'request-4' });
    expect(placed).toEqual([{ to: '+420840123456' }]);
  });

  it('says why an emergency number asks also when confirmation is on', async () => {
    const { requests, service } = setup();
    await service.request('112', 'link');
    await service.request('+420777123456', 'link');
    expect(requests.map((request) => request.caution)).toEqual(['emergency', undefined]);
  });

  it('dials the emergency services at once from the dial pad: the agent typed it', async () => {
    const { service, placed } = setup({ confirm: false });
    await service.dial({ number: '112', source: 'dialpad' });
    expect(placed).toEqual([{ to: '112' }]);
    expect(service.resolve('112')).toMatchObject({ ok: true, dial: '112', caution: 'emergency' });
  });

  it('refuses selected text that is no number, with a reason to show', async () => {
    const { service, requests } = setup();
    expect(await service.request('lunch at 12?', 'shortcut')).toMatchObject({ status: 'refused' });
    expect(await service.request('', 'shortcut')).toEqual({
      status: 'refused',
      reason: 'There is no number to dial.',
    });
    expect(requests).toEqual([]);
  });
});

describe('the confirmation dials only its own request, once', () => {
  const expired = 'This confirmation is no longer valid: it was used already, or a newer one replaced it.';

  it("dials the pending request's number once, and refuses another number or an unknown request", async () => {
    const { service, placed } = setup();
    // As `tel:777 123 456` reaches the dial path: the dial model's canonical text.
    await service.request('777123456', 'link');
    const confirmed = { number: '+420777123456', source: 'link' as const, requestId: 'request-1' };
    await expect(service.dial({ ...confirmed, number: '201' })).rejects.toMatchObject({
      code: 'invalid-argument',
      message: expired,
    });
    await expect(service.dial({ ...confirmed, requestId: 'request-9' })).rejects.toThrow(expired);
    await expect(service.dial({ ...confirmed, source: 'shortcut' })).rejects.toThrow(expired);
    expect(placed).toEqual([]);

    await expect(service.dial(confirmed)).resolves.toMatchObject({ dialled: '+420777123456' });
    await expect(service.dial(confirmed)).rejects.toThrow(expired);
    expect(placed).toEqual([{ to: '+420777123456' }]);
    expect(service.recent()[0]!.source).toBe('link');
  });

  it('lets a newer request replace the pending one', async () => {
    const { service, placed } = setup();
    await service.request('+420777123456', 'link');
    await service.request('201', 'shortcut');
    await expect(
      service.dial({ number: '+420777123456', source: 'link', requestId: 'request-1' }),
    ).rejects.toThrow(expired);
    await service.dial({ number: '201', source: 'shortcut', requestId: 'request-2' });
    expect(placed).toEqual([{ to: '201' }]);
  });

  it('keeps the request when the dial fails, so the confirmation can try again', async () => {
    const { service, placed, setAnswer } = setup();
    await service.request('201', 'link');
    setAnswer(async () => {
      throw new BusinessError('phone agent-phone is busy with call 1.1 (connected)');
    });
    const confirmed = { number: '201', source: 'link' as const, requestId: 'request-1' };
    await expect(service.dial(confirmed)).rejects.toMatchObject({ code: 'business-error' });
    setAnswer(async (to) => `Calling ${to}`);
    await expect(service.dial(confirmed)).resolves.toMatchObject({ dialled: '201' });
    expect(placed).toHaveLength(2);
  });
});

describe('recent numbers', () => {
  it('keeps the newest first, each number once, at most 20', async () => {
    const { service } = setup();
    for (let i = 0; i < 25; i++)
      await service.dial({ number: `+420 601 000 ${String(i).padStart(3, '0')}`, source: 'dialpad' });
    await service.dial({ number: '+420601000010', source: 'history' });
    const recent = service.recent();
    expect(recent).toHaveLength(20);
    expect(recent[0]).toMatchObject({ dial: '+420601000010', source: 'history' });
    expect(recent.filter((entry) => entry.dial === '+420601000010')).toHaveLength(1);
    expect(recent.at(-1)!.dial).toBe('+420601000005');
  });

  it('persist in a JSON file across restarts, and an unreadable file starts an empty list', async () => {
    const path = join(tempDir(), 'recent-numbers.json');
    const first = setup({ store: new JsonFileRecentNumbersStore(path, spyLogger()) });
    await first.service.dial({ number: '201', source: 'tray' });
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual([
      { dial: '201', display: '201', at: 1000, source: 'tray' },
    ]);
    const second = setup({ store: new JsonFileRecentNumbersStore(path, spyLogger()) });
    expect(second.service.recent().map((entry) => entry.dial)).toEqual(['201']);

    writeFileSync(path, '{ not json');
    const logger = spyLogger();
    expect(new JsonFileRecentNumbersStore(path, logger).load()).toEqual([]);
    expect(logger.warn).toHaveBeenCalledWith(expect.stringContaining('is not a list of recent numbers'));
  });
});
