/**
 * Enrollment over HTTP as a browser and an attacker meet it: the link's page, the redemption that signs the
 * device in once, refusals that say why (used, expired, missing), POSTs from another origin refused, the
 * rate limit after a few bad attempts, and sign-out ending the session at once.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { SessionEnded } from '../../../../src-main/server/identity/sessionStore';
import { startSignInServer, type SignInServer } from './signInServer';
import { TestBrowser } from './testBrowser';

let server: SignInServer;
afterEach(async () => server?.close());

const HOUR = 60 * 60_000;

async function enroll(browser: TestBrowser, token: string, headers: Record<string, string> = {}) {
  const { response, text } = await browser.request(new URL('/auth/enroll', server.origin), {
    method: 'POST',
    headers: {
      origin: server.origin,
      'content-type': 'application/json',
      accept: 'application/json',
      ...headers,
    },
    body: JSON.stringify({ token }),
  });
  return { status: response.status, body: JSON.parse(text) as Record<string, string>, response };
}

async function whoami(browser: TestBrowser) {
  const { response, text } = await browser.request(new URL('/whoami', server.origin));
  return response.status === 200 ? (JSON.parse(text) as { agent: string; device: string }) : response.status;
}

const tokenOf = (url: string) => new URL(url).hash.slice(1);

describe('enrollment routes', () => {
  it('serve the link’s page, which keeps the token out of requests and Referer headers', async () => {
    server = await startSignInServer();
    const { url } = server.enrollment.issue('jnovak', 'admin');
    const browser = new TestBrowser();
    const { response, text } = await browser.request(new URL(url), { headers: { 'accept-language': 'cs' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    expect(text).toContain('Přihlašuji toto zařízení do Ringside…');
    expect(text).toContain('<script src="/auth/enroll.js"></script>');
    const script = await browser.request(new URL('/auth/enroll.js', server.origin));
    expect(script.text).toContain('history.replaceState');
  });

  it('sign a device in once; the second use is refused as used', async () => {
    server = await startSignInServer();
    const { url } = server.enrollment.issue('jnovak', 'admin');
    const agentBrowser = new TestBrowser();
    const first = await enroll(agentBrowser, tokenOf(url));
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ agent: 'jnovak', device: 'Firefox · Linux' });
    const [setCookie] = first.response.headers.getSetCookie();
    expect(setCookie).toMatch(
      /^ringside_session=[A-Za-z0-9_-]{43}; Max-Age=604800; Path=\/; HttpOnly; SameSite=Strict$/,
    );
    expect(await whoami(agentBrowser)).toMatchObject({ agent: 'jnovak' });

    const attacker = new TestBrowser();
    const second = await enroll(attacker, tokenOf(url));
    expect(second.status).toBe(410);
    expect(second.body).toEqual({
      error: 'link-used',
      message:
        'This sign-in link has been used already. A link signs in one device once; ask your administrator for a new one.',
    });
    expect(second.response.headers.getSetCookie()).toEqual([]);
    expect(await whoami(attacker)).toBe(401);
  });

  it('refuse an expired link, and a missing token, in the browser’s language', async () => {
    server = await startSignInServer();
    const { url } = server.enrollment.issue('jnovak', 'admin');
    server.clock.advance(24 * HOUR);
    const browser = new TestBrowser();
    expect(await enroll(browser, tokenOf(url), { 'accept-language': 'sk' })).toMatchObject({
      status: 410,
      body: {
        error: 'link-expired',
        message: 'Platnosť tohto prihlasovacieho odkazu vypršala. Požiadajte správcu o nový.',
      },
    });
    expect(await enroll(browser, '')).toMatchObject({ status: 400, body: { error: 'link-missing' } });
    expect(await whoami(browser)).toBe(401);
  });

  it('refuse a redemption posted from another origin, or with no origin (login CSRF)', async () => {
    server = await startSignInServer();
    const { url } = server.enrollment.issue('attacker', 'admin');
    const victim = new TestBrowser();
    for (const origin of ['https://evil.example', 'null']) {
      const answer = await enroll(victim, tokenOf(url), { origin });
      expect(answer).toMatchObject({ status: 403, body: { error: 'foreign-origin' } });
    }
    const { response } = await victim.request(new URL('/auth/enroll', server.origin), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: tokenOf(url) }),
    });
    expect(response.status).toBe(403);
    expect(await whoami(victim)).toBe(401);
    expect(server.enrollment.pending().map((link) => link.agent)).toEqual(['attacker']);
  });

  it('stop answering after a few bad attempts from one address (429), even for a good link', async () => {
    server = await startSignInServer({ rateLimits: { enrollment: { max: 3, windowMs: 10 * 60_000 } } });
    const { url } = server.enrollment.issue('jnovak', 'admin');
    const guesser = new TestBrowser();
    const guesses = ['A', 'B', 'C'].map((letter) => letter.repeat(43));
    for (const guess of guesses) expect((await enroll(guesser, guess)).body.error).toBe('link-unknown');
    const limited = await enroll(guesser, tokenOf(url), { 'accept-language': 'cs' });
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({
      error: 'too-many-attempts',
      message: 'Z této sítě přišlo příliš mnoho pokusů o přihlášení. Zkuste to znovu za 10 minut.',
    });
    expect(limited.response.headers.get('retry-after')).toBe('600');
    expect(server.enrollment.pending()).toHaveLength(1);
  });

  it('sign out: the session ends at once, is reported, and its cookie opens nothing', async () => {
    server = await startSignInServer();
    const ended: SessionEnded[] = [];
    server.sessions.onEnded((event) => ended.push(event));
    const browser = new TestBrowser();
    await enroll(browser, tokenOf(server.enrollment.issue('jnovak', 'admin').url));
    const cookie = browser.cookie(server.origin, 'ringside_session')!;

    const foreign = await browser.request(new URL('/auth/signout', server.origin), {
      method: 'POST',
      headers: { origin: 'https://evil.example' },
    });
    expect(foreign.response.status).toBe(403);
    expect(await whoami(browser)).toMatchObject({ agent: 'jnovak' });

    const { response } = await browser.request(new URL('/auth/signout', server.origin), {
      method: 'POST',
      headers: { origin: server.origin },
    });
    expect(response.status).toBe(200);
    expect(ended.map((event) => [event.session.agent, event.reason])).toEqual([['jnovak', 'revoked']]);
    const replay = new TestBrowser();
    replay.cookies.set(server.origin, new Map([['ringside_session', cookie]]));
    expect(await whoami(replay)).toBe(401);
  });
});

describe('sign-in on a server without an identity provider', () => {
  it('says enrollment links are the way in, and rate limits the attempts too', async () => {
    server = await startSignInServer({ rateLimits: { signIn: { max: 2, windowMs: 60_000 } } });
    const browser = new TestBrowser();
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const { response, text } = await browser.request(new URL('/auth/signin', server.origin));
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(text).toContain('Signing in with a company account is not set up on this server.');
    }
    const { response, text } = await browser.request(new URL('/auth/signin', server.origin));
    expect(response.status).toBe(429);
    expect(text).toContain('Too many sign-in attempts from this network. Try again in 1 minute.');
  });
});
