/**
 * Main's `t()` in a process that serves several agents: each agent session's work speaks that agent's
 * language, also in what it schedules for later, while the process (and the renderer's shared code) keeps
 * its own.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { OwnLanguage, speakingAs, boundToSpeaker } from '../../../src-main/app/i18n/localeContext';
import { setActiveLocale, t } from '../../../src-main/shared/i18n';
import '../../../src-main/shared/i18n/allCatalogues';

const CZECH_CANCEL = 'Zrušit';
const SLOVAK_CANCEL = 'Zrušiť';

afterEach(() => setActiveLocale('en'));

function speaker(locale: 'cs' | 'sk'): OwnLanguage {
  const language = new OwnLanguage();
  language.speak(locale);
  return language;
}

const later = <T>(work: () => T) => new Promise<T>((resolve) => setTimeout(() => resolve(work()), 5));

describe('the language of an agent session’s work', () => {
  it('holds in timers and after awaits the work started, side by side with another session’s', async () => {
    const czech = speaker('cs');
    const slovak = speaker('sk');
    const [inCzech, inSlovak] = await Promise.all([
      speakingAs(czech, async () => {
        await later(() => undefined);
        return later(() => t('common.cancel'));
      }),
      speakingAs(slovak, () => later(() => t('common.cancel'))),
    ]);
    expect(inCzech).toBe(CZECH_CANCEL);
    expect(inSlovak).toBe(SLOVAK_CANCEL);
    expect(t('common.cancel')).toBe('Cancel');
  });

  it('follows a switch in timers already set, and leaves the process’s language alone', async () => {
    const agent = speaker('cs');
    const pending = speakingAs(agent, () => later(() => t('common.cancel')));
    agent.speak('sk');
    expect(await pending).toBe(SLOVAK_CANCEL);
    setActiveLocale('cs');
    expect(speakingAs(agent, () => t('common.cancel'))).toBe(SLOVAK_CANCEL);
    expect(t('common.cancel')).toBe(CZECH_CANCEL);
  });

  it('runs a bound listener in the session’s language whoever calls it, and re-words on its switch', () => {
    const agent = speaker('cs');
    const heard: string[] = [];
    agent.onChange(() => heard.push(t('common.cancel')));
    const bound = boundToSpeaker(agent, () => t('common.cancel'));
    expect(bound()).toBe(CZECH_CANCEL);
    agent.speak('sk');
    expect(heard).toEqual([SLOVAK_CANCEL]);
    agent.speak('sk');
    expect(heard).toHaveLength(1);
  });
});
