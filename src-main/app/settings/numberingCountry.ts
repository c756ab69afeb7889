/**
 * The country a number without a country code belongs to. The agent's own choice in Settings wins; left on
 * Automatic (''), the PBX side decides (the demo organisation's country; else the country of the agent's PBX
 * user locale, `cs_CZ` → CZ: the PBX knows where its agents work, whatever the computer is set to), then the
 * OS region, then a fallback the Settings screen names as a guess.
 *
 * The PBX's locales are interface languages (cs_CZ, en_US, sk_SK): `en_US` is its only English, picked by
 * English speakers anywhere, so it names no country; the Czech and Slovak ones do.
 */
import { isSupportedDefaultCountry } from '../../shared/numbers';
import { FALLBACK_COUNTRY, type NumberingCountry } from '../../shared/contract';
import { regionOfLocale } from '../../shared/i18n';

export interface NumberingCountrySources {
  /** `Settings.defaultCountry`: '' for Automatic. */
  setting: string;
  /** The agent's PBX user `locale` (`cs_CZ`…), once the agent is known. */
  agentLocale?: string | undefined;
  /** The demo organisation's country, in demo mode. */
  demoCountry?: string | undefined;
  /** The OS region (shared/i18n/osLocale.ts: never one inferred from the `C` locale). */
  osRegion?: string | undefined;
}

/** The PBX's only English locale: a language, not a place. */
const PBX_ENGLISH = /^en[-_]US$/i;

export function numberingCountry({
  setting,
  agentLocale,
  demoCountry,
  osRegion,
}: NumberingCountrySources): NumberingCountry {
  const supported = (code: string | undefined) =>
    code && isSupportedDefaultCountry(code) ? code.toUpperCase() : undefined;
  const chosen = supported(setting.trim());
  if (chosen) return { country: chosen, source: 'setting' };
  const ofPbx =
    supported(demoCountry) ??
    (agentLocale && !PBX_ENGLISH.test(agentLocale.trim())
      ? supported(regionOfLocale(agentLocale))
      : undefined);
  if (ofPbx) return { country: ofPbx, source: 'pbx' };
  const ofOs = supported(osRegion);
  if (ofOs) return { country: ofOs, source: 'os' };
  return { country: FALLBACK_COUNTRY, source: 'fallback' };
}
