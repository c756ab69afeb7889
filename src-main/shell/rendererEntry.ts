/**
 * Where the renderer comes from (the built index.html, or electron-vite's dev server) and, from that, which
 * URLs are the app's own: the one fact both the navigation guard and the IPC sender check rely on.
 */
import { pathToFileURL } from 'node:url';

export type RendererEntry = { kind: 'file'; path: string } | { kind: 'dev-server'; url: string };

export interface RendererEntryInput {
  /** A packaged app never loads a URL taken from its environment. */
  isPackaged: boolean;
  /** ELECTRON_RENDERER_URL, set by `electron-vite dev`. */
  devServerUrl: string | undefined;
  /** Absolute path of the built out/renderer/index.html. */
  rendererIndexPath: string;
}

export function resolveRendererEntry(input: RendererEntryInput): RendererEntry {
  if (input.isPackaged || !input.devServerUrl) return { kind: 'file', path: input.rendererIndexPath };
  const url = URL.parse(input.devServerUrl);
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw new Error(
      `ELECTRON_RENDERER_URL must be an http(s) URL, got ${JSON.stringify(input.devServerUrl)}.`,
    );
  }
  return { kind: 'dev-server', url: url.href };
}

/**
 * The app's own URLs: the dev server's origin, or exactly the built index.html (any query or hash). A file
 * URL has no usable origin, so any other local file counts as foreign.
 */
export function createAppUrlMatcher(entry: RendererEntry): (url: string) => boolean {
  if (entry.kind === 'dev-server') {
    const origin = new URL(entry.url).origin;
    return (url) => URL.parse(url)?.origin === origin;
  }
  const indexUrl = pathToFileURL(entry.path);
  return (url) => {
    const candidate = URL.parse(url);
    return (
      candidate?.protocol === 'file:' &&
      candidate.host === indexUrl.host &&
      candidate.pathname === indexUrl.pathname
    );
  };
}
