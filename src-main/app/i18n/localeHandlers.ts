/** `locale:get` and `settings:language`: the language in use, and the agent's choice of it. */
import type { HandlersFor, LocaleState, appCommands, settingsCommands } from '../../shared/contract';
import type { LanguageChoice } from '../../shared/i18n';
import type { SettingsRepository } from '../settings/settingsRepository';
import type { LocaleService } from './localeService';

type LocaleCommands = Pick<typeof appCommands, 'locale:get'> &
  Pick<typeof settingsCommands, 'settings:language'>;

export function localeHandlers(
  locale: LocaleService,
  settings: SettingsRepository,
): HandlersFor<LocaleCommands> {
  return {
    'locale:get': async () => locale.state,
    'settings:language': async (choice: LanguageChoice): Promise<LocaleState> => {
      // Saving notifies the settings' subscribers, among them the locale service (appCore.ts).
      settings.save({ ...settings.current, language: choice });
      locale.update();
      return locale.state;
    },
  };
}
