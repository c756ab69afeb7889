import { describe, expect, it } from 'vitest';
import {
  channelSentiment,
  generateConversation,
  type ConversationInput,
} from '../../../src-main/demo-pbx/calls/conversation';
import { createRandom } from '../../../src-main/demo-pbx/random';

const input = (overrides: Partial<ConversationInput>): ConversationInput => ({
  direction: 'inbound',
  language: 'en_US',
  agentName: 'Jana Nováková',
  customerName: 'Petr Svoboda',
  talkSeconds: 80,
  ...overrides,
});

const allText = (content: ReturnType<typeof generateConversation>) =>
  content.transcription
    .flat()
    .map((segment) => segment.text)
    .join(' ');

describe('generated conversations', () => {
  it('keep only what was said before a call cut short', () => {
    const content = generateConversation(input({ talkSeconds: 6 }), createRandom(1));
    const segments = content.transcription.flat();
    expect(segments.length).toBeGreaterThan(0);
    expect(segments.length).toBeLessThan(4);
    for (const segment of segments) expect(segment.end).toBeLessThanOrEqual(6);
  });

  it('have no transcript without talk time', () => {
    expect(generateConversation(input({ talkSeconds: 0 }), createRandom(1)).transcription).toEqual([[], []]);
  });

  it('leave the introduction out for unknown callers and speak of "the customer"', () => {
    for (let seed = 1; seed <= 20; seed++) {
      const content = generateConversation(input({ customerName: '' }), createRandom(seed));
      expect(allText(content)).not.toMatch(/this is ,|this is \.|Petr/);
      expect(content.summary).not.toMatch(/\{|\}|^ /);
    }
  });

  it('put the agent on channel 0 of an outbound call, where the agent calls', () => {
    const content = generateConversation(
      input({ direction: 'outbound', language: 'cs_CZ' }),
      createRandom(3),
    );
    expect(content.transcription[0]![0]!.text).toMatch(/tady Jana z Veltry/);
    expect(content.language).toBe('cs_CZ');
  });

  it('sum up channel sentiment as shares, a −1…1 summary and a 1–5 score', () => {
    const segment = (score: number) => ({ begin: 0, end: 1, text: '', sentiment: { score } });
    expect(channelSentiment([segment(1), segment(2), segment(3), segment(5)])).toEqual({
      positive: 0.25,
      negative: 0.5,
      neutral: 0.25,
      summary: -0.12,
      score: 3,
    });
    expect(channelSentiment([])).toEqual({ positive: 0, negative: 0, neutral: 1, summary: 0, score: 3 });
  });
});
