/**
 * The two values of src-main/shared/wsProtocol.ts the client needs at run time. That file builds zod schemas
 * when it loads, and zod then tries `new Function`, which the page's CSP refuses (and reports as a console
 * error), so the page imports only its types; test/components/wsTransport.test.ts keeps these equal to it.
 */
export const WS_PATH = '/ws';
export const MAX_FRAME_BYTES = 1024 * 1024;
