/**
 * What makes settings valid, field by field, with a message a person can act on next to each field. The
 * contract's schema (shared/contract/settingsRegistry.ts) has already checked types and sizes; this checks meaning:
 * the PBX URL's scheme, the country code, the poll interval's bounds, the phone selector, the dial
 * shortcut's accelerator and the trusted certificate. `requireConnection` adds what a configured PBX needs
 * before Ringside can connect to it.
 */
import { isSupportedCountry } from 'libphonenumber-js';
import { InvalidArgument, readPinnedCertificates, resolvePbxUrls, withDefaultScheme } from '../../api';
import { PhoneSelector } from '../../api/schemas';
import { acceleratorKeys, checkAccelerator } from '../../shared/accelerator';
import { crmTemplateProblem } from '../../shared/crmTemplate';
import {
  HISTORY_RETENTION_DAYS,
  QUEUE_LONG_WAIT_SECONDS,
  type PhoneSelectorDto,
  type Settings,
  type SettingsFieldErrors,
  type ShortcutSetting,
} from '../../shared/contract';
import { activeTranslator, t } from '../../shared/i18n';
import { POLL_INTERVAL_MS } from '../../shared/limits';
import { isLoopbackHost } from '../../shared/loopback';

/** The defaults are declared with each setting, in the contract's registry. */
export { defaultSettings, FALLBACK_COUNTRY } from '../../shared/contract';

export type SettingsValidation =
  { ok: true; settings: Settings } | { ok: false; errors: SettingsFieldErrors; settings: Settings };

/**
 * The URL as the user means it: trimmed, without trailing slashes, with the scheme a bare host gets (so Settings
 * shows the scheme that is used). Throws InvalidArgument with the reason.
 */
export function checkPbxUrl(text: string): string {
  const trimmed = withDefaultScheme(text).replace(/\/+$/, '');
  const { baseUrl } = resolvePbxUrls(trimmed);
  const url = new URL(baseUrl);
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    throw new InvalidArgument(t('validation.httpOnlyLoopback'));
  }
  return trimmed;
}

function checkCountry(code: string): string {
  const upper = code.trim().toUpperCase();
  if (!/^[A-Z]{2}$/.test(upper) || !isSupportedCountry(upper)) {
    throw new InvalidArgument(t('validation.unknownCountry', { code }));
  }
  return upper;
}

function checkPollInterval(ms: number): number {
  const { min, max } = POLL_INTERVAL_MS;
  if (!Number.isInteger(ms) || ms < min || ms > max) {
    throw new InvalidArgument(t('validation.pollInterval', { min, max }));
  }
  return ms;
}

function checkLongWait(seconds: number): number {
  const { min, max } = QUEUE_LONG_WAIT_SECONDS;
  if (!Number.isInteger(seconds) || seconds < min || seconds > max) {
    throw new InvalidArgument(t('validation.longWait', { min, max }));
  }
  return seconds;
}

function checkHistoryRetention(days: number | null): number | null {
  if (days === null) return null;
  const { choices } = HISTORY_RETENTION_DAYS;
  if (!(choices as readonly number[]).includes(days)) {
    const listed = activeTranslator().list(choices.map(String), 'unit');
    throw new InvalidArgument(t('validation.historyRetention', { choices: listed }));
  }
  return days;
}

/** '': the team's template; otherwise one Ringside can expand into an https: link. */
function checkCrmTemplateSetting(template: string): string {
  if (template.trim() === '') return '';
  const problem = crmTemplateProblem(template.trim());
  if (problem) throw new InvalidArgument(problem);
  return template.trim();
}

function checkPhone(phone: PhoneSelectorDto | null): PhoneSelectorDto | null {
  if (phone === null) return null;
  const parsed = PhoneSelector.safeParse(phone);
  if (parsed.success) return parsed.data;
  if ('identifier' in phone) throw new InvalidArgument(t('validation.phoneIdentifier'));
  if (!phone.extension.trim()) throw new InvalidArgument(t('validation.phoneExtension'));
  throw new InvalidArgument(t('validation.phonePartition'));
}

