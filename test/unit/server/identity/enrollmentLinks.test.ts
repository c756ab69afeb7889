/**
 * Enrollment links as an agent and an attacker use them: the link signs a device in once, then is burnt;
 * an expired, cancelled or made-up link is refused and says which.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { EnrollmentLinks } from '../../../../src-main/server/identity/enrollmentLinks';
import { IDENTITY_FILE_NAME } from '../../../../src-main/server/identity/identityDatabase';
import { identityFixture, type IdentityFixture } from './identityFixture';

const ORIGIN = 'https://ringside.example.com';
const HOUR = 60 * 60_000;

let fixture: IdentityFixture;
afterEach(() => fixture?.dispose());

function links(lifetimeMs?: number): EnrollmentLinks {
  fixture = identityFixture();
  return new EnrollmentLinks({ ...fixture, serverOrigin: `${ORIGIN}/`, lifetimeMs });
}

const tokenOf = (url: string) => new URL(url).hash.slice(1);

describe('EnrollmentLinks', () => {
  it('puts the token in the fragment, so browsers never send it to a server', () => {
    const { url } = links().issue('jnovak', 'admin');
    const parsed = new URL(url);
    expect(`${parsed.origin}${parsed.pathname}${parsed.search}`).toBe(`${ORIGIN}/enroll`);
    expect(tokenOf(url)).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('signs a device in once, then refuses the same link as used', () => {
    const enrollment = links();
    const { url, link } = enrollment.issue('jnovak', 'admin');
    expect(enrollment.pending().map((pending) => pending.id)).toEqual([link.id]);

    const first = enrollment.redeem(tokenOf(url), 'Work laptop');
    expect(first).toMatchObject({
      ok: true,
      session: { agent: 'jnovak', device: 'Work laptop', method: 'enrollment' },
    });
    if (!first.ok) throw new Error('redeemed');
    expect(fixture.sessions.lookup(first.token)?.agent).toBe('jnovak');
    expect(enrollment.pending()).toEqual([]);

    expect(enrollment.redeem(tokenOf(url), 'Attacker')).toEqual({ ok: false, reason: 'used' });
    expect(fixture.sessions.list().map((session) => session.device)).toEqual(['Work laptop']);
  });

  it('refuses an expired link, and a cancelled or made-up one as unknown', () => {
    const enrollment = links(2 * HOUR);
    const late = enrollment.issue('jnovak', 'admin');
    const cancelled = enrollment.issue('pdvorak', 'admin');
    const kept = enrollment.issue('pdvorak', 'admin', 4 * HOUR);
    expect(enrollment.cancel(cancelled.link.id)).toBe(true);
    expect(enrollment.cancel(cancelled.link.id)).toBe(false);
    expect(enrollment.pending('pdvorak').map((link) => link.id)).toEqual([kept.link.id]);

    fixture.clock.advance(2 * HOUR);
    expect(enrollment.redeem(tokenOf(late.url), 'd')).toEqual({ ok: false, reason: 'expired' });
    expect(enrollment.redeem(tokenOf(cancelled.url), 'd')).toEqual({ ok: false, reason: 'unknown' });
    const madeUp = tokenOf(late.url).replace(/^./, (c) => (c === 'a' ? 'b' : 'a'));
    for (const attempt of [madeUp, '', 'not a token', null, { token: tokenOf(late.url) }]) {
      expect(enrollment.redeem(attempt, 'd')).toEqual({ ok: false, reason: 'unknown' });
    }
    expect(enrollment.redeem(tokenOf(kept.url), 'd')).toMatchObject({ ok: true });
    expect(fixture.sessions.list().map((session) => session.agent)).toEqual(['pdvorak']);
  });

  it('stores no link token', () => {
    const enrollment = links();
    const tokens = [1, 2].map(() => tokenOf(enrollment.issue('jnovak', 'admin').url));
    fixture.db.pragma('wal_checkpoint(TRUNCATE)');
    const bytes = readFileSync(join(fixture.dataDirectory, IDENTITY_FILE_NAME));
    for (const token of tokens) expect(bytes.includes(token)).toBe(false);
  });
});
