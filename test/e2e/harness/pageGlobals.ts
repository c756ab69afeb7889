/**
 * The two page globals the harness adds beside `window.ringside`: the Playwright binding that stands in for
 * ipcRenderer.invoke, and the hook through which the test process delivers AppCore's events.
 */
export const INVOKE_BINDING = '__ringsideInvoke';
export const DISPATCH_HOOK = '__ringsideDispatch';

declare global {
  interface Window {
    [INVOKE_BINDING]?: (channel: string, args: unknown) => Promise<unknown>;
    [DISPATCH_HOOK]?: (channel: string, payload: unknown) => void;
  }
}
