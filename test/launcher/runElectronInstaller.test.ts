/**
 * The installer's watchdog, with stand-in installers (an install.js of a few lines): a silent one is
 * stopped, one whose download grows goes on, and one whose mirror answered gets more patience.
 */
import { EventEmitter } from 'node:events';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runElectronInstaller } from '../../scripts/launcher/index.mjs';
import { temporaryDirectories } from './support/standIns';

const directories = temporaryDirectories();
afterEach(() => directories.removeAll());

/** An `electron` package folder whose install.js is `script`. */
function installerPackage(script: string): string {
  const directory = directories.make('installer');
  writeFileSync(join(directory, 'install.js'), script);
  return directory;
}

const SILENT_FOR_TWO_SECONDS = 'setTimeout(() => process.exit(0), 2000);';
// Writes to its TMPDIR every 100 ms, as a download does, for two seconds.
const DOWNLOADING_FOR_TWO_SECONDS = `
const { appendFileSync } = require('node:fs');
const file = require('node:path').join(process.env.TMPDIR, 'electron.zip');
const timer = setInterval(() => appendFileSync(file, 'x'), 100);
setTimeout(() => { clearInterval(timer); process.exit(0); }, 2000);
`;

function run(electronDir: string, mirrorAnswered?: Promise<boolean>) {
  return runElectronInstaller({
    electronDir,
    env: { PATH: process.env['PATH'] ?? '' },
    stdio: 'ignore',
    signals: new EventEmitter(),
    stallLimitMs: 1000,
    mirrorAnswered,
  });
}

describe('runElectronInstaller', () => {
  it('stops an installer that makes no progress', async () => {
    const outcome = await run(installerPackage(SILENT_FOR_TWO_SECONDS));
    expect(outcome).toMatchObject({
      ok: false,
      stalled: true,
      problem: 'the download made no progress for 1 s',
    });
  });

  it('lets a download that grows go on', async () => {
    const outcome = await run(installerPackage(DOWNLOADING_FOR_TWO_SECONDS));
    expect(outcome).toMatchObject({ ok: true, stalled: false, exitCode: 0 });
  });

  it('is patient once the mirror has answered', async () => {
    const outcome = await run(installerPackage(SILENT_FOR_TWO_SECONDS), Promise.resolve(true));
    expect(outcome).toMatchObject({ ok: true, stalled: false });
  });

  it('reports a failing installer with its exit code', async () => {
    const outcome = await run(installerPackage('process.exit(3);'));
    expect(outcome).toMatchObject({ ok: false, stalled: false, exitCode: 3 });
    expect(outcome.problem).toBe("Electron's installer failed (exit code 3)");
  });
});
