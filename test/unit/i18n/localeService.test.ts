/**
 * The language main speaks follows the agent's choice and, on Automatic, the agent's PBX locale: every change
 * sets the process's active locale and emits `locale:changed` once; nothing changes, nothing is emitted.
 * End to end through AppCore, `settings:language` switches `locale:get` and main's own words at once.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { LocaleService } from '../../../src-main/app/i18n/localeService';
import type { LocaleState } from '../../../src-main/shared/contract';
import { activeTranslator, setActiveLocale, t, type LanguageChoice } from '../../../src-main/shared/i18n';
import { silentLogger } from '../../../src-main/shared/logger';
import { testAppCore } from '../../support/testAppCore';
import { EventLog } from '../support/eventLog';

afterEach(() => setActiveLocale('en'));

function service(options: { systemLanguages?: string[]; pseudo?: boolean } = {}) {
  const sources = { choice: undefined as LanguageChoice | undefined, agent: undefined as string | undefined };
  const emitted: LocaleState[] = [];
  const locale = new LocaleService({
    choice: () => sources.choice,
    agentLocale: () => sources.agent,
    systemLanguages: options.systemLanguages ?? [],
    pseudo: options.pseudo,
    emit: (state) => emitted.push(state),
    logger: silentLogger,
  });
  return { locale, sources, emitted };
}

describe('LocaleService', () => {
  it('starts in the OS language on Automatic, without announcing it', () => {
    const { locale, emitted } = service({ systemLanguages: ['sk-SK'] });
    expect(locale.state).toEqual({ locale: 'sk', choice: 'auto', automatic: 'sk' });
    expect(activeTranslator().locale).toBe('sk');
    expect(emitted).toEqual([]);
  });

  it('emits locale:changed when the agent chooses a language, and once only', () => {
    const { locale, sources, emitted } = service();
    sources.choice = 'cs';
    locale.update();
    locale.update();
    expect(emitted).toEqual([{ locale: 'cs', choice: 'cs', automatic: 'en' }]);
    expect(activeTranslator().locale).toBe('cs');
    expect(t('common.close')).toBe('Zavřít');
  });

  it('on Automatic, follows the agent’s PBX locale once the agent is known', () => {
    const { locale, sources, emitted } = service({ systemLanguages: ['en-US'] });
    sources.agent = 'cs_CZ';
    locale.update();
    sources.agent = 'sk_SK';
    locale.update();
    expect(emitted.map((state) => state.locale)).toEqual(['cs', 'sk']);
    expect(activeTranslator().locale).toBe('sk');
  });

  it('an explicit choice ignores the agent’s locale, but still says what Automatic would pick', () => {
    const { locale, sources, emitted } = service();
    sources.choice = 'en';
    locale.update();
    expect(emitted).toEqual([{ locale: 'en', choice: 'en', automatic: 'en' }]);
    sources.agent = 'cs_CZ';
    locale.update();
    // The language in use stays; Settings learns what "Automatic" would now mean.
    expect(emitted.at(-1)).toEqual({ locale: 'en', choice: 'en', automatic: 'cs' });
    expect(activeTranslator().locale).toBe('en');
  });

  it('speaks the pseudo-locale whatever is chosen, for layout tests', () => {
    const { locale, sources } = service({ pseudo: true });
    sources.choice = 'cs';
    locale.update();
    expect(locale.state.locale).toBe('pseudo');
    expect(activeTranslator().locale).toBe('pseudo');
  });
});

describe('AppCore', () => {
  it('settings:language switches locale:get, main’s words and tells every window', async () => {
    const core = testAppCore({ logger: silentLogger, systemLanguages: ['en-GB'] });
    const events = new EventLog();
    core.subscribe(events.listener);
    try {
      expect(await core.commands['locale:get']()).toEqual({ locale: 'en', choice: 'auto', automatic: 'en' });

      const state = await core.commands['settings:language']('cs');
      expect(state).toEqual({ locale: 'cs', choice: 'cs', automatic: 'en' });
      expect(await core.commands['locale:get']()).toEqual(state);
      expect(activeTranslator().locale).toBe('cs');
      expect(events.of('locale:changed')).toEqual([state]);
      expect((await core.commands['settings:get']()).settings.language).toBe('cs');

      await core.commands['settings:language']('auto');
      expect((await core.commands['locale:get']()).locale).toBe('en');
      expect(activeTranslator().locale).toBe('en');
    } finally {
      await core.dispose();
    }
  });

  it('on Automatic with no agent, speaks the OS language', async () => {
    const core = testAppCore({ logger: silentLogger, systemLanguages: ['sk-SK', 'en-US'] });
    try {
      expect(await core.commands['locale:get']()).toEqual({ locale: 'sk', choice: 'auto', automatic: 'sk' });
      expect(activeTranslator().locale).toBe('sk');
    } finally {
      await core.dispose();
    }
  });
});
