/**
 * The trace a state-changing command leaves in the log (which commands change state: the contract's
 * `.changes<…>()`): who sent it, what it was, how it ended, and its arguments one level deep, with every
 * secret redacted and every number cut to its last three digits, so a misuse can be found without the log holding customers'
 * numbers or anyone's credentials.
 */
import type { CommandChannel, IpcResult } from '../shared/contract';
import { redact } from '../shared/redact';

/** Digits kept at the end of a number: enough to tell calls apart, too few to dial. */
const KEPT_DIGITS = 3;
/** The longest argument text a trace carries. */
const MAX_ARGS_TEXT = 300;

/**
 * A run of four or more digits, with the separators numbers are written with (`+420 601 234 567`,
 * `(02) 1234-5678`), cut to `…567`.
 */
const NUMBER_RUN = /\+?\d(?:[\d\s()./-]*\d){3,}/g;

export function maskNumbers(text: string): string {
  return text.replace(NUMBER_RUN, (run) => `…${run.replace(/\D/g, '').slice(-KEPT_DIGITS)}`);
}

/**
 * A URL's fragment: where an enrollment link carries its token (`https://host/enroll#token`, `ringside:`),
 * never sent to a server and never needed in a log.
 */
const URL_FRAGMENT = /(\b[a-z][a-z0-9+.-]*:[^\s"#]*)#[^\s"]*/gi;

/** One level deep: a nested object or list is named, not spelled out (a whole settings form is noise). */
function shallow(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return `[${value.length}]`;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [
      key,
      typeof item === 'object' && item !== null ? (Array.isArray(item) ? `[${item.length}]` : '{…}') : item,
    ]),
  );
}

function argumentsText(args: unknown): string {
  if (args === undefined) return '';
  let text: string;
  try {
    text = JSON.stringify(shallow(redact(args))) ?? '';
  } catch {
    text = '(unreadable)';
  }
  const masked = maskNumbers(text.replace(URL_FRAGMENT, '$1#[redacted]'));
  return masked.length > MAX_ARGS_TEXT ? `${masked.slice(0, MAX_ARGS_TEXT)}…` : masked;
}

/** `browser tab 2 (http://127.0.0.1:47300): calls:dial {"number":"…567"} → ok`. */
export function describeCommandUse(
  sender: string,
  channel: CommandChannel,
  args: unknown,
  result: IpcResult<unknown>,
): string {
  const outcome = result.ok ? 'ok' : `refused (${result.error.code})`;
  const shown = argumentsText(args);
  return `${sender}: ${channel}${shown ? ` ${shown}` : ''} → ${outcome}`;
}
