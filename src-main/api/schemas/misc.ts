/** Shared data and voicebot control. */
import { z } from 'zod';
import { Unknown } from './common';

export const SharedDataItem = z.looseObject({
  type: z.string().min(1, 'type is required'),
  data: z.record(z.string(), Unknown),
});
export type SharedDataItem = z.infer<typeof SharedDataItem>;

/** Identifiers of shared data items; also what may go into the URL path. */
export const SharedDataId = z
  .string()
  .min(1)
  .max(128)
  .regex(/^[A-Za-z0-9._:-]+$/, 'the shared data identifier may contain letters, digits and . _ : - only');

/** The three uses of POST /voicebot/say: speak, extend the wait, reply. */
export const VoicebotSpeak = z.object({ conversationId: z.string().min(1), text: z.string().min(1) });
export const VoicebotExtendWait = z.object({
  correlationId: z.string().min(1),
  extendTimeout: z.number().positive().max(3600),
});
export const VoicebotReply = z.object({
  correlationId: z.string().min(1),
  text: z.string().min(1),
  extractedData: z.record(z.string(), Unknown),
  transfer: z.boolean().optional(),
  end: z.boolean().optional(),
});

export const VoicebotSayRequest = z.looseObject({
  conversationId: z.string().optional(),
  correlationId: z.string().optional(),
  text: z.string().optional(),
  transfer: z.boolean().optional(),
  end: z.boolean().optional(),
  extractedData: z.record(z.string(), Unknown).optional(),
  extendTimeout: z.number().optional(),
});
export type VoicebotSayRequest = z.infer<typeof VoicebotSayRequest>;
export type VoicebotSpeak = z.infer<typeof VoicebotSpeak>;
export type VoicebotExtendWait = z.infer<typeof VoicebotExtendWait>;
export type VoicebotReply = z.infer<typeof VoicebotReply>;