function checkDialShortcut(text: string): string {
  const checked = checkAccelerator(text);
  if (!checked.ok) throw new InvalidArgument(checked.reason);
  return checked.accelerator;
}

const SHORTCUT_SETTINGS = ['dialShortcut', 'answerShortcut', 'hangUpShortcut'] as const;

/**
 * A global shortcut can do one thing: the later of two fields that press the same keys on this platform
 * (whatever their spelling) is refused. Run on the checked settings, whose accelerators are well formed.
 */
function sameShortcutTwice(settings: Settings, platform: string): [ShortcutSetting, string][] {
  const seen = new Set<string>();
  const twice: [ShortcutSetting, string][] = [];
  for (const field of SHORTCUT_SETTINGS) {
    const accelerator = settings[field].trim();
    if (!accelerator) continue;
    const keys = acceleratorKeys(accelerator, platform);
    if (seen.has(keys)) twice.push([field, t('validation.shortcutUsedTwice', { shortcut: accelerator })]);
    seen.add(keys);
  }
  return twice;
}

/** Null for no certificate; otherwise the PEM text, which must hold a certificate that is valid now. */
export function checkCertificate(pem: string | null, now: Date): string | null {
  if (pem === null || pem.trim() === '') return null;
  const certificates = readPinnedCertificates(pem);
  if (certificates.every((certificate) => certificate.validToDate < now)) {
    const date = activeTranslator().date(certificates[0]!.validToDate, 'date');
    throw new InvalidArgument(t('validation.certificateExpired', { date }));
  }
  return pem.trim() + '\n';
}

/**
 * Checks every field and returns the normalised settings, or a message per invalid field together with the
 * settings as given (so a form keeps what the user typed).
 */
export function validateSettings(
  input: Settings,
  /** `platform`: whose keys the shortcuts name (CommandOrControl is Cmd on macOS); this process's by default. */
  options: { requireConnection: boolean; now?: Date; platform?: string },
): SettingsValidation {
  const now = options.now ?? new Date();
  const settings: Settings = { ...input };
  const errors: SettingsFieldErrors = {};
  const check = <K extends keyof Settings>(field: K, normalise: (value: Settings[K]) => Settings[K]) => {
    try {
      settings[field] = normalise(input[field]);
    } catch (error) {
      if (!(error instanceof InvalidArgument)) throw error;
      errors[field] = error.message;
    }
  };
  check('baseUrl', (value) => (value.trim() === '' ? '' : checkPbxUrl(value)));
  check('clientId', (value) => value.trim());
  check('agentUsername', (value) => value.trim());
  check('phone', checkPhone);
  // '' is Automatic (app/settings/numberingCountry.ts).
  check('defaultCountry', (code) => (code.trim() === '' ? '' : checkCountry(code)));
  check('dialCountries', (codes) => [...new Set(codes.map(checkCountry))]);
  check('pollIntervalMs', checkPollInterval);
  check('dialShortcut', checkDialShortcut);
  check('answerShortcut', checkDialShortcut);
  check('hangUpShortcut', checkDialShortcut);
  for (const [field, message] of sameShortcutTwice(settings, options.platform ?? process.platform)) {
    errors[field] ??= message;
  }
  check('trustedCertificatePem', (value) => checkCertificate(value, now));
  check('queueLongWaitSeconds', checkLongWait);
  check('historyRetentionDays', checkHistoryRetention);
  check('crmCallUrl', checkCrmTemplateSetting);
  check('crmPersonUrl', checkCrmTemplateSetting);
  if (options.requireConnection) {
    if (!errors.baseUrl && settings.baseUrl === '') errors.baseUrl = t('validation.enterPbxUrl');
    if (settings.clientId === '') errors.clientId = t('validation.enterClientId');
  }
  return Object.keys(errors).length === 0 ? { ok: true, settings } : { ok: false, errors, settings: input };
}
