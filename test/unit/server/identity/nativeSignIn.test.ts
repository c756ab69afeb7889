/**
 * The team server's sign-in for the desktop app (`/auth/native…`) as an attacker would try it, with a real
 * provider (oidc-provider) and the sign-in routes on a clock the test moves: a redirect_uri anywhere but a
 * loopback IP literal is refused with a page and no redirect; a code works once (and its second use ends the
 * session the first opened), only with its own verifier and redirect_uri, and only for two minutes; the
 * confirmation is answered only from the server's own origin; exchanges are rate limited; and neither the
 * code, the verifier nor the session's token appears in any line the server logs. An identity file written
 * before native sessions existed is opened with its sessions kept.
 */
import Database from 'better-sqlite3';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  IDENTITY_FILE_NAME,
  openIdentityDatabase,
} from '../../../../src-main/server/identity/identityDatabase';
import { NATIVE_CODE_MS } from '../../../../src-main/server/identity/nativeSignIn';
import { SessionStore } from '../../../../src-main/server/identity/sessionStore';
import { testClock } from './identityFixture';
import { openConfirmation, pressButton } from './nativeBrowser';
import { startSignInServer, type SignInServer } from './signInServer';
import { TestBrowser } from './testBrowser';
import { listenTestIdentityProvider, signInWith, type TestIdentityProvider } from './testIdentityProvider';

let provider: TestIdentityProvider;
let server: SignInServer;
const log: string[] = [];
/** Every secret the tests handled: none may reach the log. */
const secrets: string[] = [];
/** One browser, signed in at the provider by the first test that needs it. */
const browser = new TestBrowser();

beforeAll(async () => {
  provider = await listenTestIdentityProvider({ 'jana-at-idp': { preferred_username: 'jnovakova' } });
  server = await startSignInServer({
    log,
    oidc: (origin) =>
      signInWith(provider, origin, async (name) => (name === 'jnovakova' ? { username: name } : undefined)),
    rateLimits: { signIn: { max: 500, windowMs: 60_000 }, enrollment: { max: 100, windowMs: 60_000 } },
  });
  provider.start(`${server.origin}/auth/callback`);
}, 30_000);

afterAll(async () => {
  await server?.close();
  await provider?.close();
});

