/**
 * Reads the team server's configuration file at start (`--config <file>`): JSON, checked with
 * serverConfigSchema.ts, then what needs the file system or several fields at once. Every problem is
 * reported, each naming its field, so one run shows everything to fix. Paths in the file are relative to
 * the file's folder. Secrets (the PBX client secret, the identity provider's client secret) are read here
 * and returned apart from the configuration, so the configuration can be logged and shown; a file holding
 * one must be readable by the server's user alone.
 */
import { readFileSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { isLoopbackHost } from '../../shared/loopback';
import { t } from '../../shared/i18n';
import { describeIssue, fieldProblem } from './configIssues';
import { ServerConfigSchema, type ServerConfigFields } from './serverConfigSchema';

/** Where the PBX client secret may come from instead of `pbx.secretFile`. */
export const PBX_SECRET_ENV = 'RINGSIDE_PBX_SECRET';

export interface ServerConfig extends ServerConfigFields {
  /** The file it was read from; null for the demo defaults. */
  configFile: string | null;
  /** The PEM text of `pbx.trustedCertificateFile`; null without one. */
  trustedCertificatePem: string | null;
}

/** Kept out of `ServerConfig`: never logged, never shown. */
export interface ServerSecrets {
  pbxSecret?: string;
  oidcClientSecret?: string;
}

export type ConfigLoad =
  | { ok: true; config: ServerConfig; secrets: ServerSecrets }
  /** `message`: a heading and one line per problem, for the terminal. */
  | { ok: false; problems: string[]; message: string };

const GROUP_AND_OTHER = 0o077;

export function loadServerConfig(file: string, env: NodeJS.ProcessEnv): ConfigLoad {
  const read = readConfigFile(file);
  return 'problems' in read ? read : checkTogether(read.fields, read.path, env);
}

/**
 * Where the configuration `file` keeps the PBX client secret (`pbx.secretFile`), for `set-secret`, which
 * writes it: the file is checked as at start, but the secret need not exist yet.
 */
export function configuredSecretFile(file: string): { path: string } | ConfigProblems {
  const read = readConfigFile(file);
  if ('problems' in read) return read;
  const secretFile = read.fields.pbx?.secretFile;
  return secretFile ? { path: secretFile } : failed([t('serverConfig.setSecretNoFile')], read.path);
}

/** The file's fields, checked by the schema, with its paths made absolute. */
function readConfigFile(file: string): { fields: ServerConfigFields; path: string } | ConfigProblems {
  const path = resolve(file);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    return failed([t('serverConfig.unreadable', { file: path, reason: reasonOf(error) })]);
  }
  let input: unknown;
  try {
    input = JSON.parse(text);
  } catch (error) {
    return failed([t('serverConfig.notJson', { file: path, reason: reasonOf(error) })]);
  }
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    return failed([t('serverConfig.notAnObject', { file: path })]);
  }
  const parsed = ServerConfigSchema.safeParse(input);
  if (!parsed.success) {
    return failed(
      parsed.error.issues.map((issue) => describeIssue(issue, input)),
      path,
    );
  }
  return { fields: withPathsFrom(dirname(path), parsed.data), path };
}

/** With no `--config`: this computer only, plain HTTP on loopback, the embedded demo PBX. */
export function demoServerConfig(dataDirectory: string): ServerConfig {
  return { ...ServerConfigSchema.parse({ dataDirectory }), configFile: null, trustedCertificatePem: null };
}

