/**
 * A short service conversation the simulated AI "transcribes". Placeholders in braces are filled per call:
 * {agent} the agent's first name, {intro} the caller introducing themselves (or nothing for unknown numbers),
 * {customerRef} the customer in a summary, {order}, {ticket}, {amount}, {day}/{dayOn}/{dayAcc} a weekday.
 */
import type { CallDirection } from './callDirection';

export type ScenarioLanguage = 'en_US' | 'cs_CZ';

export interface ScenarioTurn {
  by: 'customer' | 'agent';
  text: string;
  /** Sentiment of the segment, 1 (worst) to 5 (best). */
  score: 1 | 2 | 3 | 4 | 5;
}

export interface Scenario {
  topic: string;
  direction: CallDirection;
  language: ScenarioLanguage;
  turns: readonly ScenarioTurn[];
  summary: string;
  rating: 1 | 2 | 3 | 4 | 5;
  justification: string;
}

/** A turn of the agent; neutral unless scored. */
export const agentSays = (text: string, score: ScenarioTurn['score'] = 3): ScenarioTurn => ({
  by: 'agent',
  text,
  score,
});

/** A turn of the customer; neutral unless scored. */
export const customerSays = (text: string, score: ScenarioTurn['score'] = 3): ScenarioTurn => ({
  by: 'customer',
  text,
  score,
});
