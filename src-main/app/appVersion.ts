/**
 * package.json's version, as Electron's `app.getVersion()` reads it, for the hosts that run without Electron
 * (the browser host, the team server). Each entry names the file relative to itself (`import.meta.url`):
 * where this module ends up in a bundle is no guide.
 */
import { readFileSync } from 'node:fs';

export function appVersion(packageJson: URL): string {
  try {
    const manifest = JSON.parse(readFileSync(packageJson, 'utf8')) as { version?: unknown };
    return typeof manifest.version === 'string' ? manifest.version : '0.0.0';
  } catch {
    return '0.0.0';
  }
}
