import { describe, expect, it } from 'vitest';
import { createAppUrlMatcher, resolveRendererEntry } from '../../../src-main/shell/rendererEntry';

const rendererIndexPath = '/opt/Ring side/out/renderer/index.html';

describe('resolveRendererEntry', () => {
  it('uses the dev server in development', () => {
    expect(
      resolveRendererEntry({ isPackaged: false, devServerUrl: 'http://localhost:5173', rendererIndexPath }),
    ).toEqual({ kind: 'dev-server', url: 'http://localhost:5173/' });
  });

  it('never takes a URL from the environment in a packaged app', () => {
    expect(
      resolveRendererEntry({ isPackaged: true, devServerUrl: 'https://evil.example/', rendererIndexPath }),
    ).toEqual({ kind: 'file', path: rendererIndexPath });
  });

  it('uses the built file when no dev server runs', () => {
    expect(resolveRendererEntry({ isPackaged: false, devServerUrl: undefined, rendererIndexPath })).toEqual({
      kind: 'file',
      path: rendererIndexPath,
    });
  });

  it('refuses a dev server URL that is not http(s)', () => {
    expect(() =>
      resolveRendererEntry({ isPackaged: false, devServerUrl: 'file:///tmp/x.html', rendererIndexPath }),
    ).toThrow(/ELECTRON_RENDERER_URL must be an http\(s\) URL/);
  });
});

describe('createAppUrlMatcher', () => {
  it('accepts exactly the built index.html, with any hash or query', () => {
    const isAppUrl = createAppUrlMatcher({ kind: 'file', path: rendererIndexPath });
    expect(isAppUrl('file:///opt/Ring%20side/out/renderer/index.html')).toBe(true);
    expect(isAppUrl('file:///opt/Ring%20side/out/renderer/index.html#/calls')).toBe(true);
    expect(isAppUrl('file:///opt/Ring%20side/out/renderer/evil.html')).toBe(false);
    expect(isAppUrl('file:///opt/Ring%20side/out/renderer/')).toBe(false);
    expect(isAppUrl('file://remote-host/opt/Ring%20side/out/renderer/index.html')).toBe(false);
    expect(isAppUrl('https://example.com/opt/Ring%20side/out/renderer/index.html')).toBe(false);
  });

  it("accepts the dev server's origin only", () => {
    const isAppUrl = createAppUrlMatcher({ kind: 'dev-server', url: 'http://localhost:5173/' });
    expect(isAppUrl('http://localhost:5173/')).toBe(true);
    expect(isAppUrl('http://localhost:5173/index.html#/dial')).toBe(true);
    expect(isAppUrl('http://localhost:5174/')).toBe(false);
    expect(isAppUrl('https://localhost:5173/')).toBe(false);
    expect(isAppUrl('http://localhost.evil.example:5173/')).toBe(false);
    expect(isAppUrl('')).toBe(false);
  });
});
