/**
 * The arguments of `npm run server`: `--config FILE` (also `--config=FILE`), `enroll PBX-USERNAME`,
 * `set-secret` (with `--config`), `--help`. A pure function of argv; what is wrong comes back as a message not yet worded (`Text`), so the
 * caller prints it in the server's language with the usage below it.
 */
import { text, type Text, type Translator } from '../../shared/i18n';

export type ServerCommand =
  | { kind: 'serve'; configFile: string | null }
  | { kind: 'enroll'; configFile: string | null; username: string }
  /** Store the PBX client secret read from standard input in the configuration's `pbx.secretFile`. */
  | { kind: 'set-secret'; configFile: string }
  | { kind: 'help' }
  | { kind: 'invalid'; problem: Text };

export function parseServerArgs(argv: readonly string[]): ServerCommand {
  let configFile: string | null = null;
  let enroll: string | null = null;
  let setSecret = false;
  for (let index = 0; index < argv.length; index += 1) {
    const argument = argv[index] ?? '';
    if (argument === '--help' || argument === '-h') return { kind: 'help' };
    const [option, inline] = argument.startsWith('--') ? splitInline(argument) : [argument, undefined];
    if (option === '--config') {
      if (configFile !== null) return invalid('serverConfig.cliTwice', { option });
      const value = inline ?? argv[index + 1];
      if (value === undefined || value === '' || (inline === undefined && value.startsWith('-'))) {
        return invalid('serverConfig.cliMissingValue', { option });
      }
      configFile = value;
      if (inline === undefined) index += 1;
    } else if (argument === 'set-secret') {
      if (setSecret) return invalid('serverConfig.cliTwice', { option: argument });
      if (enroll !== null) return invalid('serverConfig.cliCommandTwice');
      setSecret = true;
    } else if (argument === 'enroll') {
      if (enroll !== null) return invalid('serverConfig.cliTwice', { option: argument });
      if (setSecret) return invalid('serverConfig.cliCommandTwice');
      const username = argv[index + 1]?.trim();
      if (!username || username.startsWith('-')) return invalid('serverConfig.cliMissingUsername');
      enroll = username;
      index += 1;
    } else if (argument.startsWith('-')) {
      return invalid('serverConfig.cliUnknownOption', { option });
    } else {
      return invalid('serverConfig.cliUnexpected', { argument });
    }
  }
  if (setSecret) {
    return configFile === null
      ? invalid('serverConfig.cliSetSecretNeedsConfig')
      : { kind: 'set-secret', configFile };
  }
  return enroll === null ? { kind: 'serve', configFile } : { kind: 'enroll', configFile, username: enroll };
}

/** `--help`'s text, also printed under a problem. */
export function serverUsage(translator: Translator): string {
  return translator.t('serverConfig.cliUsage');
}

function splitInline(argument: string): [string, string | undefined] {
  const equals = argument.indexOf('=');
  return equals < 0 ? [argument, undefined] : [argument.slice(0, equals), argument.slice(equals + 1)];
}

function invalid(key: Parameters<typeof text>[0], params?: Parameters<typeof text>[1]): ServerCommand {
  return { kind: 'invalid', problem: text(key, params) };
}
