/**
 * Voicebot conversations for POST /voicebot/say (see docs/pbx-api.md (Voicebot)). The simulator opens a
 * conversation with a pending turn (the caller said something and the bot must answer within a wait window);
 * say speaks, extends the wait or replies to the turn. Wait windows run on the simulated clock.
 */
import { randomUUID } from 'node:crypto';
import type { Clock } from '../../shared/clock';

/** How long a turn waits for its reply unless extended. */
export const DEFAULT_TURN_WAIT_SECONDS = 10;

export interface TurnReply {
  text: string;
  extractedData: Record<string, unknown>;
  transfer: boolean;
  end: boolean;
}

interface Turn {
  correlationId: string;
  conversationId: string;
  deadlineMs: number;
  reply: TurnReply | null;
}

interface Conversation {
  conversationId: string;
  callUniqueid: string | null;
  createdMs: number;
  spoken: string[];
  turns: Turn[];
  outcome: 'active' | 'transferred' | 'ended';
}

export interface ConversationView {
  conversationId: string;
  callUniqueid: string | null;
  outcome: Conversation['outcome'];
  spoken: string[];
  turns: {
    correlationId: string;
    state: 'pending' | 'answered' | 'expired';
    deadline: number;
    reply: TurnReply | null;
  }[];
}

/** Result of a say: ok, or the message of the business error. */
export type SayOutcome = { ok: true } | { ok: false; error: string };

export class VoicebotSessions {
  private readonly conversations = new Map<string, Conversation>();
  private readonly turns = new Map<string, Turn>();

  constructor(private readonly clock: Clock) {}

  /** Opens a conversation and its first pending turn. */
  open(
    callUniqueid: string | null,
    waitSeconds = DEFAULT_TURN_WAIT_SECONDS,
  ): { conversationId: string; correlationId: string } {
    const conversation: Conversation = {
      conversationId: randomUUID(),
      callUniqueid,
      createdMs: this.clock.now(),
      spoken: [],
      turns: [],
      outcome: 'active',
    };
    this.conversations.set(conversation.conversationId, conversation);
    const correlationId = this.openTurn(conversation, waitSeconds);
    return { conversationId: conversation.conversationId, correlationId };
  }

  /** The caller spoke again: a new pending turn, or undefined when the conversation is unknown or over. */
  nextTurn(conversationId: string, waitSeconds = DEFAULT_TURN_WAIT_SECONDS): string | undefined {
    const conversation = this.conversations.get(conversationId);
    if (!conversation || conversation.outcome !== 'active') return undefined;
    return this.openTurn(conversation, waitSeconds);
  }

  view(conversationId: string): ConversationView | undefined {
    const conversation = this.conversations.get(conversationId);
    if (!conversation) return undefined;
    return {
      conversationId,
      callUniqueid: conversation.callUniqueid,
      outcome: conversation.outcome,
      spoken: [...conversation.spoken],
      turns: conversation.turns.map((turn) => ({
        correlationId: turn.correlationId,
        state: this.stateOf(turn),
        deadline: turn.deadlineMs / 1000,
        reply: turn.reply && structuredClone(turn.reply),
      })),
    };
  }

  /** Use 1: speak to the caller. */
  speak(conversationId: string, text: string): SayOutcome {
    const conversation = this.conversations.get(conversationId);
    if (!conversation) return { ok: false, error: `Unknown conversationId ${conversationId}` };
    if (conversation.outcome !== 'active')
      return { ok: false, error: `Conversation ${conversationId} has ended` };
    conversation.spoken.push(text);
    return { ok: true };
  }

  /** Use 2: extend the wait for the reply to a pending turn. */
  extend(correlationId: string, seconds: number): SayOutcome {
    const turn = this.pendingTurn(correlationId);
    if (!('deadlineMs' in turn)) return turn;
    turn.deadlineMs += seconds * 1000;
    return { ok: true };
  }

  /** Use 3: reply to a pending turn, then transfer, end or go on with the conversation. */
  reply(correlationId: string, reply: TurnReply): SayOutcome {
    const turn = this.pendingTurn(correlationId);
    if (!('deadlineMs' in turn)) return turn;
    turn.reply = structuredClone(reply);
    const conversation = this.conversations.get(turn.conversationId)!;
    conversation.spoken.push(reply.text);
    if (reply.transfer) conversation.outcome = 'transferred';
    else if (reply.end) conversation.outcome = 'ended';
    return { ok: true };
  }

  private pendingTurn(correlationId: string): Turn | { ok: false; error: string } {
    const turn = this.turns.get(correlationId);
    if (!turn) return { ok: false, error: `Unknown correlationId ${correlationId}` };
    const state = this.stateOf(turn);
    if (state === 'answered') return { ok: false, error: `Turn ${correlationId} has already been answered` };
    if (state === 'expired') return { ok: false, error: `The wait for turn ${correlationId} has expired` };
    return turn;
  }

  private stateOf(turn: Turn): 'pending' | 'answered' | 'expired' {
    if (turn.reply) return 'answered';
    const conversation = this.conversations.get(turn.conversationId);
    if (conversation?.outcome !== 'active' || this.clock.now() >= turn.deadlineMs) return 'expired';
    return 'pending';
  }

  private openTurn(conversation: Conversation, waitSeconds: number): string {
    const turn: Turn = {
      correlationId: randomUUID(),
      conversationId: conversation.conversationId,
      deadlineMs: this.clock.now() + waitSeconds * 1000,
      reply: null,
    };
    conversation.turns.push(turn);
    this.turns.set(turn.correlationId, turn);
    return turn.correlationId;
  }
}
