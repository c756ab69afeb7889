/**
 * Enrollment links in both forms (shared/enrollmentLink.ts), read as hostile input: the web form and the
 * `ringside:` form the team server issues name the same server and token, and either signs this computer
 * in to a real team server; anything else (other schemes, scripts, credentials, a missing token, plain http
 * off this computer, over-long text, and a few thousand mutations of good links) is refused with an
 * `invalid-argument` saying what is wrong, never a crash.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enrollWithLink, readEnrollmentLink } from '../../../src-main/remote';
import { RemoteError } from '../../../src-main/remote/remoteError';
import { appEnrollmentLink } from '../../../src-main/shared/enrollmentLink';
import { isLoopbackHost } from '../../../src-main/shared/loopback';
import { t } from '../../../src-main/shared/i18n';
import { startTeamServerFixture, type TeamServerFixture } from '../server/teamServerFixture';

const TOKEN = 'Jq3v0bZc9k1mN2pQ4rS6tU8wX0yZaBcDeFgHiJkLmNo';

function refusal(link: string): string {
  try {
    readEnrollmentLink(link);
  } catch (error) {
    expect(error).toBeInstanceOf(RemoteError);
    expect((error as RemoteError).code).toBe('invalid-argument');
    return (error as RemoteError).message;
  }
  throw new Error(`accepted ${link}`);
}

describe('reading an enrollment link', () => {
  it.each([
    [`https://ringside.example.com/enroll#${TOKEN}`, 'https://ringside.example.com'],
    [`  https://ringside.example.com:8443/enroll#${TOKEN}\n`, 'https://ringside.example.com:8443'],
    [`http://127.0.0.1:8080/enroll#${TOKEN}`, 'http://127.0.0.1:8080'],
    [`ringside://enroll?server=https%3A%2F%2Fringside.example.com#${TOKEN}`, 'https://ringside.example.com'],
    [`ringside://enroll?server=https://ringside.example.com/#${TOKEN}`, 'https://ringside.example.com'],
    [`RINGSIDE://ENROLL/?server=http%3A%2F%2Flocalhost%3A9000#${TOKEN}`, 'http://localhost:9000'],
  ])('reads %s', (link, origin) => {
    expect(readEnrollmentLink(link)).toEqual({ origin, token: TOKEN });
  });

  it('reads back what appEnrollmentLink writes', () => {
    const link = appEnrollmentLink('https://ringside.example.com:8443/ignored/path', TOKEN);
    expect(link).toBe(`ringside://enroll?server=https%3A%2F%2Fringside.example.com%3A8443#${TOKEN}`);
    expect(readEnrollmentLink(link)).toEqual({ origin: 'https://ringside.example.com:8443', token: TOKEN });
  });

  it.each([
    ['not a link', 'ringside enroll', 'errors.teamServerLinkInvalid'],
    ['a script', `javascript:alert(1)//#${TOKEN}`, 'errors.teamServerLinkInvalid'],
    ['a data URL', `data:text/html,<script>alert(1)</script>#${TOKEN}`, 'errors.teamServerLinkInvalid'],
    ['a file', `file:///etc/passwd#${TOKEN}`, 'errors.teamServerLinkInvalid'],
    ['another path', `https://ringside.example.com/admin#${TOKEN}`, 'errors.teamServerLinkInvalid'],
    [
      'a query on the web form',
      `https://ringside.example.com/enroll?next=x#${TOKEN}`,
      'errors.teamServerLinkInvalid',
    ],
    [
      'another ringside: link',
      `ringside://dial?server=https%3A%2F%2Fa.example#${TOKEN}`,
      'errors.teamServerLinkInvalid',
    ],
    ['no server', `ringside://enroll#${TOKEN}`, 'errors.teamServerLinkInvalid'],
    [
      'two servers',
      `ringside://enroll?server=https%3A%2F%2Fa.example&server=https%3A%2F%2Fb.example#${TOKEN}`,
      'errors.teamServerLinkInvalid',
    ],
    [
      'a server with a path',
      `ringside://enroll?server=https%3A%2F%2Fa.example%2Fx#${TOKEN}`,
      'errors.teamServerLinkInvalid',
    ],
    [
      'a server of another scheme',
      `ringside://enroll?server=javascript%3Aalert(1)#${TOKEN}`,
      'errors.teamServerLinkInvalid',
    ],
    [
      'credentials',
      `https://admin:pw@ringside.example.com/enroll#${TOKEN}`,
      'errors.teamServerLinkCredentials',
    ],
    [
      'credentials in the server',
      `ringside://enroll?server=https%3A%2F%2Fme%40a.example#${TOKEN}`,
      'errors.teamServerLinkCredentials',
    ],
    ['plain http elsewhere', `http://ringside.example.com/enroll#${TOKEN}`, 'errors.teamServerLinkInsecure'],
    [
      'plain http in the server',
      `ringside://enroll?server=http%3A%2F%2Fa.example#${TOKEN}`,
      'errors.teamServerLinkInsecure',
    ],
    ['no token', 'https://ringside.example.com/enroll', 'errors.teamServerLinkNoToken'],
    ['an empty token', 'https://ringside.example.com/enroll#', 'errors.teamServerLinkNoToken'],
    ['a cut token', 'https://ringside.example.com/enroll#Jq3v0b', 'errors.teamServerLinkNoToken'],
    [
      'a token with markup',
      `https://ringside.example.com/enroll#${TOKEN}<b>`,
      'errors.teamServerLinkNoToken',
    ],
    [
      'over-long text',
      `https://ringside.example.com/enroll#${'A'.repeat(3000)}`,
      'errors.teamServerLinkTooLong',
    ],
  ] as const)('refuses %s, saying what is wrong', (_what, link, key) => {
    expect(refusal(link)).toBe(t(key));
  });

  it('refuses thousands of mutations of good links with a sentence, or reads a safe server and token', () => {
    const seeds = [
      `https://ringside.example.com/enroll#${TOKEN}`,
      `ringside://enroll?server=https%3A%2F%2Fringside.example.com#${TOKEN}`,
    ];
    const alphabet = ':/?#@%&=.\\ \t\n<>"\'`;[]{}()!$*+,~^|AZaz09-_\u0000\u202e';
    let seed = 24;
    const random = (below: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed % below;
    };
    for (let round = 0; round < 3000; round += 1) {
      let link = seeds[round % seeds.length]!;
      for (let edit = 0, edits = 1 + random(4); edit < edits; edit += 1) {
        const at = random(link.length + 1);
        const character = alphabet[random(alphabet.length)]!;
        link =
          random(3) === 0
            ? link.slice(0, at) + link.slice(at + 1)
            : link.slice(0, at) + character + link.slice(at);
      }
      let read: { origin: string; token: string } | undefined;
      try {
        read = readEnrollmentLink(link);
      } catch (error) {
        expect(error, link).toBeInstanceOf(RemoteError);
        expect((error as RemoteError).message).toMatch(/\S/);
        continue;
      }
      const origin = new URL(read.origin);
      expect(origin.origin, link).toBe(read.origin);
      expect(origin.protocol === 'https:' || isLoopbackHost(origin.hostname), link).toBe(true);
      expect(read.token, link).toMatch(/^[\w-]+$/);
    }
  });
});

describe('enrolling with either form', { timeout: 30_000 }, () => {
  let fixture: TeamServerFixture;
  beforeAll(async () => {
    fixture = await startTeamServerFixture();
  }, 30_000);
  afterAll(async () => fixture?.close());

  it('signs this computer in with the ringside: form the server issued, once', async () => {
    const username = fixture.demo.agent.username;
    const { url, appUrl } = fixture.server.enrollment.issue(username, 'test administrator');
    expect(readEnrollmentLink(appUrl)).toEqual(readEnrollmentLink(url));
    const credential = await enrollWithLink(appUrl);
    expect(credential.origin).toBe(fixture.server.origin);
    expect(fixture.sessions.list(username).map((session) => session.method)).toEqual(['enrollment']);
    await expect(enrollWithLink(url)).rejects.toMatchObject({ code: 'auth-failed' });
  });
});
