/**
 * The user's settings: read once from a `SettingsStore` (electron-store in the app, memory or a temporary
 * file in tests), migrated to the current version, checked field by field, and saved back whole. The
 * store only persists; the schema and migrations are ours. No secret is ever part of the settings: the
 * document holds only the fields of `SettingsSchema`, and anything else found in a stored file is dropped.
 */
import { SettingsSchema, type Settings, type SettingsField } from '../../shared/contract';
import type { Logger } from '../../shared/logger';
import { enforceLocks, NO_POLICY, type ManagedPolicy } from './managedPolicy';
import { migrateSettings, SETTINGS_VERSION } from './migrateSettings';
import { validateSettings } from './settingsSchema';

/** A small key-value persistence; electron-store (and `conf`, which it is built on) fits it as is. */
export interface SettingsStore {
  get(key: string): unknown;
  set(key: string, value: unknown): void;
  delete(key: string): void;
}

/** The store key of the settings document. Other keys (e.g. encrypted secrets) live beside it. */
export const SETTINGS_KEY = 'settings';

/** Keeps values in memory, copied in and out like a file would; for tests and for a store that failed. */
export class MemorySettingsStore implements SettingsStore {
  private readonly values = new Map<string, unknown>();

  get(key: string): unknown {
    const value = this.values.get(key);
    return value === undefined ? undefined : structuredClone(value);
  }

  set(key: string, value: unknown): void {
    this.values.set(key, structuredClone(value));
  }

  delete(key: string): void {
    this.values.delete(key);
  }
}

export interface SettingsRepositoryDeps {
  store: SettingsStore;
  /** The settings of a fresh install (their default country comes from the OS). */
  defaults: Settings;
  logger: Logger;
  /** The managed deployment policy: its locked values win over the stored ones (managedPolicy.ts). */
  policy?: ManagedPolicy;
}

export type SettingsListener = (settings: Settings) => void;

const FIELDS = Object.keys(SettingsSchema.shape) as SettingsField[];

export class SettingsRepository {
  private settings: Settings;
  private readonly listeners = new Set<SettingsListener>();

  constructor(private readonly deps: SettingsRepositoryDeps) {
    this.settings = enforceLocks(this.load(), deps.policy ?? NO_POLICY);
  }

  get current(): Settings {
    return this.settings;
  }

  /** Persists settings that `validateSettings` accepted, and tells the subscribers. */
  save(settings: Settings): void {
    const document = { version: SETTINGS_VERSION, ...SettingsSchema.parse(settings) };
    this.deps.store.set(SETTINGS_KEY, document);
    this.settings = settings;
    for (const listener of this.listeners) listener(settings);
  }

  /** For services that follow a setting (the poll interval, the default country). */
  subscribe(listener: SettingsListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private load(): Settings {
    const { store, defaults, logger } = this.deps;
    const stored = store.get(SETTINGS_KEY);
    if (stored === undefined) return defaults;

    const { fields, fromVersion, fromNewerApp } = migrateSettings(stored);
    // Field by field, so one bad value (a hand edit, a newer format) costs that field, not all settings.
    const candidate: Partial<Record<SettingsField, unknown>> = { ...defaults };
    const dropped: string[] = [];
    for (const field of FIELDS) {
      if (!(field in fields)) continue;
      const parsed = SettingsSchema.shape[field].safeParse(fields[field]);
      if (parsed.success) candidate[field] = parsed.data;
      else dropped.push(field);
    }
    let checked = validateSettings(candidate as Settings, { requireConnection: false });
    if (!checked.ok) {
      for (const field of Object.keys(checked.errors) as SettingsField[]) {
        candidate[field] = defaults[field];
        dropped.push(field);
      }
      checked = validateSettings(candidate as Settings, { requireConnection: false });
    }
    const settings = checked.settings;
    if (dropped.length > 0) {
      logger.warn(`settings: ignored invalid stored values of ${dropped.join(', ')}; using the defaults`);
    }
    if (fromNewerApp) {
      logger.warn(`settings: written by a newer Ringside (version ${fromVersion}); read what this one knows`);
    } else if (fromVersion < SETTINGS_VERSION) {
      this.deps.store.set(SETTINGS_KEY, { version: SETTINGS_VERSION, ...settings });
      logger.info(`settings: migrated from version ${fromVersion} to ${SETTINGS_VERSION}`);
    }
    return settings;
  }
}
