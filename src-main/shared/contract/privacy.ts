/**
 * Settings ▸ Privacy: how long this computer keeps the agent's record of calls, and clearing what Ringside
 * keeps on it, for desks that are shared (docs/settings-and-secrets.md, What stays on this computer).
 */
import { z } from 'zod';
import { command } from './define';

/**
 * How long the local call history, transcripts and notes are kept, in days (`Settings.historyRetentionDays`);
 * null keeps them until they are cleared.
 */
export const HISTORY_RETENTION_DAYS = { choices: [7, 30, 90, 365], default: 90 } as const;

export const PrivacyClearArgsSchema = z.strictObject({
  /** How many wrap-ups not yet sent to the PBX the agent was warned would be lost. */
  unsentWrapUps: z.number().int().min(0).max(1_000_000),
});
export type PrivacyClearArgs = z.infer<typeof PrivacyClearArgsSchema>;

/** Not cleared: more wrap-ups are waiting for the PBX than the agent was told; ask again with this number. */
export type PrivacyClearResult = { cleared: true } | { cleared: false; unsentWrapUps: number };

export const privacyCommands = {
  /**
   * Deletes the local call history, reviews, transcripts, notes, unsent wrap-ups, recent numbers and the
   * directory cache (the next sync rebuilds it); keeps the settings and the stored secret.
   */
  'privacy:clear': command(PrivacyClearArgsSchema).changes<PrivacyClearResult>(),
};
