/**
 * The renderer's one place that turns a failure into words. Main reports a stable code and its own sentence
 * (see `CommandError`); the renderer words the headline from the code, so every screen says the same thing
 * for the same failure, and keeps main's sentence as the detail where it tells more.
 */
import type { ErrorCode } from '../../src-main/shared/contract';
import { CommandError } from './ringside';
import { HOST_LINK_PARAMS } from './transport/wsTransport';

/** A failure as a person reads it: what happened, and main's specific sentence when it adds something. */
export interface ErrorDescription {
  title: string;
  detail?: string;
}

/** Said for anything that is not a coded error from main (a bug in the renderer, a broken bridge). */
export const GENERIC_ERROR_TITLE = 'Something unexpected went wrong.';

/** The headline for each code main can report. */
export const ERROR_TITLES: Record<ErrorCode, string> = {
  'invalid-argument': 'Ringside could not use what was entered.',
  'unknown-command': 'This part of Ringside does not match its main process; restart Ringside.',
  'forbidden-sender': 'Ringside refused a request from this window.',
  'not-configured': 'Ringside is not set up for this yet.',
  'auth-failed': 'The PBX did not accept Ringside’s credentials.',
  'not-found': 'It could not be found.',
  'permission-denied': 'Your role on the PBX does not allow this.',
  'business-error': 'The PBX declined.',
  'validation-failed': 'The PBX did not accept the values sent.',
  'network-error': 'The PBX could not be reached.',
  timeout: 'The PBX did not answer in time.',
  'server-error': 'The PBX ran into a problem of its own.',
  'cache-full': 'The disk is full: Ringside could not store this on this computer.',
  'cache-unavailable': 'Ringside’s local store on this computer cannot be opened.',
  internal: 'Something went wrong inside Ringside.',
};

/**
 * The headline of a `network-error` the browser host's page reports itself: its WebSocket to Ringside
 * dropped with a command on its way, so Ringside (not the PBX) could not be reached.
 */
export const HOST_LINK_LOST_TITLE = 'Ringside’s connection to this page dropped.';

export function describeError(error: unknown): ErrorDescription {
  if (error instanceof CommandError) return withDetail(titleOf(error), error.message);
  if (error instanceof Error) return withDetail(GENERIC_ERROR_TITLE, error.message);
  return withDetail(GENERIC_ERROR_TITLE, typeof error === 'string' ? error : '');
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

function titleOf(error: CommandError): string {
  const hostLink =
    error.code === 'network-error' && error.params?.['transport'] === HOST_LINK_PARAMS.transport;
  return hostLink ? HOST_LINK_LOST_TITLE : ERROR_TITLES[error.code];
}

function withDetail(title: string, message: string): ErrorDescription {
  const detail = message.trim();
  return detail && detail !== title ? { title, detail } : { title };
}
