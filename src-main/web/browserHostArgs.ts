/**
 * The browser host's command line: `node out/main/browserHost.js [--port N] [--host H] [--allow-remote]
 * [--no-open]`. The launcher passes on every argument it does not read itself, some meant for the desktop
 * app; those are ignored here (and named, so a typo is noticed).
 */
import { DEFAULT_BIND_ADDRESS } from './browserHost';

/** The port the browser host asks for first, so the address stays the same from one start to the next. */
export const DEFAULT_PORT = 47300;

export interface BrowserHostArgs {
  port: number;
  host: string;
  allowRemote: boolean;
  open: boolean;
  /** Arguments that mean nothing to the browser host. */
  ignored: string[];
}

export type ParsedArgs = { ok: true; args: BrowserHostArgs } | { ok: false; error: string };

export const BROWSER_HOST_USAGE =
  // i18n-exempt: command-line usage for the developer’s terminal.
  'Usage: node out/main/browserHost.js [--port N] [--host H] [--allow-remote] [--no-open]';

function parsePort(text: string | undefined, source: string): number | string {
  if (text === undefined || !/^\d{1,5}$/.test(text) || Number(text) > 65_535) {
    // i18n-exempt: command-line usage for the developer’s terminal.
    return `${source} must be a port number from 0 to 65535, not ${JSON.stringify(text ?? '')}.`;
  }
  return Number(text);
}

export function parseBrowserHostArgs(argv: readonly string[], env: NodeJS.ProcessEnv): ParsedArgs {
  const args: BrowserHostArgs = {
    port: DEFAULT_PORT,
    host: DEFAULT_BIND_ADDRESS,
    allowRemote: false,
    open: true,
    ignored: [],
  };
  if (env['RINGSIDE_PORT']) {
    const port = parsePort(env['RINGSIDE_PORT'], 'RINGSIDE_PORT');
    if (typeof port === 'string') return { ok: false, error: port };
    args.port = port;
  }
  for (let index = 0; index < argv.length; index++) {
    const arg = argv[index]!;
    const equals = arg.indexOf('=');
    const [name, inline] =
      arg.startsWith('--') && equals > 0 ? [arg.slice(0, equals), arg.slice(equals + 1)] : [arg];
    if (name === '--port' || name === '--host') {
      const value = inline ?? argv[++index];
      if (!value) return { ok: false, error: `${name} needs a value. ${BROWSER_HOST_USAGE}` };
      if (name === '--host') {
        args.host = value;
        continue;
      }
      const port = parsePort(value, '--port');
      if (typeof port === 'string') return { ok: false, error: port };
      args.port = port;
    } else if (arg === '--allow-remote') args.allowRemote = true;
    else if (arg === '--no-open') args.open = false;
    else args.ignored.push(arg);
  }
  return { ok: true, args };
}
