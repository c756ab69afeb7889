/**
 * What a conforming server frame looks like (shared/wsProtocol.ts `ServerFrame`), as a schema: the tests check
 * every kind of frame the server sends against it, so the types the client relies on are what arrives.
 */
import { z } from 'zod';
import { ErrorCodeSchema } from '../../../src-main/shared/contract';
import type { ServerFrame } from '../../../src-main/shared/wsProtocol';

const IpcErrorSchema = z.object({
  code: ErrorCodeSchema,
  message: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).optional(),
});

export const ServerFrameSchema = z.discriminatedUnion('type', [
  z.strictObject({
    type: z.literal('hello'),
    channels: z.strictObject({ commands: z.array(z.string()), events: z.array(z.string()) }),
    host: z.literal('browser'),
  }),
  z.strictObject({
    type: z.literal('result'),
    id: z.number().int().positive(),
    result: z.union([
      z.strictObject({ ok: z.literal(true), value: z.unknown() }),
      z.strictObject({ ok: z.literal(false), error: IpcErrorSchema }),
    ]),
  }),
  z.strictObject({ type: z.literal('event'), channel: z.string(), payload: z.unknown() }),
  z.strictObject({
    type: z.literal('error'),
    id: z.number().int().positive().nullable(),
    error: z.strictObject({ code: z.enum(['invalid-argument', 'unknown-command']), message: z.string() }),
  }),
]) satisfies z.ZodType<ServerFrame>;
