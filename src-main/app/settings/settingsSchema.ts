/**
 * What makes settings valid, field by field, with a message a person can act on next to each field. The
 * contract's schema (shared/settingsContract.ts) has already checked types and sizes; this checks meaning:
 * the PBX URL's scheme, the country code, the poll interval's bounds, the phone selector, the dial
 * shortcut's accelerator and the trusted certificate. `requireConnection` adds what a configured PBX needs
 * before Ringside can connect to it.
 */
import { isSupportedCountry } from 'libphonenumber-js';
import { InvalidArgument, readPinnedCertificates, resolvePbxUrls } from '../../api';
import { PhoneSelector } from '../../api/schemas';
import { acceleratorKeys, checkAccelerator, DEFAULT_DIAL_SHORTCUT } from '../../shared/accelerator';
import { crmTemplateProblem } from '../../shared/crmTemplate';
import {
  HISTORY_RETENTION_DAYS,
  QUEUE_LONG_WAIT_SECONDS,
  QUEUE_SETTING_DEFAULTS,
  type PhoneSelectorDto,
  type Settings,
  type SettingsFieldErrors,
  type ShortcutSetting,
} from '../../shared/contract';
import { activeTranslator, t } from '../../shared/i18n';
import { POLL_INTERVAL_MS } from '../../shared/limits';
import { isLoopbackHost } from '../../shared/loopback';

/** Used when the OS reports no region; phone numbers with a country code work whatever this is. */
export const FALLBACK_COUNTRY = 'US';

/** The settings of a fresh install: the demo PBX, the OS region for phone numbers. */
export function defaultSettings(osRegion?: string): Settings {
  const region = osRegion?.trim().toUpperCase();
  return {
    mode: 'demo',
    baseUrl: '',
    clientId: '',
    agentUsername: '',
    phone: null,
    defaultCountry: region && isSupportedCountry(region) ? region : FALLBACK_COUNTRY,
    pollIntervalMs: POLL_INTERVAL_MS.default,
    confirmBeforeDial: true,
    startAtLogin: false,
    keepRunningInTray: true,
    dialShortcut: DEFAULT_DIAL_SHORTCUT,
    trustedCertificatePem: null,
    ...QUEUE_SETTING_DEFAULTS,
    historyRetentionDays: HISTORY_RETENTION_DAYS.default,
  };
}

export type SettingsValidation =
  { ok: true; settings: Settings } | { ok: false; errors: SettingsFieldErrors; settings: Settings };

/** The URL as the user means it: trimmed, without trailing slashes. Throws InvalidArgument with the reason. */
export function checkPbxUrl(text: string): string {
  const trimmed = text.trim().replace(/\/+$/, '');
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

function checkLongWait(seconds: number | undefined): number | undefined {
  if (seconds === undefined) return undefined;
  const { min, max } = QUEUE_LONG_WAIT_SECONDS;
  if (!Number.isInteger(seconds) || seconds < min || seconds > max) {
    throw new InvalidArgument(t('validation.longWait', { min, max }));
  }
  return seconds;
}

function checkHistoryRetention(days: number | null | undefined): number | null | undefined {
  if (days === undefined || days === null) return days;
  const { choices } = HISTORY_RETENTION_DAYS;
  if (!(choices as readonly number[]).includes(days)) {
    const listed = activeTranslator().list(choices.map(String), 'unit');
    throw new InvalidArgument(t('validation.historyRetention', { choices: listed }));
  }
  return days;
}

/** '' or absent: the team's template; otherwise one Ringside can expand into an https: link. */
function checkCrmTemplateSetting(template: string | undefined): string | undefined {
  if (template === undefined || template.trim() === '') return template === undefined ? undefined : '';
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
    const accelerator = settings[field]?.trim();
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
  check('defaultCountry', checkCountry);
  check('dialCountries', (codes) =>
    codes === undefined ? undefined : [...new Set(codes.map(checkCountry))],
  );
  check('pollIntervalMs', checkPollInterval);
  check('dialShortcut', checkDialShortcut);
  check('answerShortcut', (value) => (value === undefined ? undefined : checkDialShortcut(value)));
  check('hangUpShortcut', (value) => (value === undefined ? undefined : checkDialShortcut(value)));
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
