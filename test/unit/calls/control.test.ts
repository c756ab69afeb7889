import { describe, expect, it, vi } from 'vitest';
import { BusinessError, NetworkError } from '../../../src-main/api/errors';
import type { ActiveCall, CallControlState } from '../../../src-main/api/schemas';
import { CallBoard } from '../../../src-main/calls/control/callBoard';
import { CallControl, type CallControlClient } from '../../../src-main/calls/control/callControl';
import { observeCall } from '../../../src-main/calls/monitor/observedCall';
import type { CallView } from '../../../src-main/shared/contract';
import { AGENT, callItem, spyLogger } from './fixtures';

const selector = { identifier: AGENT.identifier };

interface Deferred {
  kind: string;
  resolve(message: string): void;
  reject(error: unknown): void;
}

/** A PBX client whose answers the test gives, one request at a time. */
class ManualControlClient implements CallControlClient {
  readonly requests: Deferred[] = [];

  controlCall(_selector: unknown, state: CallControlState): Promise<string> {
    return this.pending(state);
  }

  hangUp(): Promise<string> {
    return this.pending('hangup');
  }

  private pending(kind: string): Promise<string> {
    return new Promise((resolve, reject) => this.requests.push({ kind, resolve, reject }));
  }
}

function setup(items: ActiveCall[]) {
  const announced: CallView[][] = [];
  let pollId = 1;
  const board = new CallBoard({
    clock: { now: () => pollId * 1000 },
    partyOf: (call) => ({
      number: call.remote.number,
      display: call.remote.number,
      pbxName: '',
      match: null,
    }),
    onChange: (views) => announced.push(views),
  });
  const client = new ManualControlClient();
  const pollNow = vi.fn();
  const logger = spyLogger();
  const control = new CallControl({
    board,
    connection: () => ({ client, selector }),
    lastPollId: () => pollId,
    pollNow,
    logger,
  });
  const poll = (next: ActiveCall[]) => {
    pollId++;
    board.applySnapshot({
      pollId,
      calls: next.map((item) => observeCall(item, { selector }, 0)),
      events: [],
    });
  };
  poll(items);
  const view = (uniqueid: string) => board.views().find((call) => call.uniqueid === uniqueid);
  return { board, client, control, poll, pollNow, announced, view, logger, startPoll: () => pollId++ };
}

const ringing = callItem({ uniqueid: '1.1', state: 'ringing' });
const connected = callItem({ uniqueid: '1.1', state: 'connected' });

describe('call control: optimistic requests', () => {
  it('shows "Answering…" at once, keeps it until a later poll shows the answer, then the real state', async () => {
    const { control, client, view, poll, pollNow, startPoll } = setup([ringing]);
    const answered = control.control({ uniqueid: '1.1', action: 'answer' });
    expect(view('1.1')).toMatchObject({
      state: 'ringing',
      stateLabel: 'Answering…',
      pending: 'answer',
      actions: ['hangup'],
    });
    expect(client.requests.map((request) => request.kind)).toEqual(['answer']);

    client.requests[0]!.resolve('Call 1.1 answered');
    await expect(answered).resolves.toEqual({ message: 'Call 1.1 answered' });
    expect(pollNow).toHaveBeenCalledTimes(1);
    expect(view('1.1')!.stateLabel).toBe('Answering…'); // a poll started before the answer proves nothing
    startPoll();
    expect(view('1.1')!.pending).toBe('answer');
    poll([connected]);
    expect(view('1.1')).toMatchObject({
      state: 'connected',
      stateLabel: 'Connected',
      pending: null,
      actions: ['hold', 'hangup'],
    });
  });

  it('rolls back with the PBX’s own message when it declines', async () => {
    const { control, client, view, announced, logger } = setup([connected]);
    const held = control.control({ uniqueid: '1.1', action: 'hold' });
    expect(view('1.1')!.stateLabel).toBe('Holding…');
    const declined = new BusinessError('phone agent-phone has no connected call to hold', {
      method: 'PATCH',
      path: '/call',
    });
    client.requests[0]!.reject(declined);
    await expect(held).rejects.toBe(declined);
    expect(view('1.1')).toMatchObject({
      stateLabel: 'Connected',
      pending: null,
      notice: {
        action: 'hold',
        detail: 'The PBX’s answer: “phone agent-phone has no connected call to hold”',
      },
      actions: ['hold', 'hangup'],
    });
    expect(announced.map((views) => views[0]!.stateLabel)).toEqual(['Connected', 'Holding…', 'Connected']);
    // The log keeps the request the message for people leaves out.
    expect(logger.info).toHaveBeenCalledWith(
      'call control: hold of 1.1 failed (PATCH /call): phone agent-phone has no connected call to hold',
    );
  });

  it('rolls back with a message a person can act on when the PBX cannot be reached', async () => {
    const { control, client, view } = setup([connected]);
    const hungUp = control.control({ uniqueid: '1.1', action: 'hangup' });
    client.requests[0]!.reject(new NetworkError('refused', 'pbx.example.com'));
    await expect(hungUp).rejects.toBeInstanceOf(NetworkError);
    expect(view('1.1')!.notice).toMatchObject({
      action: 'hangup',
      detail: expect.stringMatching(/pbx\.example\.com refused the connection/),
    });
  });

  it('clears the notice when the call changes state', async () => {
    const { control, client, view, poll } = setup([connected]);
    const held = control.control({ uniqueid: '1.1', action: 'hold' });
    client.requests[0]!.reject(new BusinessError('busy'));
    await held.catch(() => {});
    poll([callItem({ uniqueid: '1.1', state: 'held' })]);
    expect(view('1.1')!.notice).toBeNull();
  });

  it('sends one request for a double click and gives both clicks the same outcome', async () => {
    const { control, client } = setup([ringing]);
    const first = control.control({ uniqueid: '1.1', action: 'answer' });
    const second = control.control({ uniqueid: '1.1', action: 'answer' });
    expect(second).toBe(first);
    expect(client.requests).toHaveLength(1);
    client.requests[0]!.resolve('ok');
    await Promise.all([first, second]);
    const later = control.control({ uniqueid: '1.1', action: 'answer' });
    expect(client.requests).toHaveLength(2); // once settled, a new click is a new request
    client.requests[1]!.resolve('ok');
    await later;
  });

  it('lets a hang-up through while another action is on its way', () => {
    const { control, client } = setup([connected]);
    void control.control({ uniqueid: '1.1', action: 'hold' });
    void control.control({ uniqueid: '1.1', action: 'hangup' });
    expect(client.requests.map((request) => request.kind)).toEqual(['held', 'hangup']);
  });
});

