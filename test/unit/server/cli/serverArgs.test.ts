/** `npm run server -- …` as an administrator types it, typos included. */
import { describe, expect, it } from 'vitest';
import { parseServerArgs, serverUsage } from '../../../../src-main/server/cli/serverArgs';
import { createTranslator } from '../../../../src-main/shared/i18n';

const english = createTranslator('en');

function problem(argv: string[]): string {
  const command = parseServerArgs(argv);
  if (command.kind !== 'invalid') throw new Error(`accepted as ${command.kind}`);
  return english.text(command.problem);
}

describe('parseServerArgs', () => {
  it('serves the demo defaults with no arguments, or the file given', () => {
    expect(parseServerArgs([])).toEqual({ kind: 'serve', configFile: null });
    expect(parseServerArgs(['--config', '/etc/ringside/server.json'])).toEqual({
      kind: 'serve',
      configFile: '/etc/ringside/server.json',
    });
    expect(parseServerArgs(['--config=server.json'])).toEqual({ kind: 'serve', configFile: 'server.json' });
  });

  it('sets the PBX secret only with the configuration that names its file, and one command at a time', () => {
    expect(parseServerArgs(['set-secret', '--config', 's.json'])).toEqual({
      kind: 'set-secret',
      configFile: 's.json',
    });
    expect(problem(['set-secret'])).toBe(
      "set-secret needs the configuration that names the secret's file: set-secret --config FILE.",
    );
    expect(problem(['set-secret', 'enroll', 'jana', '--config', 's.json'])).toBe(
      'Give one command: enroll or set-secret.',
    );
    expect(problem(['enroll', 'jana', 'set-secret', '--config', 's.json'])).toBe(
      'Give one command: enroll or set-secret.',
    );
  });

  it('enrolls an agent, with or without a configuration, in either order', () => {
    expect(parseServerArgs(['enroll', 'jana.novakova'])).toEqual({
      kind: 'enroll',
      configFile: null,
      username: 'jana.novakova',
    });
    expect(parseServerArgs(['enroll', 'jana', '--config', 's.json'])).toEqual({
      kind: 'enroll',
      configFile: 's.json',
      username: 'jana',
    });
    expect(parseServerArgs(['--config', 's.json', 'enroll', 'jana'])).toMatchObject({
      kind: 'enroll',
      username: 'jana',
    });
  });

  it('shows the help whatever else is given', () => {
    expect(parseServerArgs(['--help'])).toEqual({ kind: 'help' });
    expect(parseServerArgs(['--config', 'x.json', '-h'])).toEqual({ kind: 'help' });
    expect(serverUsage(english)).toMatch(/--config FILE[\s\S]*enroll PBX-USERNAME[\s\S]*--help/);
  });

  it.each([
    [['--config'], '--config needs a file name: --config FILE.'],
    [['--config='], '--config needs a file name: --config FILE.'],
    [['--config', '--help'], '--config needs a file name: --config FILE.'],
    [['--config', 'a.json', '--config', 'b.json'], '--config is given twice.'],
    [['enroll'], "enroll needs the agent's PBX user name: enroll PBX-USERNAME."],
    [['enroll', '--config', 'a.json'], "enroll needs the agent's PBX user name: enroll PBX-USERNAME."],
    [['enroll', 'a', 'enroll', 'b'], 'enroll is given twice.'],
    [['--port', '80'], '--port is not an option of the Ringside server.'],
    [['--cofnig=a.json'], '--cofnig is not an option of the Ringside server.'],
    [['server.json'], '“server.json” is not understood here.'],
  ])('refuses %j: %s', (argv, message) => {
    expect(problem(argv)).toBe(message);
  });
});
