/**
 * A fresh clone installs without changing a tracked file: package-lock.json must already say what npm would
 * write into it, and every install script must be reviewed in package.json's `allowScripts` (else npm warns).
 * npm marks a locked package `hasInstallScript` when its package.json has a preinstall, install or postinstall
 * script, or a binding.gyp without an install script (node-gyp's implied one). .ci/check-clean-install checks
 * the same on a real install.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../../..');
const readJson = <T>(path: string): T => JSON.parse(readFileSync(join(root, path), 'utf8')) as T;

interface LockedPackage {
  hasInstallScript?: boolean;
  optional?: boolean;
}
const lock = readJson<{ packages: Record<string, LockedPackage> }>('package-lock.json');
const manifest = readJson<{ allowScripts: Record<string, boolean> }>('package.json');

function installScriptOf(path: string): boolean | undefined {
  const packageJson = join(root, path, 'package.json');
  if (!existsSync(packageJson)) return undefined; // an optional package for another platform
  const scripts = (JSON.parse(readFileSync(packageJson, 'utf8')) as { scripts?: Record<string, string> })
    .scripts;
  const declared = ['preinstall', 'install', 'postinstall'].some((name) => scripts?.[name]);
  return declared || existsSync(join(root, path, 'binding.gyp'));
}

const installed = Object.entries(lock.packages)
  .filter(([path]) => path.startsWith('node_modules/'))
  .map(([path, locked]) => ({ path, locked, script: installScriptOf(path) }))
  .filter((entry) => entry.script !== undefined);

describe('package-lock.json as a fresh install leaves it', () => {
  it('marks exactly the packages with an install script', () => {
    expect(installed.length).toBeGreaterThan(100);
    const wrong = installed
      .filter(({ locked, script }) => (locked.hasInstallScript === true) !== script)
      .map(({ path, script }) => `${path}: ${script ? 'has' : 'has no'} install script`);
    expect(wrong).toEqual([]);
  });

  it('has every install script reviewed in allowScripts', () => {
    const names = installed
      .filter(({ script }) => script)
      .map(({ path }) => path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length));
    expect(names.filter((name) => !(name in manifest.allowScripts))).toEqual([]);
  });
});
