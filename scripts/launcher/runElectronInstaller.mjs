/**
 * Runs the `electron` package's own installer (install.js: @electron/get downloads the release zip, checks
 * it, extracts it into dist/ and writes path.txt), its output on the terminal. It is stopped when the
 * download makes no progress for INSTALL_STALL_LIMIT_MS: a download that cannot work (no network, a
 * firewall that drops packets, a dead proxy) costs at most that, while a slow one that moves goes on. Once
 * the mirror has been seen to answer (`mirrorAnswered`), a pause may last REACHABLE_STALL_LIMIT_MS: a slow
 * link is no reason to give up. Progress is what the installer writes: its download, into a temporary
 * directory of its own (TMPDIR), and the extracted files, into dist/.
 */
import { lstatSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { proxySettings } from './probeMirror.mjs';
import { exitCodeOf, runChild } from './runChild.mjs';

export const INSTALL_STALL_LIMIT_MS = 3500;
export const REACHABLE_STALL_LIMIT_MS = 30_000;
const PROGRESS_CHECK_MS = 250;
/** How long a stalled installer gets between SIGTERM and SIGKILL. */
const KILL_GRACE_MS = 500;

/** The installer's environment: its own TMPDIR to watch, and @electron/get's proxy support when a proxy is set. */
export function installerEnv(env, scratchDir) {
  const result = { ...env, TMPDIR: scratchDir, TEMP: scratchDir, TMP: scratchDir };
  // @electron/get goes through HTTPS_PROXY/HTTP_PROXY only when asked to (it then uses undici's EnvHttpProxyAgent).
  if (proxySettings(env) && !env.ELECTRON_GET_USE_PROXY) result.ELECTRON_GET_USE_PROXY = '1';
  return result;
}

/**
 * @returns {Promise<{ ok: boolean, interrupted: boolean, stalled: boolean, exitCode: number, elapsedMs: number,
 *   problem?: string }>}
 */
export async function runElectronInstaller({
  electronDir,
  env,
  stdio = 'inherit',
  signals = process,
  stallLimitMs = INSTALL_STALL_LIMIT_MS,
  mirrorAnswered = Promise.resolve(false),
}) {
  const started = Date.now();
  const scratchDir = mkdtempSync(join(tmpdir(), 'ringside-electron-install-'));
  let stalled = false;
  let limitMs = stallLimitMs;
  void mirrorAnswered.then((answered) => {
    if (answered) limitMs = Math.max(limitMs, REACHABLE_STALL_LIMIT_MS);
  });
  const writtenBytes = () => treeSize(scratchDir) + treeSize(join(electronDir, 'dist'));
  const watchProgress = (child) => {
    let lastSize = writtenBytes();
    let lastProgress = Date.now();
    let killTimer;
    const timer = setInterval(() => {
      const size = writtenBytes();
      if (size !== lastSize) {
        lastSize = size;
        lastProgress = Date.now();
      } else if (!stalled && Date.now() - lastProgress >= limitMs) {
        stalled = true;
        child.kill('SIGTERM');
        killTimer = setTimeout(() => child.kill('SIGKILL'), KILL_GRACE_MS);
      }
    }, PROGRESS_CHECK_MS);
    return () => {
      clearInterval(timer);
      clearTimeout(killTimer);
    };
  };
  try {
    const result = await runChild(process.execPath, [join(electronDir, 'install.js')], {
      cwd: electronDir,
      env: installerEnv(env, scratchDir),
      stdio,
      signals,
      onStart: watchProgress,
    });
    const elapsedMs = Date.now() - started;
    const ok = result.code === 0 && !stalled;
    const problem = ok
      ? undefined
      : stalled
        ? `the download made no progress for ${limitMs / 1000} s`
        : result.error
          ? `the installer could not run (${result.error.message})`
          : `Electron's installer failed (exit code ${exitCodeOf(result)})`;
    return { ok, interrupted: result.interrupted, stalled, exitCode: exitCodeOf(result), elapsedMs, problem };
  } finally {
    rmSync(scratchDir, { recursive: true, force: true });
  }
}

/** Bytes in the files below `directory` (0 when it does not exist; files may vanish while it counts). */
function treeSize(directory) {
  let entries;
  try {
    entries = readdirSync(directory, { withFileTypes: true, recursive: true });
  } catch {
    return 0;
  }
  let size = 0;
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    try {
      size += lstatSync(join(entry.parentPath, entry.name)).size;
    } catch {
      // Renamed into the cache or replaced meanwhile: the next check counts it where it went.
    }
  }
  return size;
}
