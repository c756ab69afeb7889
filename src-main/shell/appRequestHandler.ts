/**
 * Answers `app://ringside/…` requests from the built renderer's directory, as a web server would: the file
 * with its content type and the app's security headers (the CSP among them, as a header), `/` as
 * index.html, 404 for anything else. A request can never reach outside that directory: `..` segments,
 * encoded ones (`%2e%2e`, `..%2f`), backslashes, NUL, absolute and drive paths are refused with 403. Plain
 * Node (WHATWG Request and Response), so it is tested without Electron; appProtocol.ts hands it to
 * `protocol.handle`.
 */
import { readFile, stat } from 'node:fs/promises';
import { extname, isAbsolute, relative, resolve, sep } from 'node:path';
import { SECURITY_HEADERS } from '../web/securityHeaders';
import { APP_HOST, APP_SCHEME } from './appOrigin';

export type AppFileLookup =
  { found: true; path: string } | { found: false; status: 400 | 403 | 404; reason: string };

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.txt': 'text/plain; charset=utf-8',
};

export function contentTypeOf(path: string): string {
  return CONTENT_TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream';
}

const refused = (reason: string): AppFileLookup => ({ found: false, status: 403, reason });

/** The file a request names under `root`, or why there is none. Pure: touches no file. */
export function resolveAppFile(root: string, requestUrl: string): AppFileLookup {
  const url = URL.parse(requestUrl);
  if (!url || url.protocol !== `${APP_SCHEME}:` || url.host !== APP_HOST) {
    return { found: false, status: 404, reason: 'not a URL of the app' };
  }
  let path: string;
  try {
    path = decodeURIComponent(url.pathname);
  } catch {
    return { found: false, status: 400, reason: 'malformed percent-encoding' };
  }
  const inside = path === '/' ? 'index.html' : path.slice(1);
  if (/[\\\0]/.test(inside)) return refused('backslash or NUL in the path');
  if (isAbsolute(inside) || /^[a-z]:/i.test(inside)) return refused('absolute path');
  const segments = inside.split('/');
  if (segments.some((segment) => segment === '..' || segment === '.')) return refused('path traversal');
  // A trailing slash names a directory (answered 404); an empty segment elsewhere is no path of the app's.
  if (segments.slice(0, -1).some((segment) => segment === '')) return refused('empty path segment');
  const file = resolve(root, ...segments);
  const fromRoot = relative(root, file);
  if (fromRoot.startsWith(`..${sep}`) || fromRoot === '..' || isAbsolute(fromRoot)) {
    return refused('outside the renderer directory');
  }
  return { found: true, path: file };
}

function textResponse(status: number, text: string): Response {
  return new Response(text, {
    status,
    headers: { ...SECURITY_HEADERS, 'content-type': 'text/plain; charset=utf-8' },
  });
}

export interface AppRequestHandlerOptions {
  /** The built renderer: out/renderer (inside app.asar when packaged; Electron's fs reads it there). */
  root: string;
  /** A refused request is worth a line in the log: the page asked for something outside itself. */
  onRefused?: (url: string, reason: string) => void;
}

export function createAppRequestHandler(options: AppRequestHandlerOptions) {
  const root = resolve(options.root);
  return async (request: Request): Promise<Response> => {
    // i18n-exempt: HTTP status text for the browser engine, no person reads it.
    if (request.method !== 'GET' && request.method !== 'HEAD') return textResponse(405, 'Method not allowed');
    const lookup = resolveAppFile(root, request.url);
    if (!lookup.found) {
      if (lookup.status === 403) options.onRefused?.(request.url, lookup.reason);
      // i18n-exempt: HTTP status text for the browser engine, no person reads it.
      return textResponse(lookup.status, lookup.status === 404 ? 'Not found' : 'Refused');
    }
    try {
      // i18n-exempt: HTTP status text for the browser engine, no person reads it.
      if (!(await stat(lookup.path)).isFile()) return textResponse(404, 'Not found');
      const body = request.method === 'HEAD' ? null : await readFile(lookup.path);
      return new Response(body, {
        status: 200,
        headers: { ...SECURITY_HEADERS, 'content-type': contentTypeOf(lookup.path) },
      });
    } catch {
      // i18n-exempt: HTTP status text for the browser engine, no person reads it.
      return textResponse(404, 'Not found');
    }
  };
}
