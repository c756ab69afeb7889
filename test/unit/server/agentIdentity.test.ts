/** The agent's phone, derived from their PBX user, and the folder their files go to. */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { agentFolder, agentFolderName, AGENTS_FOLDER } from '../../../src-main/server/agents/agentFolder';
import { agentPhoneOf } from '../../../src-main/server/agents/agentPhone';

const extensions = [
  { id: 7, number: '101', type: 'phone' },
  { id: 8, number: '8101', type: 'voicemail' },
  { id: 9, number: '', type: 'phone' },
];

describe("an agent's phone", () => {
  it("is the PBX user's primary extension, driven by its number", () => {
    expect(agentPhoneOf({ username: 'jana', primary_extension: 7 }, extensions)).toEqual({
      extension: '101',
    });
  });

  it('is none without a primary extension, or when it is not a phone the PBX lists', () => {
    expect(agentPhoneOf({ username: 'jana', primary_extension: null }, extensions)).toBeNull();
    expect(agentPhoneOf({ username: 'jana', primary_extension: 8 }, extensions)).toBeNull();
    expect(agentPhoneOf({ username: 'jana', primary_extension: 42 }, extensions)).toBeNull();
    expect(agentPhoneOf({ username: 'jana', primary_extension: 9 }, extensions)).toBeNull();
  });

  it("is the administrator's override when there is one, whatever the case of the username", () => {
    const overrides = { 'Jana.Novakova': '205', other: '300' };
    expect(agentPhoneOf({ username: 'jana.novakova', primary_extension: 7 }, extensions, overrides)).toEqual({
      extension: '205',
    });
    expect(agentPhoneOf({ username: 'petr', primary_extension: null }, extensions, overrides)).toBeNull();
  });
});

describe("an agent's folder", () => {
  it('is named by a readable part of the username and a hash of all of it, case aside', () => {
    expect(agentFolderName('jana.novakova')).toMatch(/^jana_novakova-[0-9a-f]{16}$/);
    expect(agentFolderName('Jana.Novakova')).toBe(agentFolderName('jana.novakova'));
    expect(agentFolderName('jana.novakova')).not.toBe(agentFolderName('jana_novakova'));
  });

  it('never leaves the agents folder, whatever the username holds', () => {
    const data = mkdtempSync(join(tmpdir(), 'ringside-agent-folder-'));
    try {
      for (const hostile of [
        '..',
        '../../etc',
        '/etc/passwd',
        'a/../../b',
        '.',
        '',
        '\0x',
        'C:\\Windows',
        'ž'.repeat(300),
      ]) {
        const name = agentFolderName(hostile);
        expect(name).not.toMatch(/[/\\\0]/);
        expect(name).not.toMatch(/^\.+$/);
        expect(name.length).toBeLessThanOrEqual(60);
        const folder = agentFolder(data, hostile);
        expect(relative(join(data, AGENTS_FOLDER), folder).split(sep)).toEqual([name]);
        expect(statSync(folder).mode & 0o777).toBe(0o700);
      }
    } finally {
      rmSync(data, { recursive: true, force: true });
    }
  });
});
