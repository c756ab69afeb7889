/**
 * Settings are declared once, in the registry: the table of settings in docs/settings-and-secrets.md must
 * list the same fields in the same order, with the same defaults, hosts and policy marks; the defaults, the
 * contract's schema and the managed policy's fields come from the same entries.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MANAGED_FIELDS } from '../../../src-main/app/settings/managedPolicy';
import {
  defaultSettings,
  SETTINGS,
  SettingsSchema,
  type SettingDefinition,
  type SettingsField,
} from '../../../src-main/shared/contract';

interface DocRow {
  field: string;
  defaultValue: string;
  hosts: string;
  policy: string;
}

/** The rows of the table under "## The settings". */
function documentedSettings(): DocRow[] {
  const doc = readFileSync(join(__dirname, '../../../docs/settings-and-secrets.md'), 'utf8');
  const section = doc.slice(doc.indexOf('## The settings'));
  const table = section.slice(
    section.indexOf('| field'),
    section.indexOf('\n\n', section.indexOf('| field')),
  );
  return table
    .split('\n')
    .slice(2)
    .map((line) => line.split('|').map((cell) => cell.trim()))
    .map(([, field, defaultCell, hosts, policy]) => ({
      field: field!.replace(/`/g, ''),
      // The first code span of the cell is the registry's default as JSON.
      defaultValue: /`([^`]*)`/.exec(defaultCell!)?.[1] ?? '',
      hosts: hosts!,
      policy: policy!,
    }));
}

function registryRows(): DocRow[] {
  return (Object.keys(SETTINGS) as SettingsField[]).map((field) => {
    const definition: SettingDefinition = SETTINGS[field];
    return {
      field,
      defaultValue: JSON.stringify(definition.default),
      hosts: definition.hosts.length === 2 ? 'both' : definition.hosts.join(', '),
      policy: definition.lockable ? 'yes' : '',
    };
  });
}

describe('the settings registry', () => {
  it('is what docs/settings-and-secrets.md lists, field by field', () => {
    expect(documentedSettings()).toEqual(registryRows());
  });

  it('gives every field a default its own schema accepts, and the contract requires every field', () => {
    const defaults = defaultSettings();
    expect(SettingsSchema.parse(defaults)).toEqual(defaults);
    for (const field of Object.keys(SETTINGS) as SettingsField[]) {
      const { [field]: _left, ...without } = defaults;
      expect(SettingsSchema.safeParse(without).success, field).toBe(false);
    }
  });

  it('lets a managed policy lock exactly the fields marked lockable', () => {
    expect([...MANAGED_FIELDS]).toEqual([
      'baseUrl',
      'clientId',
      'agentUsername',
      'confirmBeforeDial',
      'dialCountries',
    ]);
  });
});
