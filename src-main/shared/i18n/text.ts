/**
 * A message not yet put into words: its key and parameters. Main sends these where the text outlives the
 * moment it was made (a connection state, a status line), so a window shows it in the language of the moment,
 * also after the agent switches languages.
 */
import type { MessageKey } from './catalogue';

/** What a message may quote; dates as epoch milliseconds or `Date`. */
export type MessageParams = Readonly<Record<string, string | number | boolean | Date | null | undefined>>;

export interface Text {
  key: MessageKey;
  params?: MessageParams;
}

export function text(key: MessageKey, params?: MessageParams): Text {
  return params ? { key, params } : { key };
}
