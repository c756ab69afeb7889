/**
 * Proves the layering rules of eslint.config.js bite: planted imports (test/fixtures/lint/) are linted as if
 * they lived in a given folder, through ESLint's own API and the project's real config.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../../..');
const eslint = new ESLint({ cwd: root });

async function layeringMessages(fixture: string, filePath: string): Promise<string[]> {
  const code = readFileSync(resolve(root, 'test/fixtures/lint', fixture), 'utf8');
  const [result] = await eslint.lintText(code, { filePath: resolve(root, filePath) });
  expect(result?.messages.filter((message) => message.fatal)).toEqual([]);
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'no-restricted-imports')
    .map((message) => message.message);
}

// The first lint loads the whole config (plugins, parsers): seconds on a slow machine.
describe('layering lint', { timeout: 60_000 }, () => {
  it.each([
    [
      'electron-import.ts',
      'src-main/api/planted.ts',
      /Only src-main\/shell\/, src-main\/index\.ts and src-main\/preload\.ts import electron/,
    ],
    ['electron-import.ts', 'src-main/app/planted.ts', /import electron/],
    ['electron-import.ts', 'src-main/shared/planted.ts', /import electron/],
    ['electron-import.ts', 'src-main/server/policy/planted.ts', /import electron/],
    ['cache-import.ts', 'src-main/api/planted.ts', /src-main\/api\/ may not import src-main\/cache\//],
    ['node-builtin-import.ts', 'src-main/shared/planted.ts', /no Node built-ins/],
    ['app-import-from-renderer.ts', 'src-renderer/lib/planted.ts', /imports from src-main\/shared\/ only/],
    ['electron-import.ts', 'src-renderer/lib/planted.ts', /import electron/],
  ])('rejects %s in %s', async (fixture, filePath, expected) => {
    const messages = await layeringMessages(fixture, filePath);
    expect(messages).toContainEqual(expect.stringMatching(expected));
  });

  it.each([
    ['shared-type-import.ts', 'src-renderer/lib/planted.ts'],
    ['shared-value-import.ts', 'src-renderer/lib/planted.ts'],
    ['shell-electron-import.ts', 'src-main/shell/planted.ts'],
    ['shell-electron-import.ts', 'src-main/index.ts'],
    ['shell-electron-import.ts', 'src-main/preload.ts'],
    ['cache-import.ts', 'src-main/calls/planted.ts'],
  ])('allows %s in %s', async (fixture, filePath) => {
    expect(await layeringMessages(fixture, filePath)).toEqual([]);
  });
});
