/**
 * The renderer's one place that turns a failure into words. Main reports a stable code and its own sentence
 * (see `CommandError`); the renderer words the headline from the code, so every screen says the same thing
 * for the same failure, and keeps main's sentence as the detail where it tells more.
 */
import type { ErrorCode } from '../../src-main/shared/contract';
import type { MessageKey } from '../../src-main/shared/i18n';
import { t } from './i18n.svelte';
import { CommandError } from './ringside';
import { HOST_LINK_PARAMS } from './transport/wsTransport';

/** A failure as a person reads it: what happened, and main's specific sentence when it adds something. */
export interface ErrorDescription {
  /** Worded when read, so a description kept on screen follows a language switch. */
  readonly title: string;
  detail?: string;
}

/** The headline for each code main can report. */
export const ERROR_TITLE_KEYS: Record<ErrorCode, MessageKey> = {
  'invalid-argument': 'errors.invalidArgument',
  'unknown-command': 'errors.unknownCommand',
  'forbidden-sender': 'errors.forbiddenSender',
  forbidden: 'errors.forbidden',
  'not-configured': 'errors.notConfigured',
  'auth-failed': 'errors.authFailed',
  'not-found': 'errors.notFound',
  'permission-denied': 'errors.permissionDenied',
  'business-error': 'errors.businessError',
  'validation-failed': 'errors.validationFailed',
  'network-error': 'errors.networkError',
  timeout: 'errors.timeout',
  'server-error': 'errors.serverError',
  'cache-full': 'errors.cacheFull',
  'cache-unavailable': 'errors.cacheUnavailable',
  internal: 'errors.internal',
};

/** The headline for a code, in the language in use. */
export function errorTitle(code: ErrorCode): string {
  return t(ERROR_TITLE_KEYS[code]);
}

/** Said for anything that is not a coded error from main (a bug in the renderer, a broken bridge). */
export function genericErrorTitle(): string {
  return t('errors.unexpected');
}

/**
 * The headline of a `network-error` the browser host's page reports itself: its WebSocket to Ringside
 * dropped with a command on its way, so Ringside (not the PBX) could not be reached.
 */
export function hostLinkLostTitle(): string {
  return t('errors.hostLinkLost');
}

export function describeError(error: unknown): ErrorDescription {
  if (error instanceof CommandError) return withDetail(titleOf(error), error.message);
  if (error instanceof Error) return withDetail(genericErrorTitle, error.message);
  return withDetail(genericErrorTitle, typeof error === 'string' ? error : '');
}

/**
 * The one sentence for a message that sits beside a form field: main's own (it names what is wrong with
 * that field), else the headline.
 */
export function fieldMessage(error: unknown): string {
  const { title, detail } = describeError(error);
  return detail ?? title;
}

/** A description as one line of text, for places that show plain text (a status line). */
export function errorText(description: ErrorDescription): string {
  return description.detail ? `${description.title} ${description.detail}` : description.title;
}

function titleOf(error: CommandError): () => string {
  const hostLink =
    error.code === 'network-error' && error.params?.['transport'] === HOST_LINK_PARAMS.transport;
  return hostLink ? hostLinkLostTitle : () => errorTitle(error.code);
}

/** `title` is a getter: the words come from the language in use each time the description is shown. */
function withDetail(title: () => string, message: string): ErrorDescription {
  const detail = message.trim();
  const extra = detail && detail !== title() ? { detail } : {};
  return {
    get title(): string {
      return title();
    },
    ...extra,
  };
}
