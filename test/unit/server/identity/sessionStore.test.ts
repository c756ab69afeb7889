/**
 * The team server's sessions as an attacker and an administrator meet them: a forged or stolen-database
 * token opens nothing, idle and absolute expiry end a session (on use and by the sweep timer), revocation
 * ends it at once, and each end is reported so the server can close the session's sockets.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { IDENTITY_FILE_NAME } from '../../../../src-main/server/identity/identityDatabase';
import type { SessionStore } from '../../../../src-main/server/identity/sessionStore';
import {
  LAST_SEEN_WRITE_INTERVAL_MS,
  type SessionEnded,
} from '../../../../src-main/server/identity/sessionStore';
import { identityFixture, type IdentityFixture } from './identityFixture';

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;

let fixture: IdentityFixture;
afterEach(() => fixture?.dispose());

function endedOf(store: SessionStore): SessionEnded[] {
  const ended: SessionEnded[] = [];
  store.onEnded((event) => ended.push(event));
  return ended;
}

describe('SessionStore', () => {
  it('opens a session by its token and by nothing else', () => {
    fixture = identityFixture();
    const { session, token } = fixture.sessions.create({
      agent: 'jnovak',
      device: 'Firefox on Linux',
      method: 'oidc',
    });
    expect(fixture.sessions.lookup(token)).toMatchObject({ id: session.id, agent: 'jnovak', method: 'oidc' });

    const forged = token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A');
    for (const attempt of [forged, session.id, '', 'x'.repeat(43), undefined, 42, `${token} `]) {
      expect(fixture.sessions.lookup(attempt)).toBeUndefined();
    }
  });

  it('keeps no raw token in its file, which only its owner may read', () => {
    fixture = identityFixture();
    const tokens = [1, 2, 3].map(
      () =>
        fixture.sessions.create({ agent: 'jnovak', device: 'Chrome on Windows', method: 'enrollment' }).token,
    );
    fixture.db.pragma('wal_checkpoint(TRUNCATE)');
    const files = readdirSync(fixture.dataDirectory).filter((name) => name.startsWith(IDENTITY_FILE_NAME));
    expect(files).toContain(IDENTITY_FILE_NAME);
    for (const name of files) {
      const path = join(fixture.dataDirectory, name);
      if (process.platform !== 'win32') expect(statSync(path).mode & 0o777, name).toBe(0o600);
      const bytes = readFileSync(path);
      for (const token of tokens) {
        expect(bytes.includes(token), `${name} holds a raw token`).toBe(false);
        expect(bytes.includes(Buffer.from(token, 'base64url')), `${name} holds the token's bytes`).toBe(
          false,
        );
      }
    }
    // The sessions are there, though: the file is not simply empty.
    expect(readFileSync(join(fixture.dataDirectory, IDENTITY_FILE_NAME)).includes('Chrome on Windows')).toBe(
      true,
    );
  });

  it('ends a session left unused for its idle lifetime, and reports it', () => {
    fixture = identityFixture({ lifetimes: { idleMs: 2 * HOUR } });
    const ended = endedOf(fixture.sessions);
    const { session, token } = fixture.sessions.create({ agent: 'jnovak', device: 'd', method: 'oidc' });

    fixture.clock.advance(2 * HOUR - LAST_SEEN_WRITE_INTERVAL_MS);
    expect(fixture.sessions.lookup(token)).toBeDefined(); // use keeps it alive…
    fixture.clock.advance(2 * HOUR - 1);
    expect(fixture.sessions.lookup(token)).toBeDefined(); // …for another idle lifetime
    fixture.clock.advance(2 * HOUR);
    expect(fixture.sessions.lookup(token)).toBeUndefined();
    expect(ended).toEqual([{ session: expect.objectContaining({ id: session.id }), reason: 'expired' }]);
    expect(fixture.sessions.list()).toEqual([]);
  });

  it('ends a busy session at its absolute lifetime', () => {
    fixture = identityFixture({ lifetimes: { idleMs: 12 * HOUR, absoluteMs: 7 * DAY } });
    const ended = endedOf(fixture.sessions);
    const { session, token } = fixture.sessions.create({ agent: 'jnovak', device: 'd', method: 'oidc' });
    for (let hours = 0; hours < 7 * 24 - 1; hours += 1) {
      fixture.clock.advance(HOUR);
      expect(fixture.sessions.lookup(token), `after ${hours + 1} h`).toBeDefined();
    }
    fixture.clock.advance(HOUR);
    expect(fixture.sessions.lookup(token)).toBeUndefined();
    expect(ended.map((event) => [event.session.id, event.reason])).toEqual([[session.id, 'expired']]);
  });

  it('notices expiry without a request, by its sweep timer', async () => {
    fixture = identityFixture({ sweepIntervalMs: 10, lifetimes: { idleMs: HOUR } });
    const { session } = fixture.sessions.create({ agent: 'jnovak', device: 'd', method: 'oidc' });
    const ended = new Promise<SessionEnded>((resolve) => fixture.sessions.onEnded(resolve));
    fixture.clock.advance(HOUR);
    expect(await ended).toEqual({ session: expect.objectContaining({ id: session.id }), reason: 'expired' });
  });

  it('revokes one session, an agent’s, or all, at once and reported', () => {
    fixture = identityFixture();
    const ended = endedOf(fixture.sessions);
    const open = (agent: string) => fixture.sessions.create({ agent, device: 'd', method: 'enrollment' });
    const [a1, a2, b1, c1] = [open('anna'), open('anna'), open('bob'), open('cyril')];

    expect(fixture.sessions.revoke(a1.session.id)).toBe(true);
    expect(fixture.sessions.revoke(a1.session.id)).toBe(false);
    expect(fixture.sessions.lookup(a1.token)).toBeUndefined();
    expect(fixture.sessions.lookup(a2.token)?.agent).toBe('anna');
    expect(fixture.sessions.list('anna').map((s) => s.id)).toEqual([a2.session.id]);

    expect(fixture.sessions.revokeAgent('anna')).toBe(1);
    expect(fixture.sessions.lookup(a2.token)).toBeUndefined();
    expect(fixture.sessions.list().map((s) => s.agent)).toEqual(['bob', 'cyril']);

    expect(fixture.sessions.revokeAll()).toBe(2);
    expect([b1, c1].map((opened) => fixture.sessions.lookup(opened.token))).toEqual([undefined, undefined]);
    expect(ended.map((event) => [event.session.agent, event.reason])).toEqual([
      ['anna', 'revoked'],
      ['anna', 'revoked'],
      ['bob', 'revoked'],
      ['cyril', 'revoked'],
    ]);
  });

  it('writes last-seen at most once a minute, and a listener that throws stops nothing', () => {
    const errors: unknown[] = [];
    fixture = identityFixture({ onListenerError: (error) => errors.push(error) });
    const { token } = fixture.sessions.create({ agent: 'jnovak', device: 'd', method: 'oidc' });
    const created = fixture.clock.now();
    fixture.clock.advance(LAST_SEEN_WRITE_INTERVAL_MS - 1);
    expect(fixture.sessions.lookup(token)?.lastSeenAt).toBe(created);
    fixture.clock.advance(1);
    expect(fixture.sessions.lookup(token)?.lastSeenAt).toBe(fixture.clock.now());

    const heard: string[] = [];
    fixture.sessions.onEnded(() => {
      throw new Error('listener broke');
    });
    fixture.sessions.onEnded((event) => heard.push(event.session.agent));
    expect(fixture.sessions.revokeAll()).toBe(1);
    expect(heard).toEqual(['jnovak']);
    expect(errors).toEqual([new Error('listener broke')]);
  });
});
