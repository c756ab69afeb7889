/**
 * Proves the import-cycle check (`npm run lint:cycles`) bites: the script's own dpdm command and flags run on
 * fixture pairs (test/fixtures/cycles/) instead of the source folders. A cycle made only of type imports must
 * fail it, with the cycle named; imports one way only must pass.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { promisify, stripVTControlCharacters } from 'node:util';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../../..');
const packageJson = JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')) as {
  scripts: Record<string, string>;
};
const script = packageJson.scripts['lint:cycles'] ?? '';
const [command, ...words] = script.split(/\s+/);
/** The script's flags and their values; its quoted globs name the source files, replaced here by fixtures. */
const flags = words.filter((word) => !word.startsWith('"'));
const dpdm = resolve(root, 'node_modules/dpdm/lib/bin/dpdm.js');

async function checkCycles(fixture: string): Promise<{ exitCode: number; output: string }> {
  const args = [dpdm, ...flags, `test/fixtures/cycles/${fixture}/*.ts`];
  try {
    const { stdout } = await promisify(execFile)(process.execPath, args, { cwd: root });
    return { exitCode: 0, output: stripVTControlCharacters(stdout) };
  } catch (error) {
    const failure = error as { code?: number; stdout?: string };
    return { exitCode: failure.code ?? -1, output: stripVTControlCharacters(failure.stdout ?? '') };
  }
}

describe('import cycle check', { timeout: 60_000 }, () => {
  it('runs dpdm over every main-process and renderer TypeScript file, type imports included', () => {
    expect(command).toBe('dpdm');
    expect(words).toEqual(expect.arrayContaining(['"src-main/**/*.ts"', '"src-renderer/**/*.ts"']));
    // --transform (-T) compiles types away before analysing, and would let type-only cycles through.
    expect(flags).not.toContain('-T');
    expect(flags).not.toContain('--transform');
    expect(flags).toEqual(expect.arrayContaining(['--exit-code', 'circular:1']));
  });

  it('fails on a cycle made only of type imports, naming both files', async () => {
    const { exitCode, output } = await checkCycles('typeOnlyCycle');
    expect(exitCode).not.toBe(0);
    expect(output).toMatch(
      /1\) test\/fixtures\/cycles\/typeOnlyCycle\/(customer|order)\.ts -> test\/fixtures\/cycles\/typeOnlyCycle\/(order|customer)\.ts/,
    );
  });

  it('passes imports that go one way only', async () => {
    const { exitCode, output } = await checkCycles('oneWay');
    expect(exitCode).toBe(0);
    expect(output).not.toMatch(/\d\) test\/fixtures/);
  });
});
