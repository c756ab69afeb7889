/**
 * Binds AppCore to a Playwright page with the shell's own `bindIpc` (src-main/shell/ipc.ts): the same
 * sender check, argument validation, error envelope and event forwarding as in Electron. Only ipcMain and
 * the window are stand-ins, built on `page.exposeBinding` and `page.evaluate`.
 */
import type { Frame, Page } from '@playwright/test';
import { bindIpc, type CoreLike, type FrameLike, type InvokeEventLike } from '../../../src-main/shell/ipc';
import type { Logger } from '../../../src-main/shared/logger';
import { DISPATCH_HOOK, INVOKE_BINDING } from './pageGlobals';

type Handler = (event: InvokeEventLike, args: unknown) => Promise<unknown>;

export interface IpcOverPageOptions {
  page: Page;
  core: CoreLike;
  logger: Logger;
  /** Whether a URL is the app's own page (the served renderer). */
  isAppUrl: (url: string) => boolean;
}

/** Returns the function that unbinds. Call before the page loads the renderer. */
export async function bindIpcOverPage({
  page,
  core,
  logger,
  isAppUrl,
}: IpcOverPageOptions): Promise<() => void> {
  const handlers = new Map<string, Handler>();
  // One FrameLike per Playwright frame, so the identity check `frame === mainFrame` means what it does in Electron.
  const frames = new WeakMap<Frame, FrameLike>();
  const frameLike = (frame: Frame): FrameLike => {
    let like = frames.get(frame);
    if (!like) {
      like = {
        get url() {
          return frame.url();
        },
        get detached() {
          return frame.isDetached();
        },
      };
      frames.set(frame, like);
    }
    return like;
  };

  const webContents = {
    get mainFrame() {
      return frameLike(page.mainFrame());
    },
    send(channel: string, payload: unknown): void {
      // Fire and forget, like webContents.send: an event sent while the page navigates is lost.
      page
        .evaluate(([hook, name, value]) => window[hook]?.(name, value), [
          DISPATCH_HOOK,
          channel,
          payload,
        ] as const)
        .catch(() => {});
    },
  };

  await page.exposeBinding(INVOKE_BINDING, async ({ frame }, channel: unknown, args: unknown) => {
    const handler = typeof channel === 'string' ? handlers.get(channel) : undefined;
    // Electron's own answer for a channel nobody handles.
    if (!handler) throw new Error(`No handler registered for '${String(channel)}'`);
    return handler({ sender: webContents, senderFrame: frameLike(frame) }, args);
  });

  return bindIpc({
    ipcMain: {
      handle: (channel, listener) => handlers.set(channel, listener),
      removeHandler: (channel) => handlers.delete(channel),
    },
    getMainWindow: () => ({ isDestroyed: () => page.isClosed(), webContents }),
    core,
    logger,
    isAppUrl,
  });
}
