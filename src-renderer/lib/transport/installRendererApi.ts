import type { RendererApi } from '../../../src-main/shared/contract';

/** As the preload's contextBridge does: `window.ringside`, one frozen object the page cannot replace. */
export function installRendererApi(api: RendererApi, target: object = window): void {
  Object.defineProperty(target, 'ringside', { value: Object.freeze(api), enumerable: true });
}
