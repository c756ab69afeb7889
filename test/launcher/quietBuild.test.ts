/**
 * `npm start` shows a newcomer what they need first: the build's own output (bundle lists, its warnings) only
 * with --verbose, or when the build fails, where it is the reason. A stand-in electron-vite prints noise and
 * exits as the test says.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { launch } from '../../scripts/launcher/index.mjs';
import { temporaryDirectories } from './support/standIns';

const NOISE = '[INEFFECTIVE_DYNAMIC_IMPORT] something is dynamically imported and statically too';

const directories = temporaryDirectories();
afterEach(() => directories.removeAll());

async function startWithBuild(exitCode: number, args: string[] = []) {
  const projectRoot = directories.make('quiet-build');
  const bin = join(projectRoot, 'node_modules', 'electron-vite', 'bin');
  mkdirSync(bin, { recursive: true });
  writeFileSync(
    join(bin, 'electron-vite.js'),
    `console.log(${JSON.stringify(NOISE)}); console.error('built in 1 s'); process.exit(${exitCode});`,
  );
  const electron = join(projectRoot, 'node_modules', 'electron');
  mkdirSync(electron, { recursive: true });
  writeFileSync(join(electron, 'package.json'), '{"name":"electron","version":"45.4.1"}');
  const said: string[] = [];
  const code = await launch({
    projectRoot,
    // The browser host is not built: the launcher stops right after the build, with its own message.
    args: ['--browser', ...args],
    browserHostPath: join(projectRoot, 'missing-browserHost.js'),
    env: { PATH: process.env['PATH'] ?? '' },
    stdio: 'ignore',
    print: (line: string) => said.push(line),
    warn: (text: string) => said.push(text),
  });
  return { code, said: said.join('\n') };
}

describe('the launcher’s build step', () => {
  it('keeps a successful build’s output back, and says how to see it', async () => {
    const { said } = await startWithBuild(0);
    expect(said).toContain('Building Ringside (electron-vite build; --verbose shows its output)…');
    expect(said).not.toContain('INEFFECTIVE_DYNAMIC_IMPORT');
    expect(said).not.toContain('built in 1 s');
  });

  it('shows a failed build’s output, the reason it failed', async () => {
    const { code, said } = await startWithBuild(3);
    expect(code).toBe(3);
    expect(said).toContain(NOISE);
    expect(said).toContain('built in 1 s');
    expect(said).toContain('The build failed (its output is above).');
  });

  it('with --verbose, lets the build speak as it runs', async () => {
    const { said } = await startWithBuild(0, ['--verbose']);
    expect(said).toContain('Building Ringside (electron-vite build)…');
  });
});
