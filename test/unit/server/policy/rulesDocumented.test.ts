/** docs/team-server.md says what an agent may do with each command: none may be left out of it. */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { commandTable, SETTINGS } from '../../../../src-main/shared/contract';

const page = readFileSync(resolve(import.meta.dirname, '../../../../docs/team-server.md'), 'utf8');
const section = page.slice(page.indexOf('## What an agent may do'), page.indexOf('## Audit log'));

describe('docs/team-server.md', () => {
  it.each(Object.keys(commandTable))('names %s in "What an agent may do"', (channel) => {
    expect(section).toContain(`\`${channel}\``);
  });

  it.each(Object.keys(SETTINGS))('classifies the setting %s', (field) => {
    expect(section).toContain(`\`${field}\``);
  });
});