describe('call control: refusals before anything is sent', () => {
  it('refuses an action the call’s state does not allow', async () => {
    const { control, client, view } = setup([ringing]);
    await expect(control.control({ uniqueid: '1.1', action: 'hold' })).rejects.toThrow(
      'A call that is "Ringing" cannot be put on hold.',
    );
    expect(client.requests).toEqual([]);
    expect(view('1.1')!.pending).toBeNull();
  });

  it('refuses a call that is no longer on the phone', async () => {
    const { control } = setup([]);
    await expect(control.control({ uniqueid: '9.9', action: 'hangup' })).rejects.toMatchObject({
      code: 'invalid-argument',
      message: expect.stringContaining('no longer on your phone'),
    });
  });

  it('refuses to hang up a held call while another is connected, since the PBX would hang up that one', async () => {
    const held = callItem({ uniqueid: '1.1', state: 'held', created: 100 });
    const talking = callItem({ uniqueid: '1.2', state: 'connected', created: 200, number: '+420601000000' });
    const { control, client, view } = setup([held, talking]);
    expect(view('1.1')!.actions).toEqual(['resume']);
    expect(view('1.2')!.actions).toEqual(['hold', 'hangup']);
    await expect(control.control({ uniqueid: '1.1', action: 'hangup' })).rejects.toMatchObject({
      message: 'The PBX would hang up your other call (1.2) instead. Hang up or hold that call first.',
    });
    expect(client.requests).toEqual([]);
  });

  it('offers answer on the oldest ringing call and resume on the most recently held one', () => {
    const { view, poll } = setup([
      callItem({ uniqueid: '1.1', state: 'connected', created: 100 }),
      callItem({ uniqueid: '1.2', state: 'connected', created: 200 }),
      callItem({ uniqueid: '1.3', state: 'ringing', created: 300 }),
      callItem({ uniqueid: '1.4', state: 'ringing', created: 400 }),
    ]);
    expect(view('1.3')!.actions).toEqual(['answer']);
    expect(view('1.4')!.actions).toEqual([]);
    poll([
      callItem({ uniqueid: '1.1', state: 'held', created: 100 }),
      callItem({ uniqueid: '1.2', state: 'connected', created: 200 }),
    ]);
    poll([
      callItem({ uniqueid: '1.1', state: 'held', created: 100 }),
      callItem({ uniqueid: '1.2', state: 'held', created: 200 }),
    ]);
    // Resume takes the call held last; hang-up among held calls the oldest.
    expect(view('1.1')!.actions).toEqual(['hangup']);
    expect(view('1.2')!.actions).toEqual(['resume']);
  });
});
