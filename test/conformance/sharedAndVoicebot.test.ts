/** Shared data and the three uses of voicebot say. */
import { describe, expect, it } from 'vitest';
import { SharedDataItem } from '../../src-main/api/schemas';
import { expectFailure, startTestPbx } from './helpers';

const { pbx, client } = await startTestPbx();

describe('shared data', () => {
  it('serves the seeded dispositions list', async () => {
    const { body } = await client.get('/shared/ringside.dispositions');
    const item = SharedDataItem.parse(body.data);
    const dispositions = item.data.dispositions as { code: string; label: string }[];
    expect(dispositions.length).toBeGreaterThan(3);
    for (const disposition of dispositions)
      expect(disposition).toMatchObject({ code: expect.any(String), label: expect.any(String) });
  });

  it('replaces the whole value on POST', async () => {
    await client.post('/shared/team.notes', { type: 'json', data: { a: 1, b: { c: 2 } } });
    expect((await client.post('/shared/team.notes', { type: 'text', data: { b: 3 } })).body).toEqual({
      success: true,
      data: null,
    });
    expect((await client.get('/shared/team.notes')).body.data).toEqual({ type: 'text', data: { b: 3 } });
  });

  it('answers 404 for an identifier never written', async () => {
    expectFailure(await client.get('/shared/never.written'), 404, 'shared data never.written not found');
  });

  it.each([
    [{ data: {} }, /^type: /],
    [{ type: 'json', data: [1, 2] }, /^data: /],
    [{ type: 'json' }, /^data: /],
    ['"just a string"', /^body: /],
  ])('refuses the item %j with 400 naming the field', async (body, message) => {
    expectFailure(await client.post('/shared/bad.item', body), 400, message);
    expect((await client.get('/shared/bad.item')).status).toBe(404);
  });

  it('refuses an identifier with characters outside letters, digits and . _ : -', async () => {
    expectFailure(await client.get('/shared/has%20space'), 400, /^identificator: /);
  });
});

describe('voicebot say', () => {
  async function conversation(wait_s?: number): Promise<{ conversationId: string; correlationId: string }> {
    const response = await client.post(
      '/_sim/voicebot/conversations',
      wait_s === undefined ? {} : { wait_s },
    );
    expect(response.body.success).toBe(true);
    return response.body.data;
  }
  const view = async (conversationId: string) =>
    (await client.get(`/_sim/voicebot/conversations/${conversationId}`)).body.data;

  it('speaks to the caller with conversationId and text, ignoring other fields', async () => {
    const { conversationId, correlationId } = await conversation();
    const response = await client.post('/voicebot/say', {
      conversationId,
      text: 'One moment please.',
      correlationId,
      end: true,
    });
    expect(response.body).toEqual({ success: true, data: null });
    const state = await view(conversationId);
    expect(state.spoken).toEqual(['One moment please.']);
    expect(state.outcome).toBe('active');
    expect(state.turns[0].state).toBe('pending');
  });

  it('extends the wait for a turn reply with correlationId and extendTimeout', async () => {
    const { conversationId, correlationId } = await conversation(10);
    pbx.sim.advance(8);
    expect((await client.post('/voicebot/say', { correlationId, extendTimeout: 30 })).body.success).toBe(
      true,
    );
    pbx.sim.advance(20);
    expect((await view(conversationId)).turns[0].state).toBe('pending');
  });

  it('replies to a turn with correlationId, text and extractedData, then transfers or ends the call', async () => {
    const first = await conversation();
    const reply = {
      correlationId: first.correlationId,
      text: 'Connecting you.',
      extractedData: { intent: 'billing' },
    };
    expect((await client.post('/voicebot/say', { ...reply, transfer: true })).body.success).toBe(true);
    const state = await view(first.conversationId);
    expect(state.outcome).toBe('transferred');
    expect(state.turns[0]).toMatchObject({
      state: 'answered',
      reply: { extractedData: { intent: 'billing' }, transfer: true },
    });

    const second = await conversation();
    await client.post('/voicebot/say', {
      correlationId: second.correlationId,
      text: 'Bye.',
      extractedData: {},
      end: true,
    });
    expect((await view(second.conversationId)).outcome).toBe('ended');
  });

  it('keeps the conversation going after a plain reply, with the next turn', async () => {
    const { conversationId, correlationId } = await conversation();
    await client.post('/voicebot/say', {
      correlationId,
      text: 'What is your order number?',
      extractedData: {},
    });
    const next = await client.post(`/_sim/voicebot/conversations/${conversationId}/turns`, {});
    const reply = {
      correlationId: next.body.data.correlationId,
      text: 'Thanks.',
      extractedData: { order: '123' },
    };
    expect((await client.post('/voicebot/say', reply)).body.success).toBe(true);
    expect((await view(conversationId)).turns.map((turn: { state: string }) => turn.state)).toEqual([
      'answered',
      'answered',
    ]);
  });

  it.each([
    [
      { conversationId: 'no-such-conversation', text: 'Hello' },
      'Unknown conversationId no-such-conversation',
    ],
    [{ correlationId: 'no-such-turn', extendTimeout: 5 }, 'Unknown correlationId no-such-turn'],
    [{ correlationId: 'no-such-turn', text: 'x', extractedData: {} }, 'Unknown correlationId no-such-turn'],
  ])('answers unknown ids %j with a business error at HTTP 200', async (body, message) => {
    const response = await client.post('/voicebot/say', body);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: false, data: null, error: message });
  });

  it('refuses a reply after the wait expired, a second reply, and speaking after the end', async () => {
    const late = await conversation(5);
    pbx.sim.advance(6);
    const expired = await client.post('/voicebot/say', {
      correlationId: late.correlationId,
      text: 'x',
      extractedData: {},
    });
    expect(expired.body).toMatchObject({ success: false, error: expect.stringMatching(/has expired/) });

    const done = await conversation();
    const reply = { correlationId: done.correlationId, text: 'Bye', extractedData: {}, end: true };
    await client.post('/voicebot/say', reply);
    expect((await client.post('/voicebot/say', reply)).body.error).toMatch(/already been answered/);
    const speak = await client.post('/voicebot/say', {
      conversationId: done.conversationId,
      text: 'Still there?',
    });
    expect(speak.body).toMatchObject({ success: false, error: expect.stringMatching(/has ended/) });
  });

  it.each([
    [{ text: 'Who am I talking to?' }, /voicebot say needs conversationId and text/],
    [{ correlationId: 'c', text: 'no extracted data' }, /voicebot say needs/],
    [{ correlationId: 'c', extendTimeout: -5 }, /^extendTimeout: /],
    [
      { correlationId: 'c', text: 'x', extractedData: {}, transfer: true, end: true },
      'transfer and end cannot both be true',
    ],
    [{ conversationId: 42, text: 'x' }, /^conversationId: /],
  ])('refuses the malformed request %j with 400', async (body, message) => {
    expectFailure(await client.post('/voicebot/say', body), 400, message);
  });
});
