/**
 * Which language main speaks and tells the windows to speak: the agent's choice in Settings, else
 * (Automatic) the agent's PBX user locale once known, else the browser's languages (browser host), else the OS
 * languages, else English. Sets the
 * process's active locale, so the tray, notifications and main's messages follow at once, and emits
 * `locale:changed` so every window re-words itself without a restart.
 */
import '../../shared/i18n/allCatalogues';
import {
  resolveLocale,
  setActiveLocale,
  PSEUDO_LOCALE,
  type DisplayLocale,
  type LanguageChoice,
} from '../../shared/i18n';
import type { LocaleState } from '../../shared/contract';
import type { Logger } from '../../shared/logger';

export interface LocaleServiceDeps {
  /** Settings ▸ Language; absent means Automatic. */
  choice(): LanguageChoice | undefined;
  /** The agent's PBX user `locale`, once the agent is known. */
  agentLocale(): string | undefined;
  /** The OS's preferred languages, most preferred first. */
  systemLanguages: readonly string[];
  /** Layout tests: speak the pseudo-locale whatever is chosen. */
  pseudo?: boolean;
  emit(state: LocaleState): void;
  /**
   * Speaks the locale: absent, the process's active locale (the desktop, one agent); an agent session of a
   * team server speaks it only in its own work (agent/agentSession.ts).
   */
  apply?(locale: DisplayLocale): void;
  logger: Logger;
}

export class LocaleService {
  private current: LocaleState;
  private browserLanguages: readonly string[] = [];

  constructor(private readonly deps: LocaleServiceDeps) {
    this.current = this.resolve();
    this.apply(this.current.locale);
  }

  get state(): LocaleState {
    return this.current;
  }

  /**
   * The browser host: the languages of the browser whose page signed in last (its Accept-Language), after the
   * agent's PBX locale and before the OS's.
   */
  useBrowserLanguages(languages: readonly string[]): void {
    this.browserLanguages = [...languages];
    this.update();
  }

  /** Looks again at the choice and the agent; applies and announces a change. */
  update(): void {
    const next = this.resolve();
    const { locale, choice, automatic } = this.current;
    if (next.locale === locale && next.choice === choice && next.automatic === automatic) return;
    this.current = next;
    try {
      this.apply(next.locale);
    } catch (error) {
      // Something in main could not be worded again (logged); the windows switch all the same.
      this.deps.logger.warn(`switching to ${next.locale}: part of main stayed in the old language`, error);
    }
    this.deps.emit(next);
  }

  private apply(locale: DisplayLocale): void {
    if (this.deps.apply) this.deps.apply(locale);
    else setActiveLocale(locale);
  }

  private resolve(): LocaleState {
    const choice = this.deps.choice() ?? 'auto';
    const sources = {
      agentLocale: this.deps.agentLocale(),
      browserLanguages: this.browserLanguages,
      systemLanguages: this.deps.systemLanguages,
    };
    const automatic = resolveLocale({ ...sources, choice: 'auto' });
    const locale = this.deps.pseudo ? PSEUDO_LOCALE : resolveLocale({ ...sources, choice });
    return { locale, choice, automatic };
  }
}
