/**
 * The simulated AI results of a recorded call: a scenario filled with the call's people and random details,
 * laid out over the talk time as a two-channel transcript, with sentiment, summary and rating.
 */
import type { ChannelSentiment, TranscriptSegment } from '../../api/schemas';
import type { Random } from '../random';
import type { CallDirection } from './callDirection';
import type { ScenarioLanguage, ScenarioTurn } from './scenario';
import { SCENARIOS, WEEKDAYS } from './scenarios';

export interface CallContent {
  language: ScenarioLanguage;
  topic: string;
  /** Channel 0 is the calling side, channel 1 the called side. */
  transcription: TranscriptSegment[][];
  sentiment: ChannelSentiment[];
  summary: string;
  rating: number;
  ratingJustification: string;
}

export interface ConversationInput {
  direction: CallDirection;
  language: ScenarioLanguage;
  /** The agent's display name; the first name is what they say on the phone. */
  agentName: string;
  /** The customer's name when the PBX knows the number, else ''. */
  customerName: string;
  /** Seconds the parties actually talked (hold excluded). */
  talkSeconds: number;
}

/** Seconds per word and per turn: a calm service-call pace. */
const SECONDS_PER_WORD = 0.38;
const SECONDS_PER_TURN = 0.9;
const PAUSE_SECONDS = 0.6;

/** Callers from Czech and Slovak numbers mostly speak Czech with the (Czech) contact centre; others English. */
export function chooseLanguage(numberNorm: string, random: Random): ScenarioLanguage {
  const czechOrSlovak = /^\+42[01]/.test(numberNorm) || !numberNorm.startsWith('+');
  return random.chance(czechOrSlovak ? 0.8 : 0.1) ? 'cs_CZ' : 'en_US';
}

export function generateConversation(input: ConversationInput, random: Random): CallContent {
  const candidates = SCENARIOS.filter(
    (scenario) => scenario.direction === input.direction && scenario.language === input.language,
  );
  const scenario = random.pick(candidates);
  const values = placeholderValues(input, random);
  const fill = (template: string) =>
    template.replace(/\{(\w+)\}/g, (match, key: string) => values[key] ?? match);

  const turns = scenario.turns.map((turn) => ({ ...turn, text: fill(turn.text) }));
  const transcription = layOut(turns, input.direction, input.talkSeconds);
  return {
    language: scenario.language,
    topic: scenario.topic,
    transcription,
    sentiment: transcription.map(channelSentiment),
    summary: fill(scenario.summary),
    rating: scenario.rating,
    ratingJustification: fill(scenario.justification),
  };
}

function placeholderValues(input: ConversationInput, random: Random): Record<string, string> {
  const english = input.language === 'en_US';
  const name = input.customerName.trim();
  const day = random.int(0, 4);
  return {
    agent: input.agentName.trim().split(/\s+/)[0] || 'Alex',
    intro: name ? (english ? `, this is ${name}` : `, tady ${name}`) : '',
    customerRef: name || 'The customer',
    order: String(random.int(100_000, 999_999)),
    ticket: `T-${random.int(10_000, 99_999)}`,
    amount: english
      ? `€${(random.int(1500, 18_000) / 100).toFixed(2)}`
      : czechCrowns(random.int(20, 250) * 10),
    day: WEEKDAYS.en_US[day]!,
    dayOn: WEEKDAYS.cs_CZ_on[day]!,
    dayAcc: WEEKDAYS.cs_CZ_acc[day]!,
  };
}

/** `1 240 Kč`: Czech groups thousands with a space. */
function czechCrowns(amount: number): string {
  return `${String(amount).replace(/\B(?=(\d{3})+$)/g, ' ')} Kč`;
}

/**
 * Places the turns on the timeline at a natural pace, stretched or squeezed (within reason) to the talk
 * time; a call cut short keeps only what was said before it ended.
 */
function layOut(turns: ScenarioTurn[], direction: CallDirection, talkSeconds: number): TranscriptSegment[][] {
  const channels: TranscriptSegment[][] = [[], []];
  if (talkSeconds <= 0) return channels;
  const durations = turns.map((turn) => SECONDS_PER_TURN + SECONDS_PER_WORD * turn.text.split(/\s+/).length);
  const natural = durations.reduce((sum, seconds) => sum + seconds + PAUSE_SECONDS, 0);
  const scale = Math.min(1.6, Math.max(0.6, talkSeconds / natural));
  let at = 0.4 * scale;
  turns.forEach((turn, index) => {
    const begin = at;
    const end = Math.min(talkSeconds, begin + durations[index]! * scale);
    at = begin + (durations[index]! + PAUSE_SECONDS) * scale;
    if (begin >= talkSeconds) return;
    const channel = (turn.by === 'customer') === (direction === 'inbound') ? 0 : 1;
    channels[channel]!.push({
      begin: round(begin),
      end: round(end),
      text: turn.text,
      sentiment: { score: turn.score },
    });
  });
  return channels;
}

/** Shares of positive (4–5), neutral (3) and negative (1–2) segments; `summary` is the mean mapped to −1…1. */
export function channelSentiment(segments: TranscriptSegment[]): ChannelSentiment {
  if (segments.length === 0) return { positive: 0, negative: 0, neutral: 1, summary: 0, score: 3 };
  const scores = segments.map((segment) => segment.sentiment.score);
  const share = (test: (score: number) => boolean) => round(scores.filter(test).length / scores.length);
  const mean = scores.reduce((sum, score) => sum + score, 0) / scores.length;
  return {
    positive: share((score) => score >= 4),
    negative: share((score) => score <= 2),
    neutral: share((score) => score === 3),
    summary: round((mean - 3) / 2),
    score: Math.min(5, Math.max(1, Math.round(mean))),
  };
}

const round = (value: number) => Math.round(value * 100) / 100;
