/**
 * Notices the history keeps in SQLite and a window shows later (why a review is not there yet, why a wrap-up
 * did not reach the PBX). They are stored as the message's key and parameters, not as words, and worded
 * when read, so a review fetched yesterday in English reads in Czech after the agent switches languages.
 * Older rows hold plain English text; they are shown as they are.
 */
import { isPbxError } from '../../api/errors';
import { errorMessage } from '../../shared/contract';
import { activeTranslator, type MessageKey, type MessageParams, type Text } from '../../shared/i18n';
import { messagesOf } from '../../shared/i18n/catalogue';

// i18n-exempt: a storage marker, never shown
const PREFIX = 'i18n:';

/** What to store for a notice. */
export function storedNotice(key: MessageKey, params?: MessageParams): string {
  return storedText(params ? { key, params } : { key });
}

function storedText(message: Text): string {
  return `${PREFIX}${JSON.stringify(message)}`;
}

/** What to store for a failure: a PBX error's message unworded when it has one, else its words now. */
export function storedFailure(error: unknown): string {
  return isPbxError(error) && error.text ? storedText(error.text) : errorMessage(error);
}

/** A stored notice in the language in use; plain text (older rows, errors without a key) as it is. */
export function wordNotice(stored: string): string;
export function wordNotice(stored: string | null): string | null;
export function wordNotice(stored: string | null): string | null {
  if (stored === null || !stored.startsWith(PREFIX)) return stored;
  try {
    const message = JSON.parse(stored.slice(PREFIX.length)) as Text;
    // A key a later version dropped reads as nothing rather than as a raw key.
    if (typeof message?.key !== 'string' || !messagesOf('en').has(message.key)) return null;
    return activeTranslator().text(message);
  } catch {
    return null;
  }
}
