/**
 * Runs one child process to its end. While it runs, SIGINT, SIGTERM and SIGHUP sent to the launcher are
 * passed on to it (as Electron's own cli.js does), and the launcher then exits with the child's code.
 */
import { spawn } from 'node:child_process';
import { constants } from 'node:os';

const FORWARDED_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'];

/**
 * @returns {Promise<{ code: number | null, signal: string | null, interrupted: boolean, error?: Error }>}
 *   `interrupted` when the launcher itself was sent a signal meanwhile; never rejects
 */
export function runChild(command, args, { cwd, env, stdio = 'inherit', signals = process, onStart } = {}) {
  return new Promise((resolve) => {
    let interrupted = false;
    const child = spawn(command, args, { cwd, env, stdio });
    const forward = (signal) => {
      interrupted = true;
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    };
    for (const signal of FORWARDED_SIGNALS) signals.on(signal, forward);
    const stopWatching = onStart?.(child);
    let finished = false;
    // A child that cannot be spawned reports 'error' and may then report 'close' too: the first one counts.
    const finish = (outcome) => {
      if (finished) return;
      finished = true;
      stopWatching?.();
      for (const signal of FORWARDED_SIGNALS) signals.off(signal, forward);
      resolve({ ...outcome, interrupted });
    };
    child.once('error', (error) => finish({ code: null, signal: null, error }));
    child.once('close', (code, signal) => finish({ code, signal }));
  });
}

/** A shell's convention: the child's code, or 128 + the number of the signal that ended it. */
export function exitCodeOf({ code, signal }) {
  if (code !== null && code !== undefined) return code;
  const number = signal ? constants.signals[signal] : undefined;
  return number ? 128 + number : 1;
}
