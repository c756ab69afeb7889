/**
 * The settings document on disk is versioned; each migration turns version N into N + 1, so a settings file
 * from any earlier Ringside is carried forward step by step. The document is `{ version, ...fields }`.
 *
 * Version history:
 * - 1 (Ringside 0.1 prototype): `serverUrl`, `agent`, `extension` + `partition`, `country`.
 * - 2: `serverUrl` → `baseUrl`, `agent` → `agentUsername`, `country` → `defaultCountry`, the extension
 *   became a phone selector (`phone: {extension, partition}` or `{identifier}`), and `mode` was added
 *   (`configured` when a PBX URL was set, else the demo).
 *
 * A new field with a default needs no new version: loading fills every field the document lacks with its
 * default (settingsRepository.ts, from the registry in shared/contract/settingsRegistry.ts), and an older
 * Ringside drops fields it does not know. `keepRunningInTray` and
 * `dialShortcut` were added so, within version 2. A version is for renaming, moving or re-reading a field.
 */

export const SETTINGS_VERSION = 2;

type SettingsDocument = Record<string, unknown>;
type Migration = (document: SettingsDocument) => SettingsDocument;

function renamed(document: SettingsDocument, from: string, to: string): SettingsDocument {
  if (!(from in document)) return document;
  const { [from]: value, ...rest } = document;
  return to in rest ? rest : { ...rest, [to]: value };
}

function v1ToV2(v1: SettingsDocument): SettingsDocument {
  let document = renamed(v1, 'serverUrl', 'baseUrl');
  document = renamed(document, 'agent', 'agentUsername');
  document = renamed(document, 'country', 'defaultCountry');
  const { extension, partition, ...rest } = document;
  const phone =
    typeof extension === 'string' && extension.trim() !== ''
      ? { extension: extension.trim(), partition: typeof partition === 'number' ? partition : 1 }
      : null;
  const baseUrl = typeof rest['baseUrl'] === 'string' ? rest['baseUrl'].trim() : '';
  return { ...rest, phone, mode: baseUrl === '' ? 'demo' : 'configured' };
}

/** Keyed by the version a migration starts from. */
const MIGRATIONS: Readonly<Record<number, Migration>> = { 1: v1ToV2 };

export interface MigrationOutcome {
  /** The fields at SETTINGS_VERSION (without `version`), not yet validated. */
  fields: SettingsDocument;
  fromVersion: number;
  /** Written by a newer Ringside: read what we understand, but do not write it back unasked. */
  fromNewerApp: boolean;
}

function isDocument(value: unknown): value is SettingsDocument {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Brings a stored document to the current version. A document without a version is version 1. */
export function migrateSettings(stored: unknown): MigrationOutcome {
  const document = isDocument(stored) ? stored : {};
  const { version: rawVersion, ...fields } = document;
  const fromVersion =
    Number.isInteger(rawVersion) && (rawVersion as number) >= 1 ? (rawVersion as number) : 1;
  let current = fields;
  for (let version = fromVersion; version < SETTINGS_VERSION; version++) {
    const migration = MIGRATIONS[version];
    if (!migration) throw new Error(`No settings migration from version ${version}.`);
    current = migration(current);
  }
  return { fields: current, fromVersion, fromNewerApp: fromVersion > SETTINGS_VERSION };
}
