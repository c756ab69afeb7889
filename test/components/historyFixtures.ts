/** History items, reviews and wrap-ups as the main process produces them, for the History screens' tests. */
import type {
  CallReview,
  HistoryItem,
  PendingSave,
  ReviewSegment,
  WrapUp,
} from '../../src-main/shared/contract';
import { AGENT_PERMISSIONS } from '../fixtures/permissions';
import { janaMatch } from '../fixtures/calls';

const T0 = new Date(2026, 2, 10, 9, 0, 0).getTime();

export function historyItem(index: number, overrides: Partial<HistoryItem> = {}): HistoryItem {
  const number = `+420602${String(index).padStart(6, '0')}`;
  return {
    uniqueid: `${1773130000 + index}.${index}`,
    direction: index % 3 === 0 ? 'outbound' : 'inbound',
    outcome: 'answered',
    remote: { number, display: number, dial: number, pbxName: `Caller ${index}` },
    match: null,
    company: null,
    queue: null,
    startedAt: T0 - index * 60_000,
    answeredAt: T0 - index * 60_000 + 5_000,
    endedAt: T0 - index * 60_000 + 50_000,
    durationSeconds: 50,
    seen: true,
    review: 'done',
    wrapUp: null,
    ...overrides,
  };
}

export function historyItems(count: number, from = 0): HistoryItem[] {
  return Array.from({ length: count }, (_, offset) => historyItem(from + offset));
}

export const janaCall = historyItem(1, {
  uniqueid: '1773130001.7',
  direction: 'inbound',
  remote: { number: '+420777123456', display: '+420 777 123 456', dial: '+420777123456', pbxName: '' },
  match: janaMatch,
  company: { id: 3, name: 'Nováková Trading' },
});

export function segment(
  channel: number,
  index: number,
  text: string,
  score: number | null = 3,
): ReviewSegment {
  const begin = index * 10 + channel * 5;
  return { channel, index, begin, end: begin + 4, text, score };
}

const PERMITTED = { ...AGENT_PERMISSIONS };

/** A finished review of `janaCall` with every part shown. */
export function review(overrides: Partial<CallReview> = {}): CallReview {
  return {
    uniqueid: janaCall.uniqueid,
    fetch: {
      state: 'done',
      transcriptionStatus: 3,
      message: null,
      attempts: 2,
      fetchedAt: T0 + 60_000,
      nextAttemptAt: null,
    },
    call: janaCall,
    permissions: PERMITTED,
    info: {
      status: 'shown',
      value: {
        source: { number: '+420777123456', name: 'Jana Nováková', internal: false, type: 'trunk' },
        destination: { number: '201', name: 'Petra Svobodová', internal: true, type: 'phone' },
        calldate: '2026-03-10 09:00:00',
        connected: '2026-03-10 09:00:05',
        disconnected: '2026-03-10 09:00:50',
        durationSeconds: 50,
        ringSeconds: 5,
        talkSeconds: 40,
        holdSeconds: 5,
        cause: { code: 16, label: 'normal clearing' },
        price: 0.42,
        recording: true,
        recordingSeconds: 40,
        pilotNumber: '+420222000111',
      },
    },
    path: {
      status: 'shown',
      value: [
        { at: '2026-03-10 09:00:00', type: 1, label: 'Entered the PBX', number: '+420777123456', name: '' },
        { at: '2026-03-10 09:00:01', type: 4, label: 'Queued', number: '500', name: 'Support' },
        { at: '2026-03-10 09:00:03', type: 2, label: 'Rang a phone', number: '201', name: 'Petra' },
      ],
    },
    queues: {
      status: 'shown',
      value: [
        {
          queueId: 5,
          queueName: 'Support',
          agentName: 'Petra Svobodová',
          teamName: 'Team A',
          entered: '2026-03-10 09:00:01',
          queueLength: 2,
          waitSeconds: 2,
          ringSeconds: 2,
          talkSeconds: 40,
          holdSeconds: 5,
          acwSeconds: 10,
          withinServiceLevel: true,
          thresholdSeconds: 20,
          abandoned: false,
          transferred: false,
        },
      ],
    },
    tags: {
      status: 'shown',
      value: [
        { id: 1, name: 'VIP', color: '#ffeb3b' },
        { id: 2, name: 'Complaint', color: '#1a237e' },
        { id: 3, name: null, color: null },
      ],
    },
    rating: { status: 'shown', value: { stars: 4, justification: 'Polite and quick.' } },
    summary: { status: 'shown', value: 'The customer asked about the March invoice.' },
    sentiment: {
      status: 'shown',
      value: [
        { channel: 0, positive: 0.5, neutral: 0.3, negative: 0.2, summary: 0.2, score: 4 },
        { channel: 1, positive: 0.8, neutral: 0.2, negative: 0, summary: 0.6, score: 5 },
      ],
    },
    transcript: {
      status: 'shown',
      value: {
        channels: 2,
        segments: [
          segment(0, 0, 'Hello, I have a question about my invoice.', 2),
          segment(1, 0, 'Of course, let me look it up.', 4),
          segment(0, 1, 'It is the March one.', 3),
          segment(1, 1, 'Found it: the refund was sent yesterday.', 5),
        ],
      },
    },
    metadata: { status: 'shown', value: { values: { crm_case: 'C-1042' }, dispositionLabel: null } },
    v2: { status: 'unavailable', reason: 'This PBX does not offer the version-2 detail.' },
    ...overrides,
  };
}

export function wrapUp(overrides: Partial<WrapUp> = {}): WrapUp {
  return {
    uniqueid: janaCall.uniqueid,
    dispositions: [
      { code: 'resolved', label: 'Resolved', color: '#1c7a4b' },
      { code: 'callback', label: 'Call back', color: null },
    ],
    dispositionsSource: 'pbx',
    saved: null,
    pending: null,
    draft: null,
    metadata: {
      status: 'shown',
      value: { values: { crm_case: 'C-1042', priority: 2, 'ringside.note': 'old' }, stale: false },
    },
    call: janaCall,
    ...overrides,
  };
}

export function pendingSave(overrides: Partial<PendingSave> = {}): PendingSave {
  return {
    uniqueid: janaCall.uniqueid,
    state: 'queued',
    changes: {},
    attempts: 0,
    message: null,
    savedAt: T0 + 120_000,
    nextAttemptAt: null,
    remote: { display: '+420 777 123 456', name: 'Jana Nováková' },
    ...overrides,
  };
}
