/** Identifier and time shapes that several areas of the contract share. */
import { z } from 'zod';
import { UNIQUEID_PATTERN } from '../limits';

export const UniqueIdArg = z.string().regex(UNIQUEID_PATTERN, 'uniqueid must look like 1700000000.42');
/** Epoch milliseconds (local clock). */
export const EpochMs = z.number().int().min(0).max(8.64e15);