function pkce() {
  const verifier = randomBytes(32).toString('base64url');
  secrets.push(verifier);
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

const LOOPBACK = 'http://127.0.0.1:51234/ringside/abcdefghijklmnopqrstuv';

/** The app's request: to the loopback, a fresh S256 challenge, unless `params` say otherwise. */
function nativeUrl(params: Record<string, string> = {}): URL {
  const url = new URL('/auth/native', server.origin);
  const asked = {
    redirect_uri: LOOPBACK,
    state: 'state-of-enough-length',
    code_challenge: pkce().challenge,
    code_challenge_method: 'S256',
    ...params,
  };
  for (const [name, value] of Object.entries(asked)) url.searchParams.set(name, value);
  return url;
}

/** A whole browser round: the code the loopback would receive for `redirectUri`, with its verifier. */
async function codeFor(redirectUri = LOOPBACK) {
  const { verifier, challenge } = pkce();
  const state = randomBytes(16).toString('base64url');
  const address = nativeUrl({
    redirect_uri: redirectUri,
    state,
    code_challenge: challenge,
    device: 'Jana’s laptop',
  });
  const { requestId } = await openConfirmation(browser, address.href, 'jana-at-idp');
  const pressed = await pressButton(browser, server.origin, requestId, 'continue');
  const back = new URL(pressed.body.location!);
  expect(back.origin + back.pathname).toBe(redirectUri);
  expect(back.searchParams.get('state')).toBe(state);
  const code = back.searchParams.get('code')!;
  secrets.push(code);
  return { code, verifier, redirectUri };
}

async function exchange(body: Record<string, unknown>) {
  const response = await fetch(new URL('/auth/native/token', server.origin), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as { cookie?: string; reason?: string; error?: string };
  if (answer.cookie) secrets.push(answer.cookie.split('=')[1]!);
  return { status: response.status, answer };
}

const redeem = (got: { code: string; verifier: string; redirectUri: string }) =>
  exchange({ code: got.code, code_verifier: got.verifier, redirect_uri: got.redirectUri });

async function agentOf(cookie: string): Promise<string | number> {
  const response = await fetch(new URL('/whoami', server.origin), { headers: { cookie } });
  return response.status === 200 ? ((await response.json()) as { agent: string }).agent : response.status;
}

describe('the desktop app’s sign-in on the server', { timeout: 30_000 }, () => {
  it('exchanges a code once for a native session of the agent, listed with the app’s device name', async () => {
    const { status, answer } = await redeem(await codeFor());
    expect(status).toBe(200);
    expect(answer).toMatchObject({ agent: 'jnovakova', device: 'Jana’s laptop' });
    expect(await agentOf(answer.cookie!)).toBe('jnovakova');
    expect(server.sessions.list('jnovakova').map((session) => session.method)).toEqual(['oidc', 'native']);
  });

  it.each([
    ['another host', 'https://attacker.example/ringside'],
    ['another host over http', 'http://attacker.example:51234/ringside'],
    ['a name, not an IP literal', 'http://localhost:51234/ringside'],
    ['a host that starts like loopback', 'http://127.0.0.1.attacker.example:51234/ringside'],
    ['credentials in the address', 'http://me:pw@127.0.0.1:51234/ringside'],
    ['a fragment', 'http://127.0.0.1:51234/ringside#x'],
    ['https on loopback', 'https://127.0.0.1:51234/ringside'],
    ['a script', 'javascript:alert(1)'],
    ['an encoded host', 'http://127.0.0.%31:51234/ringside'],
  ])('refuses a redirect_uri to %s with a page, redirecting nowhere', async (_what, redirectUri) => {
    const asked = nativeUrl({ redirect_uri: redirectUri });
    // The browser is signed in (the first test): nothing but the address stands between the attacker and a code.
    const { response, text } = await browser.request(asked);
    expect(response.status).toBe(400);
    expect(response.headers.get('location')).toBeNull();
    expect(text).toContain('This desktop sign-in request is not valid');
    expect(text).not.toContain('attacker');
  });

  it('refuses a request without S256 or with a missing state', async () => {
    const refused: Record<string, string>[] = [
      { code_challenge_method: 'plain' },
      { state: '' },
      { code_challenge: 'short' },
    ];
    for (const params of refused) {
      const { response } = await browser.request(nativeUrl(params));
      expect(response.status).toBe(400);
      expect(response.headers.get('location')).toBeNull();
    }
  });

  it('refuses a code used twice, and ends the session its first use opened', async () => {
    const got = await codeFor();
    const first = await redeem(got);
    expect(first.status).toBe(200);
    const again = await redeem(got);
    expect(again).toMatchObject({ status: 400, answer: { error: 'invalid_grant', reason: 'reused' } });
    expect(await agentOf(first.answer.cookie!)).toBe(401);
  });

  it('refuses a wrong verifier, and the code is spent by it', async () => {
    const got = await codeFor();
    const wrong = await redeem({ ...got, verifier: pkce().verifier });
    expect(wrong).toMatchObject({ status: 400, answer: { error: 'invalid_grant', reason: 'verifier' } });
    const right = await redeem(got);
    expect(right.status).toBe(400);
    expect(right.answer.cookie).toBeUndefined();
  });

  it('refuses a code for another redirect_uri', async () => {
    const got = await codeFor('http://[::1]:51235/ringside/x');
    const elsewhere = await redeem({ ...got, redirectUri: LOOPBACK });
    expect(elsewhere).toMatchObject({ status: 400, answer: { reason: 'redirect-mismatch' } });
  });

  it('refuses a code after two minutes', async () => {
    const got = await codeFor();
    server.clock.advance(NATIVE_CODE_MS);
    expect(await redeem(got)).toMatchObject({ status: 400, answer: { reason: 'expired' } });
  });

  it('refuses an unknown or malformed code without a cookie', async () => {
    for (const code of ['a'.repeat(43), '../../etc', 42, null]) {
      const { status, answer } = await exchange({
        code,
        code_verifier: 'x'.repeat(43),
        redirect_uri: LOOPBACK,
      });
      expect(status).toBe(400);
      expect(answer.cookie).toBeUndefined();
    }
  });

  it('takes Continue only from the server’s own origin, and answers each request once', async () => {
    const address = nativeUrl();
    const { requestId } = await openConfirmation(browser, address.href, 'jana-at-idp');
    for (const origin of [null, 'https://attacker.example', 'null']) {
      const forged = await pressButton(browser, server.origin, requestId, 'continue', origin);
      expect(forged.status).toBe(403);
      expect(forged.body.location).toBeUndefined();
    }
    // Without the browser's session cookie (another browser), nobody is there to sign in as.
    const stranger = await pressButton(new TestBrowser(), server.origin, requestId, 'continue');
    expect(stranger.status).toBe(401);
    const pressed = await pressButton(browser, server.origin, requestId, 'continue');
    expect(pressed.body.location).toMatch(/^http:\/\/127\.0\.0\.1:51234\/ringside\/\w+\?code=/);
    const twice = await pressButton(browser, server.origin, requestId, 'continue');
    expect(twice.status).toBe(400);
  });

  it('sends a browser without a session to sign in first, with the request kept on the server', async () => {
    const address = nativeUrl();
    const { response } = await new TestBrowser().request(address);
    expect(response.status).toBe(303);
    const signIn = new URL(response.headers.get('location')!, server.origin);
    expect(signIn.pathname).toBe('/auth/signin');
    expect(signIn.searchParams.get('return')).toMatch(/^\/auth\/native\?request=[\w-]{43}$/);
  });

  it('logs no code, verifier or session token, in request lines or elsewhere', () => {
    expect(log.some((line) => line.includes('/auth/native'))).toBe(true);
    expect(secrets.length).toBeGreaterThan(10);
    for (const secret of secrets) expect(log.filter((line) => line.includes(secret))).toEqual([]);
  });
});

describe('the desktop app’s sign-in without an identity provider', { timeout: 30_000 }, () => {
  it('answers a page that says to ask for an enrollment link, and limits exchanges like enrollment', async () => {
    const plain = await startSignInServer({ rateLimits: { enrollment: { max: 2, windowMs: 60_000 } } });
    try {
      const status = await fetch(new URL('/auth/native/status', plain.origin));
      expect(await status.json()).toEqual({ browserSignIn: false });
      const page = await fetch(new URL('/auth/native?redirect_uri=x', plain.origin));
      expect(page.status).toBe(404);
      expect(await page.text()).toContain('Ask your administrator for an enrollment link.');

      const tries = [];
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const response = await fetch(new URL('/auth/native/token', plain.origin), {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            code: 'a'.repeat(43),
            code_verifier: 'b'.repeat(43),
            redirect_uri: LOOPBACK,
          }),
        });
        tries.push(response.status);
      }
      expect(tries).toEqual([400, 400, 429]);
    } finally {
      await plain.close();
    }
  });
});

