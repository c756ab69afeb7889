import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { inspectElectron } from '../../scripts/launcher/index.mjs';
import { temporaryDirectories } from './support/standIns';

const directories = temporaryDirectories();
afterEach(() => directories.removeAll());

/** An `electron` package folder at version 45.4.1, with the given files. */
function electronPackage(files: Record<string, string>): string {
  const directory = directories.make('electron-package');
  writeFileSync(join(directory, 'package.json'), JSON.stringify({ name: 'electron', version: '45.4.1' }));
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(join(directory, name, '..'), { recursive: true });
    writeFileSync(join(directory, name), content);
  }
  return directory;
}

const installed = { 'path.txt': 'electron', 'dist/version': '45.4.1', 'dist/electron': '' };

describe('inspectElectron', () => {
  it('finds the binary as the package installed it', () => {
    const electronDir = electronPackage(installed);
    expect(inspectElectron({ electronDir, env: {}, platform: 'linux' })).toEqual({
      status: 'installed',
      version: '45.4.1',
      executablePath: join(electronDir, 'dist', 'electron'),
    });
  });

  it.each([
    ['a fresh `npm install` (no dist/, no path.txt)', {}],
    ['an older Electron left in dist/', { ...installed, 'dist/version': 'v44.0.0' }],
    ['another platform’s binary', { ...installed, 'path.txt': 'electron.exe' }],
    ['path.txt without the binary', { 'path.txt': 'electron', 'dist/version': '45.4.1' }],
  ])('says missing for %s', (_case, files) => {
    const electronDir = electronPackage(files);
    expect(inspectElectron({ electronDir, env: {}, platform: 'linux' })).toEqual({
      status: 'missing',
      version: '45.4.1',
    });
  });

  it('takes ELECTRON_EXEC_PATH, a binary of your own, when it exists', () => {
    const electronDir = electronPackage({});
    const own = join(electronDir, 'my-electron');
    writeFileSync(own, '');
    expect(
      inspectElectron({ electronDir, env: { ELECTRON_EXEC_PATH: own }, platform: 'linux' }),
    ).toMatchObject({
      status: 'installed',
      executablePath: own,
    });
    const missing = inspectElectron({
      electronDir,
      env: { ELECTRON_EXEC_PATH: '/nowhere' },
      platform: 'linux',
    });
    expect(missing).toMatchObject({ status: 'unavailable', problem: expect.stringContaining('/nowhere') });
  });
});
