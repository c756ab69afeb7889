/**
 * The desktop app's and the browser host's core (AppCore) serve one agent: no admin page, and every admin
 * command refused with a sentence that says administration is on the team server.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { directoryCore } from '../directoryFixtures';

const cacheDirectory = mkdtempSync(join(tmpdir(), 'ringside-admin-desktop-'));
const core = directoryCore(cacheDirectory, {});

afterAll(async () => {
  await core.dispose();
  rmSync(cacheDirectory, { recursive: true, force: true });
});

describe('admin commands on the desktop and browser host', () => {
  it('says there is no admin page', async () => {
    expect(await core.commands['admin:access']()).toEqual({ teamServer: false, administrator: false });
  });

  it.each([
    ['admin:sessions', () => core.commands['admin:sessions']()],
    ['admin:revokeAll', () => core.commands['admin:revokeAll']()],
    ['admin:issueEnrollment', () => core.commands['admin:issueEnrollment']({ username: 'jana.novakova' })],
    ['admin:cancelEnrollment', () => core.commands['admin:cancelEnrollment']({ id: 'abc' })],
    ['admin:supervisor', () => core.commands['admin:supervisor']()],
  ])('refuses %s, saying where administration is', async (_channel, attempt) => {
    // `not-configured`: the window heads the sentence "Ringside is not set up for this yet.", not
    // "It could not be found." (`not-found`).
    await expect(attempt()).rejects.toMatchObject({
      code: 'not-configured',
      message: expect.stringMatching(/^Administration is on the team server only/),
    });
  });
});
