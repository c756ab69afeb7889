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
import { checkAccelerator, DEFAULT_DIAL_SHORTCUT } from '../../shared/accelerator';
import { crmTemplateProblem } from '../../shared/crmTemplate';
import {
  HISTORY_RETENTION_DAYS,
  QUEUE_LONG_WAIT_SECONDS,
  QUEUE_SETTING_DEFAULTS,
  type PhoneSelectorDto,
  type Settings,
  type SettingsFieldErrors,
} from '../../shared/contract';
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
    throw new InvalidArgument(
      'Use https:// for the PBX URL. Plain http:// is allowed only for a PBX on this computer ' +
        '(localhost), because the client secret and call data would cross the network unencrypted.',
    );
  }
  return trimmed;
}

function checkCountry(code: string): string {
  const upper = code.trim().toUpperCase();
  if (!/^[A-Z]{2}$/.test(upper) || !isSupportedCountry(upper)) {
    throw new InvalidArgument(
      `"${code}" is not a country code Ringside knows. Use the two-letter ISO code, e.g. CZ, SK, GB or US.`,
    );
  }
  return upper;
}

function checkPollInterval(ms: number): number {
  const { min, max } = POLL_INTERVAL_MS;
  if (!Number.isInteger(ms) || ms < min || ms > max) {
    throw new InvalidArgument(
      `The poll interval must be a whole number of milliseconds from ${min} to ${max}.`,
    );
  }
  return ms;
}

function checkLongWait(seconds: number | undefined): number | undefined {
  if (seconds === undefined) return undefined;
  const { min, max } = QUEUE_LONG_WAIT_SECONDS;
  if (!Number.isInteger(seconds) || seconds < min || seconds > max) {
    throw new InvalidArgument(`The long-wait alert must be a whole number of seconds from ${min} to ${max}.`);
  }
  return seconds;
}

function checkHistoryRetention(days: number | null | undefined): number | null | undefined {
  if (days === undefined || days === null) return days;
  const { choices } = HISTORY_RETENTION_DAYS;
  if (!(choices as readonly number[]).includes(days)) {
    throw new InvalidArgument(`Keep the local history ${choices.join(', ')} days, or until it is cleared.`);
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
  if ('identifier' in phone) throw new InvalidArgument('Enter the phone identifier, or choose a phone.');
  if (!phone.extension.trim()) throw new InvalidArgument('Enter the extension number, or choose a phone.');
  throw new InvalidArgument('The partition must be a whole number, 1 or more (most PBXs use 1).');
}

function checkDialShortcut(text: string): string {
  const checked = checkAccelerator(text);
  if (!checked.ok) throw new InvalidArgument(checked.reason);
  return checked.accelerator;
}

/** Null for no certificate; otherwise the PEM text, which must hold a certificate that is valid now. */
export function checkCertificate(pem: string | null, now: Date): string | null {
  if (pem === null || pem.trim() === '') return null;
  const certificates = readPinnedCertificates(pem);
  if (certificates.every((certificate) => certificate.validToDate < now)) {
    const expiry = certificates[0]!.validToDate.toISOString().slice(0, 10);
    throw new InvalidArgument(
      `This certificate expired on ${expiry}; the PBX would not be trusted with it. Choose its current certificate.`,
    );
  }
  return pem.trim() + '\n';
}

/**
 * Checks every field and returns the normalised settings, or a message per invalid field together with the
 * settings as given (so a form keeps what the user typed).
 */
export function validateSettings(
  input: Settings,
  options: { requireConnection: boolean; now?: Date },
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
  check('pollIntervalMs', checkPollInterval);
  check('dialShortcut', checkDialShortcut);
  check('trustedCertificatePem', (value) => checkCertificate(value, now));
  check('queueLongWaitSeconds', checkLongWait);
  check('historyRetentionDays', checkHistoryRetention);
  check('crmCallUrl', checkCrmTemplateSetting);
  check('crmPersonUrl', checkCrmTemplateSetting);
  if (options.requireConnection) {
    if (!errors.baseUrl && settings.baseUrl === '') errors.baseUrl = 'Enter the address of your PBX.';
    if (settings.clientId === '') errors.clientId = 'Enter the client id (the API service account name).';
  }
  return Object.keys(errors).length === 0 ? { ok: true, settings } : { ok: false, errors, settings: input };
}
