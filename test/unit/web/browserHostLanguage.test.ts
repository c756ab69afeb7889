/**
 * Settings ▸ Language ▸ Automatic in the browser host: the host process runs with a server's locale
 * (`C.UTF-8`: no language at all), the agent reads in their browser. A signed-in page's Accept-Language
 * decides, after the agent's PBX locale and before the OS's; an explicit choice still wins.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { AppCore } from '../../../src-main/app/appCore';
import { setActiveLocale } from '../../../src-main/shared/i18n';
import { silentLogger } from '../../../src-main/shared/logger';
import { testAppCore } from '../../support/testAppCore';
import { openTab, signIn, startTestHost, type TestHost } from './browserHostFixture';

const CZECH_BROWSER = { 'accept-language': 'cs-CZ,cs;q=0.9,en-US;q=0.8,en;q=0.7' };

describe('the browser host’s Automatic language', () => {
  let core: AppCore | undefined;
  let test: TestHost | undefined;
  afterEach(async () => {
    await test?.close();
    await core?.dispose();
    setActiveLocale('en');
  });

  async function start(systemLanguages: string[]) {
    core = testAppCore({ logger: silentLogger, systemLanguages });
    test = await startTestHost({ core });
    return { core, test, session: await signIn(test) };
  }

  it('speaks the signed-in browser’s language, not the server process’s', async () => {
    const { core, test, session } = await start([]);
    expect(core.locale.state.locale).toBe('en');
    const tab = await openTab(test, session, CZECH_BROWSER);
    tab.send(JSON.stringify({ type: 'invoke', id: 1, channel: 'locale:get' }));
    const reply = await tab.next((frame) => frame.type === 'result' && frame.id === 1);
    expect(reply).toMatchObject({
      result: { ok: true, value: { locale: 'cs', choice: 'auto', automatic: 'cs' } },
    });
    tab.close();
  });

  it('puts the browser before the OS, and the agent’s choice before both', async () => {
    const { core, test, session } = await start(['sk-SK']);
    expect(core.locale.state.locale).toBe('sk');
    const tab = await openTab(test, session, { 'accept-language': 'de-DE, en;q=0.5' });
    await tab.next((frame) => frame.type === 'hello');
    expect(core.locale.state).toEqual({ locale: 'en', choice: 'auto', automatic: 'en' });
    tab.close();

    const czechTab = await openTab(test, session, CZECH_BROWSER);
    czechTab.send(JSON.stringify({ type: 'invoke', id: 2, channel: 'settings:language', args: 'sk' }));
    await czechTab.next((frame) => frame.type === 'result' && frame.id === 2);
    expect(core.locale.state).toEqual({ locale: 'sk', choice: 'sk', automatic: 'cs' });
    czechTab.close();
  });
});
