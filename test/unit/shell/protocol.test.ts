import { resolve } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { protocolClientArguments, registerProtocolClients } from '../../../src-main/shell/protocol';
import { spyLogger } from './spyLogger';

const packaged = { execPath: '/opt/Ringside/ringside', argv: ['/opt/Ringside/ringside', 'tel:201'] };
const development = {
  defaultApp: true,
  execPath: '/work/node_modules/electron/dist/electron',
  argv: ['/work/node_modules/electron/dist/electron', '.', '--inspect'],
};

function fakeApp(accepts: (scheme: string) => boolean = () => true) {
  return {
    setAsDefaultProtocolClient: vi.fn((scheme: string, _path?: string, _args?: string[]) => accepts(scheme)),
  };
}

describe('protocol registration', () => {
  it('registers the packaged executable itself for tel: and callto:', () => {
    const app = fakeApp();
    expect(registerProtocolClients(app, packaged, spyLogger())).toEqual(['tel', 'callto']);
    expect(app.setAsDefaultProtocolClient.mock.calls).toEqual([['tel'], ['callto']]);
  });

  it('in development, names Electron and the absolute project path, so a link does not start a bare Electron', () => {
    const app = fakeApp();
    registerProtocolClients(app, development, spyLogger());
    const projectPath = resolve('.');
    expect(app.setAsDefaultProtocolClient.mock.calls).toEqual([
      ['tel', development.execPath, [projectPath]],
      ['callto', development.execPath, [projectPath]],
    ]);
  });

  it('uses the packaged form when Electron runs without an app path', () => {
    expect(
      protocolClientArguments({
        defaultApp: true,
        execPath: '/usr/bin/electron',
        argv: ['/usr/bin/electron'],
      }),
    ).toEqual([]);
  });

  it('keeps going when the OS refuses one scheme, and says so in the log', () => {
    const app = fakeApp((scheme) => scheme !== 'callto');
    const logger = spyLogger();
    expect(registerProtocolClients(app, packaged, logger)).toEqual(['tel']);
    expect(logger.warn).toHaveBeenCalledWith('could not register Ringside as the handler of callto: links');
  });
});
