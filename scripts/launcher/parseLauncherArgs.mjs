/**
 * The launcher's command line (`npm start -- …`). The launcher's own flags are taken out; the rest goes on
 * to the host that starts: all of it to the browser host, all but `--port N`/`--host H` to Electron, where
 * they would mean nothing.
 */

/** Flags the launcher reads itself; none of them is passed on. */
const LAUNCHER_FLAGS = {
  '--browser': 'browser',
  '--skip-build': 'skipBuild',
  '--dev': 'dev',
  '--verbose': 'verbose',
};

/** Options with a value that only the browser host understands. */
const BROWSER_HOST_OPTIONS = ['--port', '--host'];

export const LAUNCHER_USAGE =
  'Usage: npm start -- [--browser] [--skip-build] [--verbose] [--port N] [--host H] [other arguments for the app]';

/**
 * @param {readonly string[]} args what follows `npm start --`
 * @returns {{ ok: true, options: LauncherOptions } | { ok: false, error: string }} (types: index.d.mts)
 */
export function parseLauncherArgs(args) {
  const options = {
    browser: false,
    skipBuild: false,
    dev: false,
    verbose: false,
    hostArgs: [],
    electronArgs: [],
  };
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index];
    const flag = LAUNCHER_FLAGS[arg];
    if (flag) {
      options[flag] = true;
      continue;
    }
    const [name, inlineValue] = splitOption(arg);
    if (BROWSER_HOST_OPTIONS.includes(name)) {
      const value = inlineValue ?? args[index + 1];
      if (value === undefined || value === '' || (inlineValue === undefined && value.startsWith('--'))) {
        return {
          ok: false,
          error: `${name} needs a value, e.g. ${name} ${name === '--port' ? '8080' : '0.0.0.0'}`,
        };
      }
      if (inlineValue === undefined) index += 1;
      options.hostArgs.push(name, value);
      continue;
    }
    options.hostArgs.push(arg);
    options.electronArgs.push(arg);
  }
  return { ok: true, options };
}

/** `--port=8080` → ['--port', '8080']; `--port` → ['--port', undefined]. */
function splitOption(arg) {
  const equals = arg.indexOf('=');
  return arg.startsWith('--') && equals > 0
    ? [arg.slice(0, equals), arg.slice(equals + 1)]
    : [arg, undefined];
}
