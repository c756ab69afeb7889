/** Shared data and the three uses of voicebot say. */
import { checkArgument, sharedIdSegment } from '../arguments';
import { InvalidArgument } from '../errors';
import { t } from '../../shared/i18n';
import type { ApiRequester, CallOptions } from '../apiRequester';
import { SharedDataItem, VoicebotExtendWait, VoicebotReply, VoicebotSpeak } from '../schemas';

export interface SharedDataApi {
  get(identifier: string, options?: CallOptions): Promise<SharedDataItem>;
  /** Replaces the value stored under `identifier`. */
  set(identifier: string, item: SharedDataItem, options?: CallOptions): Promise<void>;
}

/** What happens to the call after the reply is spoken; at most one of the two. */
export interface VoicebotReplyOutcome {
  /** Transfer the call to the configured default agent number. */
  transfer?: boolean;
  /** End the call. */
  end?: boolean;
}

export interface VoicebotApi {
  /** Speaks `text` to the caller of the conversation. */
  speak(conversationId: string, text: string, options?: CallOptions): Promise<void>;
  /** Extends the wait for the reply to a turn by `seconds`. */
  extendWait(correlationId: string, seconds: number, options?: CallOptions): Promise<void>;
  /** Replies to a turn with `text` and the data extracted from the dialog. */
  reply(
    correlationId: string,
    text: string,
    extractedData: Record<string, unknown>,
    outcome?: VoicebotReplyOutcome,
    options?: CallOptions,
  ): Promise<void>;
}

export function sharedDataEndpoints(api: ApiRequester): SharedDataApi {
  const path = (identifier: string) => `/shared/${sharedIdSegment(identifier)}`;
  return {
    get: async (identifier, options) =>
      api.data({ method: 'GET', path: path(identifier) }, SharedDataItem, 'shared', options),
    set: async (identifier, item, options) => {
      const body = checkArgument(SharedDataItem, item, 'shared data item');
      await api.send({ method: 'POST', path: path(identifier), body }, options);
    },
  };
}

export function voicebotEndpoints(api: ApiRequester): VoicebotApi {
  const say = async (body: object, options?: CallOptions) => {
    await api.send({ method: 'POST', path: '/voicebot/say', body }, options);
  };
  return {
    speak: async (conversationId, text, options) =>
      say(checkArgument(VoicebotSpeak, { conversationId, text }, 'voicebot speech'), options),
    extendWait: async (correlationId, seconds, options) =>
      say(
        checkArgument(
          VoicebotExtendWait,
          { correlationId, extendTimeout: seconds },
          'voicebot wait extension',
        ),
        options,
      ),
    reply: async (correlationId, text, extractedData, outcome = {}, options) => {
      if (outcome.transfer && outcome.end) {
        throw new InvalidArgument(t('pbx.voicebotTransferOrEnd'));
      }
      const body = { correlationId, text, extractedData, transfer: outcome.transfer, end: outcome.end };
      return say(checkArgument(VoicebotReply, body, 'voicebot reply'), options);
    },
  };
}
