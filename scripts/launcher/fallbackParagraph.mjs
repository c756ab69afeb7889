/**
 * The one paragraph the launcher prints before it starts the browser host instead of the desktop app: what
 * failed, and how to get the desktop app next time.
 */

const WIDTH = 100;

/**
 * @param {{ reason: 'no-display' | 'no-electron', problem?: string, electronVersion: string }} failure
 * @returns {string} the paragraph, wrapped to 100 columns
 */
export function fallbackParagraph({ reason, problem, electronVersion }) {
  const text =
    reason === 'no-display'
      ? 'Ringside has no display to open its window on (neither DISPLAY nor WAYLAND_DISPLAY is set), and no ' +
        'browser can be opened from here either. Open the link printed below in a browser on this machine ' +
        '(it works once, for 5 minutes). For the desktop app, run `npm start` in a desktop session or on a ' +
        'machine with a display.'
      : `Electron ${electronVersion} could not be installed: ${problem ?? 'no reason given'}. Ringside ` +
        'starts in your browser instead. For the desktop app: behind a proxy, set HTTPS_PROXY (e.g. ' +
        'HTTPS_PROXY=http://proxy.example:3128); or set ELECTRON_MIRROR to a mirror you can reach; then run ' +
        '`npx install-electron`, or `npm start` again. See docs/starting.md.';
  return wrap(text, WIDTH);
}

/** Breaks at spaces so no line is longer than `width` (a longer single word keeps its own line). */
export function wrap(text, width) {
  const lines = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  return lines.join('\n');
}

/** Said instead of starting the browser host while the build has none (it comes from src-main/web/). */
export function browserHostMissingMessage(browserHostPath) {
  return wrap(
    `Ringside cannot start in the browser either: the browser host (${browserHostPath}) is not part of this ` +
      'build yet, so there is nothing to start.',
    WIDTH,
  );
}
