/**
 * After sleep the call list is stale and the PBX connection may have changed: poll at once on resume and
 * when the screen is unlocked, instead of waiting for the monitor's next (possibly backed-off) attempt.
 */
export interface PowerMonitorLike {
  on(event: 'resume' | 'unlock-screen', listener: () => void): unknown;
  removeListener(event: 'resume' | 'unlock-screen', listener: () => void): unknown;
}

const WAKE_EVENTS = ['resume', 'unlock-screen'] as const;

/** Returns the function that stops watching. */
export function pollOnWake(powerMonitor: PowerMonitorLike, pollNow: () => void): () => void {
  const onWake = () => pollNow();
  for (const event of WAKE_EVENTS) powerMonitor.on(event, onWake);
  return () => {
    for (const event of WAKE_EVENTS) powerMonitor.removeListener(event, onWake);
  };
}
