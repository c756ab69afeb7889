/**
 * The small rules sign-in leans on: which cookie attributes a server's origin gets, that a return path can
 * only lead back to this server (no open redirect through sign-in), and how a device is named.
 */
import { describe, expect, it } from 'vitest';
import { deviceLabel } from '../../../../src-main/server/identity/deviceLabel';
import { safeReturnPath } from '../../../../src-main/server/identity/oidcSignIn';
import { cookieSettingsFor, setCookie } from '../../../../src-main/server/identity/sessionCookies';

describe('cookie settings', () => {
  it('are Secure with the __Host- prefix unless the server is plain HTTP on this machine', () => {
    const https = cookieSettingsFor('https://ringside.example.com');
    expect(https).toEqual({
      secure: true,
      sessionName: '__Host-ringside_session',
      signInName: '__Host-ringside_signin',
    });
    expect(setCookie(https, https.sessionName, 'v', 3_600_000, 'Strict')).toBe(
      '__Host-ringside_session=v; Max-Age=3600; Path=/; HttpOnly; SameSite=Strict; Secure',
    );
    expect(cookieSettingsFor('http://127.0.0.1:8080').secure).toBe(false);
    expect(cookieSettingsFor('http://localhost:8080').sessionName).toBe('ringside_session');
    // Plain HTTP to another machine still gets Secure: a browser then keeps no cookie, nothing travels in clear.
    expect(cookieSettingsFor('http://ringside.example.com').secure).toBe(true);
  });
});

describe('safeReturnPath', () => {
  it.each([
    ['/calls?tab=recent', '/calls?tab=recent'],
    ['/', '/'],
    ['//evil.example/phish', '/'],
    ['/\\evil.example', '/'],
    ['https://evil.example/', '/'],
    ['javascript:alert(1)', '/'],
    ['/calls\n\rSet-Cookie: x=1', '/'],
    [undefined, '/'],
    [['/a', '/b'], '/'],
  ])('%j → %s', (candidate, expected) => {
    expect(safeReturnPath(candidate)).toBe(expected);
  });
});

describe('deviceLabel', () => {
  it('names a browser and system, or the name given, on one line', () => {
    const chrome =
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0 Safari/537.36';
    const edge = `${chrome} Edg/142.0`;
    const safari =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Version/18.0 Mobile/15E148 Safari/604.1';
    expect(deviceLabel(chrome)).toBe('Chrome · Windows');
    expect(deviceLabel(edge)).toBe('Edge · Windows');
    expect(deviceLabel(safari)).toBe('Safari · iOS');
    expect(deviceLabel(chrome, '  Front desk\n<b>PC</b>  ')).toBe('Front desk <b>PC</b>');
    expect(deviceLabel('curl/8.5.0')).toBe('curl/8.5.0');
    expect(deviceLabel(undefined)).toBe('?');
    expect(deviceLabel(undefined, 'x'.repeat(200))).toHaveLength(80);
  });
});
