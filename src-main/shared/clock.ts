/** Time as a collaborator, so tests and the demo PBX can run on a clock they control. */
export interface Clock {
  /** Epoch milliseconds. */
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };
