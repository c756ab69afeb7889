import { app } from 'electron';

/**
 * Makes this process the only running Ringside. Returns false (and quits) when another instance already runs;
 * that instance then receives `onSecondInstance` with the newcomer's argv (later: `tel:` links to dial).
 */
export function claimSingleInstance(onSecondInstance: (argv: string[]) => void): boolean {
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return false;
  }
  app.on('second-instance', (_event, argv) => onSecondInstance(argv));
  return true;
}
