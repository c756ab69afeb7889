/**
 * The server's check of a client frame (shared/wsProtocol.ts): the shape of an auth frame, and of an invoke before
 * the dispatcher checks the channel and the arguments. Here rather than in the shared protocol file, which
 * the page imports and which therefore builds no zod schema when it loads.
 */
import { z } from 'zod';
import type { AuthFrame, InvokeFrame } from '../shared/wsProtocol';

/** The longest channel name read; the contract's are far shorter. */
const CHANNEL_MAX = 128;

export const InvokeFrameSchema = z.object({
  type: z.literal('invoke'),
  id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  channel: z.string().min(1).max(CHANNEL_MAX),
  args: z.unknown().optional(),
}) satisfies z.ZodType<InvokeFrame>;

/** A page key is 32 bytes in base64url; anything much longer is not one. */
const KEY_MAX = 128;

export const AuthFrameSchema = z.strictObject({
  type: z.literal('auth'),
  key: z.string().max(KEY_MAX),
}) satisfies z.ZodType<AuthFrame>;