function checkTogether(fields: ServerConfigFields, path: string, env: NodeJS.ProcessEnv): ConfigLoad {
  const problems: string[] = [];
  const problem = (field: string, message: string) => problems.push(fieldProblem(field, message));
  const secrets: ServerSecrets = {};
  const { host } = fields.listen;
  const reachable = !isLoopbackHost(host);

  if (reachable && !fields.tls && !fields.trustProxy) {
    problem('listen.host', t('serverConfig.plainHttpExposed', { host }));
  }
  if (reachable && fields.publicUrl === undefined) {
    problem('publicUrl', t('serverConfig.publicUrlRequired', { host }));
  } else if (reachable && fields.publicUrl && new URL(fields.publicUrl).protocol !== 'https:') {
    problem('publicUrl', t('serverConfig.publicUrlNotHttps', { host }));
  }

  const read = (field: string, file: string, secret: boolean): string | undefined => {
    const contents = readConfigured(file, secret);
    if ('problem' in contents) problem(field, contents.problem);
    return 'text' in contents ? contents.text : undefined;
  };
  if (fields.tls) {
    read('tls.certFile', fields.tls.certFile, false);
    read('tls.keyFile', fields.tls.keyFile, true);
  }
  let trustedCertificatePem: string | null = null;
  if (fields.pbx) {
    const fromEnv = env[PBX_SECRET_ENV]?.trim();
    if (fields.pbx.secretFile && fromEnv) problem('pbx.secretFile', t('serverConfig.secretTwice'));
    else if (fields.pbx.secretFile) secrets.pbxSecret = read('pbx.secretFile', fields.pbx.secretFile, true);
    else if (fromEnv) secrets.pbxSecret = fromEnv;
    else problem('pbx.secretFile', t('serverConfig.secretMissing'));
    if (fields.pbx.trustedCertificateFile) {
      trustedCertificatePem =
        read('pbx.trustedCertificateFile', fields.pbx.trustedCertificateFile, false) ?? null;
    }
  }
  if (fields.oidc) {
    secrets.oidcClientSecret = read('oidc.clientSecretFile', fields.oidc.clientSecretFile, true);
  }
  if (problems.length > 0) return failed(problems, path);
  return { ok: true, config: { ...fields, configFile: path, trustedCertificatePem }, secrets };
}

/** A configured file's text (trimmed), or why it cannot be used; a secret's file must be the server user's alone. */
function readConfigured(file: string, secret: boolean): { text: string } | { problem: string } {
  try {
    const mode = statSync(file).mode & 0o777;
    if (secret && process.platform !== 'win32' && (mode & GROUP_AND_OTHER) !== 0) {
      return { problem: t('serverConfig.fileNotPrivate', { path: file, mode: `0${mode.toString(8)}` }) };
    }
    const text = readFileSync(file, 'utf8').trim();
    return text === '' ? { problem: t('serverConfig.fileEmpty', { path: file }) } : { text };
  } catch (error) {
    return { problem: t('serverConfig.fileUnreadable', { path: file, reason: reasonOf(error) }) };
  }
}

/** The file's paths, made absolute from the configuration file's folder. */
function withPathsFrom(folder: string, fields: ServerConfigFields): ServerConfigFields {
  const at = (file: string) => resolve(folder, file);
  const optional = (file: string | undefined) => (file === undefined ? undefined : at(file));
  return {
    ...fields,
    dataDirectory: at(fields.dataDirectory),
    ...(fields.tls ? { tls: { certFile: at(fields.tls.certFile), keyFile: at(fields.tls.keyFile) } } : {}),
    ...(fields.pbx
      ? {
          pbx: {
            ...fields.pbx,
            secretFile: optional(fields.pbx.secretFile),
            trustedCertificateFile: optional(fields.pbx.trustedCertificateFile),
          },
        }
      : {}),
    ...(fields.oidc ? { oidc: { ...fields.oidc, clientSecretFile: at(fields.oidc.clientSecretFile) } } : {}),
  };
}

type ConfigProblems = Extract<ConfigLoad, { ok: false }>;

function failed(problems: string[], file?: string): ConfigProblems {
  const heading = file ? [t('serverConfig.invalidFile', { file, count: problems.length })] : [];
  const lines = file ? problems.map((line) => `  - ${line}`) : problems;
  return { ok: false, problems, message: [...heading, ...lines].join('\n') };
}

function reasonOf(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  return code ?? (error instanceof Error ? error.message : String(error));
}
