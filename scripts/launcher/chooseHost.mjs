/**
 * Which host Ringside starts in: the Electron desktop app, or the browser host. Pure: it reads what it is
 * given, so every case is unit-tested without spawning anything. The launcher calls it again after
 * Electron's installer ran.
 */

/** Linux and the BSDs draw windows on an X or Wayland display; macOS and Windows always have one. */
export function hasDisplay(platform, env) {
  if (platform === 'darwin' || platform === 'win32') return true;
  return Boolean(env.DISPLAY || env.WAYLAND_DISPLAY);
}

/**
 * @param {{ options: { browser: boolean }, env: Record<string, string | undefined>, platform: string,
 *   electronState: { status: 'installed' | 'missing' | 'unavailable' } }} situation
 * @returns {{ host: 'electron' } | { host: 'install-electron' } |
 *   { host: 'browser', reason: 'requested' | 'no-display' | 'no-electron' }}
 */
export function chooseHost({ options, env, platform, electronState }) {
  if (options.browser) return { host: 'browser', reason: 'requested' };
  // Checked before Electron: without a display its window cannot open, so it is not worth downloading.
  if (!hasDisplay(platform, env)) return { host: 'browser', reason: 'no-display' };
  switch (electronState.status) {
    case 'installed':
      return { host: 'electron' };
    case 'missing':
      return { host: 'install-electron' };
    default:
      return { host: 'browser', reason: 'no-electron' };
  }
}