describe('an identity file from before the desktop app’s sign-in', () => {
  it('is opened with its sessions kept, and takes native sessions', () => {
    const directory = mkdtempSync(join(tmpdir(), 'ringside-identity-old-'));
    try {
      const old = new Database(join(directory, IDENTITY_FILE_NAME));
      old.exec(`CREATE TABLE sessions (id TEXT PRIMARY KEY, token_hash BLOB NOT NULL UNIQUE, agent TEXT NOT NULL,
        device TEXT NOT NULL, method TEXT NOT NULL CHECK (method IN ('oidc', 'enrollment')),
        created_at INTEGER NOT NULL, last_seen_at INTEGER NOT NULL, idle_ms INTEGER NOT NULL,
        expires_at INTEGER NOT NULL);
        CREATE INDEX sessions_by_agent ON sessions (agent);`);
      const clock = testClock();
      const now = clock.now();
      old
        .prepare('INSERT INTO sessions VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)')
        .run(
          'old-id',
          Buffer.alloc(32),
          'jnovakova',
          'Firefox · Linux',
          'oidc',
          now,
          now,
          60_000,
          now + 60_000,
        );
      old.close();

      const db = openIdentityDatabase(directory);
      const sessions = new SessionStore({ db, clock, sweepIntervalMs: 0 });
      sessions.create({ agent: 'jnovakova', device: 'Ringside', method: 'native' });
      expect(sessions.list('jnovakova').map(({ id, method }) => (id === 'old-id' ? id : method))).toEqual([
        'old-id',
        'native',
      ]);
      sessions.close();
      db.close();
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });
});
