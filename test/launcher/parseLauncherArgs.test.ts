import { describe, expect, it } from 'vitest';
import { parseLauncherArgs } from '../../scripts/launcher/index.mjs';

function optionsOf(args: string[]) {
  const parsed = parseLauncherArgs(args);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.options;
}

describe('parseLauncherArgs', () => {
  it('takes out its own flags and passes nothing else on by default', () => {
    expect(optionsOf([])).toEqual({
      browser: false,
      skipBuild: false,
      dev: false,
      verbose: false,
      hostArgs: [],
      electronArgs: [],
    });
    expect(optionsOf(['--browser', '--skip-build', '--dev', '--verbose'])).toMatchObject({
      browser: true,
      skipBuild: true,
      dev: true,
      verbose: true,
      hostArgs: [],
      electronArgs: [],
    });
  });

  it('gives --port and --host, in both spellings, to the browser host only', () => {
    const options = optionsOf(['--port', '8080', '--host=0.0.0.0', 'tel:+420123456789', '--port=9090']);
    expect(options.hostArgs).toEqual([
      '--port',
      '8080',
      '--host',
      '0.0.0.0',
      'tel:+420123456789',
      '--port',
      '9090',
    ]);
    expect(options.electronArgs).toEqual(['tel:+420123456789']);
  });

  it('passes any other argument to both hosts, in order', () => {
    const options = optionsOf(['--browser', '--trace', 'callto:100', '--user-data-dir=/tmp/x']);
    expect(options.hostArgs).toEqual(['--trace', 'callto:100', '--user-data-dir=/tmp/x']);
    expect(options.electronArgs).toEqual(['--trace', 'callto:100', '--user-data-dir=/tmp/x']);
  });

  it.each([[['--port']], [['--host', '--browser']], [['--port=']]])(
    'refuses %j: a value is missing',
    (args) => {
      const parsed = parseLauncherArgs(args);
      expect(parsed.ok).toBe(false);
      expect(parsed.ok ? '' : parsed.error).toMatch(/needs a value/);
    },
  );
});
