/**
 * app://ringside/ served from a renderer directory on disk, as `protocol.handle` runs it: files with their
 * type and the app's security headers (the CSP as a header), index.html at `/`, 404 for unknown paths,
 * and no way out of the directory (`..`, `%2e%2e`, `..%2f`, backslashes, absolute and drive paths).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  contentTypeOf,
  createAppRequestHandler,
  resolveAppFile,
} from '../../../src-main/shell/appRequestHandler';
import { CONTENT_SECURITY_POLICY } from '../../../src-main/web/securityHeaders';

let base: string;
let root: string;
const onRefused = vi.fn();
let handle: (request: Request) => Promise<Response>;

beforeAll(() => {
  base = mkdtempSync(join(tmpdir(), 'ringside-app-scheme-'));
  root = join(base, 'renderer');
  mkdirSync(join(root, 'assets'), { recursive: true });
  writeFileSync(join(root, 'index.html'), '<!doctype html><title>Ringside</title>');
  writeFileSync(join(root, 'assets', 'index-1234.js'), 'console.log(1)');
  writeFileSync(join(root, 'assets', 'index-1234.css'), 'body{}');
  writeFileSync(join(root, 'assets', 'space name.svg'), '<svg/>');
  // What a traversal would reach: beside the renderer directory, and the user's secrets above it.
  writeFileSync(join(base, 'secret.txt'), 'TOP SECRET');
  mkdirSync(join(base, 'renderer-other'));
  writeFileSync(join(base, 'renderer-other', 'x.js'), 'SIBLING');
  handle = createAppRequestHandler({ root, onRefused });
});
afterAll(() => rmSync(base, { recursive: true, force: true }));

const get = (url: string, method = 'GET') => handle(new Request(url, { method }));

describe('app://ringside/', () => {
  it('serves index.html at / and by name, with the CSP and the other security headers', async () => {
    for (const url of ['app://ringside/', 'app://ringside/index.html', 'app://ringside/index.html#/calls']) {
      const response = await get(url);
      expect(response.status, url).toBe(200);
      expect(await response.text()).toContain('<title>Ringside</title>');
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(response.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('x-frame-options')).toBe('DENY');
    }
  });

  it('serves the bundles with the types module scripts and stylesheets need', async () => {
    const script = await get('app://ringside/assets/index-1234.js');
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(await script.text()).toBe('console.log(1)');
    expect((await get('app://ringside/assets/index-1234.css')).headers.get('content-type')).toBe(
      'text/css; charset=utf-8',
    );
    expect((await get('app://ringside/assets/space%20name.svg')).status).toBe(200);
    expect(contentTypeOf('x.unknown')).toBe('application/octet-stream');
  });

  it('answers HEAD without a body, and refuses other methods', async () => {
    const head = await get('app://ringside/index.html', 'HEAD');
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    expect((await get('app://ringside/index.html', 'POST')).status).toBe(405);
  });

  it.each([
    'app://ringside/nothing.js',
    'app://ringside/assets/',
    'app://ringside/assets',
    'app://ringside/%252e%252e/secret.txt',
    'app://other/index.html',
    'https://ringside/index.html',
  ])('answers 404 for %s', async (url) => {
    const response = await get(url);
    expect(response.status).toBe(404);
    expect(await response.text()).toBe('Not found');
    expect(response.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
  });

  it.each([
    'app://ringside/..%2fsecret.txt',
    'app://ringside/..%2F..%2F..%2Fetc%2Fpasswd',
    'app://ringside/assets/..%2f..%2fsecret.txt',
    'app://ringside/%2e%2e%2fsecret.txt',
    'app://ringside/%2E%2E%2Frenderer-other%2Fx.js',
    'app://ringside/..%5csecret.txt',
    'app://ringside/assets%5c..%5c..%5csecret.txt',
    'app://ringside//etc/passwd',
    'app://ringside/%2Fetc%2Fpasswd',
    `app://ringside/${encodeURIComponent(join(tmpdir(), 'secret.txt'))}`,
    'app://ringside/C:%5CWindows%5Cwin.ini',
    'app://ringside/c:/Windows/win.ini',
    'app://ringside/index.html%00.js',
    'app://ringside/.%2findex.html',
  ])('refuses %s (403), and never returns what lies outside', async (url) => {
    onRefused.mockClear();
    const response = await get(url);
    expect(response.status).toBe(403);
    const body = await response.text();
    expect(body).not.toContain('SECRET');
    expect(body).not.toContain('SIBLING');
    expect(onRefused).toHaveBeenCalledWith(url, expect.any(String));
  });

  it('gets `..` and `%2e%2e` segments removed by the URL parser itself, so they stay inside', async () => {
    // WHATWG URL parsing resolves dot segments, encoded or not, before the handler sees the path.
    for (const url of [
      'app://ringside/../secret.txt',
      'app://ringside/%2e%2e/secret.txt',
      'app://ringside/assets/%2E%2E/%2e%2e/../secret.txt',
      'app://ringside/.%2e/.%2E/secret.txt',
    ]) {
      const lookup = resolveAppFile(root, url);
      expect(lookup, url).toEqual({ found: true, path: join(root, 'secret.txt') });
      const response = await get(url);
      expect(response.status, url).toBe(404);
      expect(await response.text()).not.toContain('SECRET');
    }
    expect(resolveAppFile(root, 'app://ringside/assets/../index.html')).toEqual({
      found: true,
      path: join(root, 'index.html'),
    });
  });

  it('answers 400 for a malformed escape', async () => {
    expect((await get('app://ringside/%E0%A4%A')).status).toBe(400);
  });
});
