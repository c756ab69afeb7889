import { describe, expect, it } from 'vitest';
import { electronCommand, electronDevCommand } from '../../scripts/launcher/index.mjs';

const base = {
  executablePath: '/app/node_modules/electron/dist/electron',
  projectRoot: '/app',
  electronArgs: ['tel:+420123456789'],
  platform: 'linux',
  isRoot: false,
  env: { PATH: '/usr/bin', ELECTRON_RUN_AS_NODE: '1' },
};

describe('electronCommand', () => {
  it('is `electron <project root> …arguments`, as `electron .` would be', () => {
    const command = electronCommand(base);
    expect(command.command).toBe(base.executablePath);
    expect(command.args).toEqual(['/app', 'tel:+420123456789']);
  });

  it('never lets ELECTRON_RUN_AS_NODE turn Electron into a plain Node', () => {
    expect(electronCommand(base).env).toEqual({ PATH: '/usr/bin' });
  });

  it("adds --no-sandbox for root on Linux only (Chromium's sandbox refuses root)", () => {
    expect(electronCommand({ ...base, isRoot: true }).args).toEqual([
      '/app',
      '--no-sandbox',
      'tel:+420123456789',
    ]);
    expect(electronCommand({ ...base, isRoot: true, platform: 'darwin' }).args).not.toContain('--no-sandbox');
  });
});

describe('electronDevCommand', () => {
  it('runs electron-vite dev on the found binary, the arguments after --', () => {
    const command = electronDevCommand({ ...base, nodePath: '/usr/bin/node' });
    expect(command.command).toBe('/usr/bin/node');
    expect(command.args).toEqual([
      '/app/node_modules/electron-vite/bin/electron-vite.js',
      'dev',
      '--',
      'tel:+420123456789',
    ]);
    expect(command.env).toEqual({ PATH: '/usr/bin', ELECTRON_EXEC_PATH: base.executablePath });
  });

  it('uses its --noSandbox for root on Linux', () => {
    const command = electronDevCommand({ ...base, electronArgs: [], isRoot: true, nodePath: 'node' });
    expect(command.args.slice(1)).toEqual(['dev', '--noSandbox']);
  });
});
