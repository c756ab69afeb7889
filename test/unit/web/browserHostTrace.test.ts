/**
 * A state-changing command from a browser tab leaves a trace in the log (which commands change state: the
 * contract's `.changes<…>()`), with the tab, the command and its outcome, but never a number in full or a
 * secret; a read leaves none. Against a real server and the real dispatcher, with a logger that records.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultSettings } from '../../../src-main/app/settings/settingsSchema';
import { changesState, commandTable, isCommandChannel } from '../../../src-main/shared/contract';
import type { ServerFrame } from '../../../src-main/shared/wsProtocol';
import { spyLogger } from '../../support/spyLogger';
import { fakeCore, openTab, signIn, startTestHost, type TestHost, type TestTab } from './browserHostFixture';

const NUMBER = '+420 601 234 567';
const SECRET = 's3cr3t-Client-Secret-42';

describe('the trace of state-changing commands', () => {
  const logger = spyLogger();
  let test: TestHost;
  let tab: TestTab;
  const logged = () =>
    [
      ...logger.info.mock.calls,
      ...logger.warn.mock.calls,
      ...logger.error.mock.calls,
      ...logger.debug.mock.calls,
    ]
      .map((call) =>
        call.map((part: unknown) => (part instanceof Error ? part.message : String(part))).join(' '),
      )
      .join('\n');
  const isResult = (id: number) => (frame: ServerFrame) => frame.type === 'result' && frame.id === id;

  beforeAll(async () => {
    const core = fakeCore();
    Object.assign(core.commands, {
      'calls:dial': async () => ({ status: 'dialled', e164: '+420601234567' }),
      'settings:save': async () => {
        throw Object.assign(new Error('the PBX refused the client id or secret'), { code: 'auth-failed' });
      },
    });
    test = await startTestHost({ core, logger });
    tab = await openTab(test, await signIn(test));
    await tab.next((frame) => frame.type === 'hello');
  });
  afterAll(() => test.close());

  it('a dial: the tab, the command, the outcome, and the number cut to its last three digits', async () => {
    tab.send(
      JSON.stringify({
        type: 'invoke',
        id: 1,
        channel: 'calls:dial',
        args: { number: NUMBER, source: 'dialpad' },
      }),
    );
    expect(await tab.next(isResult(1))).toMatchObject({ result: { ok: true } });
    const line = logger.info.mock.calls
      .map((call) => String(call[0]))
      .find((text) => text.includes('calls:dial'));
    expect(line).toMatch(/^browser tab \d+ \(http:\/\/127\.0\.0\.1:\d+\): calls:dial .*"…567".* → ok$/);
    expect(logged()).not.toMatch(/601\s?234|420601|234\s?567/);
  });

  it('a settings change: logged with its refusal, the secret redacted everywhere', async () => {
    const settings = { ...defaultSettings(), agentUsername: 'agent.smith' };
    tab.send(
      JSON.stringify({ type: 'invoke', id: 2, channel: 'settings:save', args: { settings, secret: SECRET } }),
    );
    expect(await tab.next(isResult(2))).toMatchObject({
      result: { ok: false, error: { code: 'auth-failed' } },
    });
    const line = logger.info.mock.calls
      .map((call) => String(call[0]))
      .find((text) => text.includes('settings:save'));
    expect(line).toMatch(/settings:save .*"secret":"\[redacted\]".* → refused \(auth-failed\)$/);
    expect(logged()).not.toContain(SECRET);
  });

  it('an enrollment link sent to the page host: logged without its token', async () => {
    const token = 'u7Jq2kVfA9sT4mXw0pLr8yNc3bHd6eGz';
    const link = `https://ringside.example.com/enroll#${token}`;
    tab.send(JSON.stringify({ type: 'invoke', id: 3, channel: 'teamServer:signInWithLink', args: { link } }));
    expect(await tab.next(isResult(3))).toMatchObject({ result: { ok: false } });
    const line = logger.info.mock.calls
      .map((call) => String(call[0]))
      .find((text) => text.includes('teamServer:signInWithLink'));
    expect(line).toContain('https://ringside.example.com/enroll#[redacted]');
    expect(logged()).not.toContain(token);
  });

  it('a read leaves no trace', async () => {
    const before = logger.info.mock.calls.length;
    tab.send(JSON.stringify({ type: 'invoke', id: 3, channel: 'app:info' }));
    await tab.next(isResult(3));
    expect(logger.info.mock.calls.length).toBe(before);
  });
});

describe('which commands change state', () => {
  it('is declared in the contract: the dial, call control, settings, local data and the PBX are; reads are not', () => {
    const changing = Object.keys(commandTable).filter(
      (channel) => isCommandChannel(channel) && changesState(channel),
    );
    expect(changing).toEqual(
      expect.arrayContaining([
        'calls:dial',
        'calls:control',
        'settings:save',
        'settings:language',
        'privacy:clear',
        'queues:change',
        'wrapup:save',
        'directory:updateContacts',
      ]),
    );
    for (const read of ['app:info', 'history:list', 'settings:get', 'directory:search', 'calls:list']) {
      expect(changing).not.toContain(read);
    }
  });
});
