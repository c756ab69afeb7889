/** The API root and auth root derived from what a person types as the PBX URL. */
import { describe, expect, it } from 'vitest';
import { InvalidArgument, resolvePbxUrls } from '../../../src-main/api';

describe('resolvePbxUrls', () => {
  it.each([
    ['https://pbx.example.com/api/v1.0', 'https://pbx.example.com/api/v1.0', 'https://pbx.example.com'],
    ['https://pbx.example.com/api/v1.0/', 'https://pbx.example.com/api/v1.0', 'https://pbx.example.com'],
    ['https://pbx.example.com', 'https://pbx.example.com/api/v1.0', 'https://pbx.example.com'],
    [
      ' https://pbx.example.com:8443/ ',
      'https://pbx.example.com:8443/api/v1.0',
      'https://pbx.example.com:8443',
    ],
    ['https://host/tenant/api/v1.0', 'https://host/tenant/api/v1.0', 'https://host/tenant'],
    ['http://127.0.0.1:4010/api/v1.0', 'http://127.0.0.1:4010/api/v1.0', 'http://127.0.0.1:4010'],
    // A bare host is completed as the hint says: https:// for a PBX elsewhere, http:// on this computer.
    ['pbx.example', 'https://pbx.example/api/v1.0', 'https://pbx.example'],
    ['pbx.example:8443', 'https://pbx.example:8443/api/v1.0', 'https://pbx.example:8443'],
    ['pbx.example.com/api/v1.0', 'https://pbx.example.com/api/v1.0', 'https://pbx.example.com'],
    ['127.0.0.1:18310', 'http://127.0.0.1:18310/api/v1.0', 'http://127.0.0.1:18310'],
    ['localhost:8080', 'http://localhost:8080/api/v1.0', 'http://localhost:8080'],
    ['[::1]:8080', 'http://[::1]:8080/api/v1.0', 'http://[::1]:8080'],
  ])('reads %j', (typed, baseUrl, authUrl) => {
    expect(resolvePbxUrls(typed)).toEqual({ baseUrl, authUrl });
  });

  it('keeps an explicit auth URL', () => {
    expect(resolvePbxUrls('https://a/api/v1.0', 'https://auth.a/')).toEqual({
      baseUrl: 'https://a/api/v1.0',
      authUrl: 'https://auth.a',
    });
  });

  it.each([
    ['pbx example.com', /is not a valid URL; enter it like https:\/\/pbx\.example\.com/],
    ['ftp://pbx.example.com', /must start with https:\/\//],
    ['https://admin:pw@pbx.example.com', /must not contain a user name or password/],
    ['https://pbx.example.com/?x=1', /must not contain a query/],
  ])('refuses %j', (typed, message) => {
    expect(() => resolvePbxUrls(typed)).toThrow(InvalidArgument);
    expect(() => resolvePbxUrls(typed)).toThrow(message);
  });
});
