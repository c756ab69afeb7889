/** How the simulated calls behave: timings, history and the automatic calls of the demo. */
export interface CallEngineOptions {
  /** Seconds from a call's end until its transcription is done (status 1, 2 halfway, then 3). */
  transcribeAfterSeconds: number;
  /** Mean seconds between automatic inbound calls to the agent's phone (jittered ±30 %); 0 turns them off. */
  ringEverySeconds: number;
  /** An unanswered inbound call gives up after this many seconds of ringing. */
  ringTimeoutSeconds: number;
  /** Click-to-dial: the agent's phone answers its own leg after this many seconds. */
  autoAnswerSeconds: number;
  /** [min, max] seconds until the destination of a click-to-dial answers. */
  remoteAnswerSeconds: readonly [number, number];
  /** [min, max] seconds the remote party talks before hanging up. */
  talkSeconds: readonly [number, number];
  /** [min, max] seconds a queued call waits before it rings the phone. */
  queueWaitSeconds: readonly [number, number];
  /** A queued caller whose agent is paused in the queue gives up after this many seconds of waiting. */
  queuePatienceSeconds: number;
  /** Ended calls seeded at start, spread over the last `historyDays` days. */
  historyCalls: number;
  historyDays: number;
  /** Country for reading national numbers (`777 123 456`). */
  defaultCountry: string;
}

export const DEFAULT_CALL_ENGINE_OPTIONS: CallEngineOptions = {
  transcribeAfterSeconds: 5,
  ringEverySeconds: 45,
  ringTimeoutSeconds: 30,
  autoAnswerSeconds: 1,
  remoteAnswerSeconds: [2, 6],
  talkSeconds: [25, 150],
  queueWaitSeconds: [2, 8],
  queuePatienceSeconds: 300,
  historyCalls: 40,
  historyDays: 3,
  defaultCountry: 'CZ',
};
