/**
 * The demo PBX standalone, for integrators: `npm run demo-pbx -- [--port 8080] [--seed 1] [--persons 2000]
 * [--min-phones 1] [--staff 0] [--token-ttl 3600] [--ring-every 45] [--transcribe-after 5] [--page-cap n]
 * [--max-limit n] [--drift json] [--no-auth]`. Prints `key=value` lines, then
 * one line per request. Ctrl+C or SIGTERM stops it. Bad flags: a message and exit code 2.
 */
import { parseArgs } from 'node:util';
import type { Logger } from '../shared/logger';
import type { DriftRequest } from './http/responseDrift';
import { DEFAULT_OPTIONS, type DemoPbxOptions } from './options';
import { startDemoPbx } from './server';

const USAGE = `Usage: npm run demo-pbx -- [options]
  --port <n>              port on 127.0.0.1 (default: a free one)
  --seed <n>              data seed; same seed, same data (default ${DEFAULT_OPTIONS.seed})
  --persons <n>           CRM persons to seed (default ${DEFAULT_OPTIONS.persons})
  --min-phones <n>        fewest phone numbers per person, 1-3 (default ${DEFAULT_OPTIONS.minPhonesPerPerson})
  --staff <n>             back-office users to add, each with an extension (default ${DEFAULT_OPTIONS.staff})
  --token-ttl <s>         access token lifetime in seconds (default ${DEFAULT_OPTIONS.tokenTtlSeconds})
  --ring-every <s>        mean seconds between automatic inbound calls, 0 = off (default ${DEFAULT_OPTIONS.ringEverySeconds})
  --transcribe-after <s>  seconds until a call's transcription is done (default ${DEFAULT_OPTIONS.transcribeAfterSeconds})
  --page-cap <n>          CRM list pages hold at most n items, whatever limit asks for (default: no cap)
  --max-limit <n>         refuse a CRM list limit above n with HTTP 400 (default: 1-1000 served)
  --drift <json>          serve drifted answers, e.g. '{"target":"calls","field":"caller_number","value":42}'
                          (the body of POST /_sim/drift; repeatable)
  --no-auth               no bearer token needed (the API's "enabled = 0")
  --help                  this text`;

const INTEGER_FLAGS = {
  port: 'port',
  seed: 'seed',
  persons: 'persons',
  'min-phones': 'minPhonesPerPerson',
  staff: 'staff',
  'token-ttl': 'tokenTtlSeconds',
  'ring-every': 'ringEverySeconds',
  'transcribe-after': 'transcribeAfterSeconds',
  'page-cap': 'pageCap',
  'max-limit': 'maxLimit',
} as const satisfies Record<string, keyof DemoPbxOptions>;

class UsageError extends Error {}

function parseOptions(argv: string[]): DemoPbxOptions | 'help' {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        ...Object.fromEntries(Object.keys(INTEGER_FLAGS).map((flag) => [flag, { type: 'string' as const }])),
        drift: { type: 'string', multiple: true },
        'no-auth': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const values = parsed.values as Record<string, string | boolean | undefined>;
  if (values.help) return 'help';
  const options: DemoPbxOptions = { auth: !values['no-auth'] };
  for (const [flag, key] of Object.entries(INTEGER_FLAGS)) {
    const text = values[flag];
    if (typeof text !== 'string') continue;
    if (!/^\d+$/.test(text)) throw new UsageError(`--${flag} needs a non-negative integer, got "${text}"`);
    options[key] = Number(text);
  }
  const drift = (parsed.values as { drift?: string[] }).drift;
  if (drift) options.drift = drift.map(driftRule);
  return options;
}

/** One `--drift` rule; startDemoPbx checks its fields. */
function driftRule(text: string): DriftRequest {
  try {
    return JSON.parse(text) as DriftRequest;
  } catch {
    throw new UsageError(
      `--drift needs a JSON object like {"target":"calls","field":"caller_number","value":42}`,
    );
  }
}

/** Request lines and notices on stdout, problems on stderr. */
const consoleLogger: Logger = {
  debug: () => {},
  info: (message) => console.log(`${new Date().toISOString()} ${message}`),
  warn: (message, ...details) => console.error(`${new Date().toISOString()} WARN ${message}`, ...details),
  error: (message, ...details) => console.error(`${new Date().toISOString()} ERROR ${message}`, ...details),
};

async function main(): Promise<void> {
  let options: DemoPbxOptions | 'help';
  try {
    options = parseOptions(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`demo-pbx: ${error.message}\n\n${USAGE}`);
    process.exit(2);
  }
  if (options === 'help') {
    console.log(USAGE);
    return;
  }

  let pbx;
  try {
    pbx = await startDemoPbx({ ...options, logger: consoleLogger });
  } catch (error) {
    // Out-of-range option values are usage errors too; a busy port is not.
    const usage = error instanceof RangeError;
    console.error(`demo-pbx: ${(error as Error).message}${usage ? `\n\n${USAGE}` : ''}`);
    process.exit(usage ? 2 : 1);
  }

  const phone = pbx.agent.phoneByExtension;
  console.log(
    [
      `base_url=${pbx.baseUrl}`,
      `auth_url=${pbx.authUrl}`,
      `client_id=${pbx.credentials.clientId}`,
      `client_secret=${pbx.credentials.clientSecret}`,
      `agent_username=${pbx.agent.username}`,
      `phone_identifier=${'identifier' in pbx.agent.phone ? pbx.agent.phone.identifier : ''}`,
      `phone_extension=${'extension' in phone ? phone.extension : ''}`,
      `auth=${options.auth === false ? 'off' : 'on'}`,
    ].join('\n'),
  );

  const stop = (signal: string) => {
    console.log(`${new Date().toISOString()} ${signal}: stopping`);
    pbx.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error('demo-pbx: error while stopping', error);
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
}

void main();
