/**
 * Opens the printed URL in the default browser without putting the token on a command line, where other
 * users of the machine could read it (`ps`): the URL goes into an HTML file readable by the user only, in
 * the runtime directory, and the browser is asked to open that file, which redirects to the URL.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PRIVATE_FILE_MODE } from '../app/privateFiles';

/** Whether a browser can be shown: a desktop session on Linux and the BSDs, always on macOS and Windows. */
export function hasDisplay(platform: NodeJS.Platform, env: NodeJS.ProcessEnv): boolean {
  if (platform === 'darwin' || platform === 'win32') return true;
  return Boolean(env['DISPLAY'] || env['WAYLAND_DISPLAY']);
}

/** The per-user runtime directory (XDG_RUNTIME_DIR, mode 0700), else the user data directory. */
export function runtimeDirectory(env: NodeJS.ProcessEnv, userData: string): string {
  return env['XDG_RUNTIME_DIR'] || userData;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/** Writes the redirect page (mode 0600, a fresh name) and returns its path. */
export function writeRedirectFile(directory: string, url: string): string {
  const path = join(directory, `ringside-open-${randomBytes(6).toString('hex')}.html`);
  const target = escapeHtml(url);
  const page = [
    '<!doctype html>',
    '<meta charset="utf-8">',
    '<meta name="referrer" content="no-referrer">',
    `<meta http-equiv="refresh" content="0; url=${target}">`,
    '<title>Ringside</title>',
    `<p><a href="${target}">Open Ringside</a></p>`,
    '',
  ].join('\n');
  // `wx`: never follow or reuse a file someone else put there.
  writeFileSync(path, page, { mode: PRIVATE_FILE_MODE, flag: 'wx' });
  return path;
}

export function removeRedirectFile(path: string): void {
  rmSync(path, { force: true });
}

/** The command that opens a file with the default application. */
export function openCommand(platform: NodeJS.Platform, path: string): [string, string[]] {
  if (platform === 'darwin') return ['open', [path]];
  if (platform === 'win32') return ['explorer.exe', [path]];
  return ['xdg-open', [path]];
}

/** Asks the desktop to open `path`; `onError` hears why it could not (no xdg-open, say). */
export function openWithDesktop(
  platform: NodeJS.Platform,
  path: string,
  onError: (error: Error) => void,
): void {
  const [command, args] = openCommand(platform, path);
  const child = spawn(command, args, { detached: true, stdio: 'ignore' });
  child.on('error', onError);
  child.unref();
}
