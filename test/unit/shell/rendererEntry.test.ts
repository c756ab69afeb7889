import { describe, expect, it } from 'vitest';
import { APP_ENTRY_URL, isAppOriginUrl } from '../../../src-main/shell/appOrigin';
import {
  APP_ENTRY,
  createAppUrlMatcher,
  developmentEntry,
  entryUrl,
} from '../../../src-main/shell/rendererEntry';

describe('the renderer entry', () => {
  it('is the app origin, app://ringside/index.html: no window loads a file:// URL', () => {
    expect(APP_ENTRY).toEqual({ kind: 'app', url: 'app://ringside/index.html' });
    expect(APP_ENTRY_URL).toBe('app://ringside/index.html');
    expect(entryUrl(APP_ENTRY)).toBe('app://ringside/index.html');
    expect(entryUrl(APP_ENTRY, 'confirm/%7B%7D')).toBe('app://ringside/index.html#confirm/%7B%7D');
  });

  it('in a development build, is the dev server ELECTRON_RENDERER_URL names', () => {
    expect(developmentEntry('http://localhost:5173')).toEqual({
      kind: 'dev-server',
      url: 'http://localhost:5173/',
    });
    expect(entryUrl(developmentEntry('http://localhost:5173/#old'), 'settings')).toBe(
      'http://localhost:5173/#settings',
    );
  });

  it('in a development build without a dev server, is the app origin', () => {
    expect(developmentEntry(undefined)).toEqual(APP_ENTRY);
    expect(developmentEntry('')).toEqual(APP_ENTRY);
  });

  it('refuses a dev server URL that is not http(s)', () => {
    expect(() => developmentEntry('file:///tmp/x.html')).toThrow(
      /ELECTRON_RENDERER_URL must be an http\(s\) URL/,
    );
    expect(() => developmentEntry('not a url')).toThrow(/ELECTRON_RENDERER_URL/);
  });
});

describe('createAppUrlMatcher', () => {
  it('accepts any path of app://ringside, and nothing else', () => {
    const isAppUrl = createAppUrlMatcher(APP_ENTRY);
    expect(isAppUrl).toBe(isAppOriginUrl);
    for (const url of [
      'app://ringside/index.html',
      'app://ringside/index.html#/calls',
      'app://ringside/index.html?reload=1',
      'app://ringside/assets/index-1234.js',
      'app://ringside/',
    ]) {
      expect(isAppUrl(url), url).toBe(true);
    }
    for (const url of [
      'app://evil/index.html',
      'app://ringside.evil.example/index.html',
      'app://ringside:8080/index.html',
      'app://user:pass@ringside/index.html',
      'apps://ringside/index.html',
      'file:///opt/Ringside/resources/app.asar/out/renderer/index.html',
      'https://ringside/index.html',
      'http://localhost:5173/',
      'javascript:alert(1)',
      '',
      'not a url',
    ]) {
      expect(isAppUrl(url), url).toBe(false);
    }
  });

  it("accepts the dev server's origin only", () => {
    const isAppUrl = createAppUrlMatcher({ kind: 'dev-server', url: 'http://localhost:5173/' });
    expect(isAppUrl('http://localhost:5173/')).toBe(true);
    expect(isAppUrl('http://localhost:5173/index.html#/dial')).toBe(true);
    expect(isAppUrl('http://localhost:5174/')).toBe(false);
    expect(isAppUrl('https://localhost:5173/')).toBe(false);
    expect(isAppUrl('http://localhost.evil.example:5173/')).toBe(false);
    expect(isAppUrl('app://ringside/index.html')).toBe(false);
    expect(isAppUrl('')).toBe(false);
  });
});
