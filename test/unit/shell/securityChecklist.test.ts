/**
 * Items of Electron's security checklist (docs/SECURITY.md) that are proven by what the code does not do:
 * `shell.openExternal` is called in one place only, behind the one check of what may be opened (item 15;
 * the check itself: externalLinks.test.ts); no source file turns on a Blink
 * feature or allows popups in a webview (items 10 and 11), or loads a file:// page (item 18).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const projectRoot = join(import.meta.dirname, '..', '..', '..');

function sources(): { path: string; text: string }[] {
  return ['src-main', 'src-renderer'].flatMap((folder) =>
    readdirSync(join(projectRoot, folder), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && /\.(ts|svelte|html)$/.test(entry.name))
      .map((entry) => {
        const path = join(entry.parentPath, entry.name);
        return { path: relative(projectRoot, path), text: readFileSync(path, 'utf8') };
      }),
  );
}

function uses(pattern: RegExp): string[] {
  return sources()
    .filter(({ text }) => pattern.test(text))
    .map(({ path }) => path);
}

describe('what Ringside never does', () => {
  it('calls shell.openExternal in one place, and only with a link openExternalLink checked', () => {
    // Electron's own: elsewhere `openExternal` is only the name of the function index.ts hands in (the
    // browser sign-in opens its page with it).
    expect(uses(/\bshell\.openExternal\b/)).toEqual(['src-main/index.ts']);
    const index = readFileSync(join(projectRoot, 'src-main', 'index.ts'), 'utf8');
    const calls = index.match(/.*\bopenExternal\(.*/g) ?? [];
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatch(/openExternalLink\(url, \(checked\) => shell\.openExternal\(checked\)\)/);
  });

  it('switches on no Blink feature and no experimental feature, and allows no webview popups', () => {
    expect(uses(/\benableBlinkFeatures\b|\ballowpopups\b/)).toEqual([]);
    expect(uses(/experimentalFeatures:\s*true/)).toEqual([]);
  });

  it('loads no window from a file', () => {
    expect(uses(/\bloadFile\s*\(|\bloadURL\s*\([^)]*file:|\bpathToFileURL\b[^;]*loadURL/)).toEqual([]);
  });

  it('never disables web security or allows insecure content', () => {
    expect(uses(/webSecurity:\s*false|allowRunningInsecureContent:\s*true|nodeIntegration:\s*true/)).toEqual(
      [],
    );
    expect(uses(/contextIsolation:\s*false|sandbox:\s*false/)).toEqual([]);
  });
});
