/**
 * The system browser's part of the desktop app's sign-in, as TestBrowser acts it: open the address the app
 * opened, sign in at the provider if need be (and follow the callback page's move back), then press
 * Continue or Cancel on the confirmation page the way its script does (a POST with the server's Origin).
 */
import { expect } from 'vitest';
import type { TestBrowser } from './testBrowser';

export interface Confirmation {
  /** The confirmation page's text. */
  page: string;
  /** The request id the page carries. */
  requestId: string;
}

/** Opens `address` in `browser`, signing in as `login` when the browser has no session yet. */
export async function openConfirmation(
  browser: TestBrowser,
  address: string,
  login: string,
): Promise<Confirmation> {
  let answer = await browser.navigate(new URL(address), login);
  // Back from the provider: the callback's page moves on to the return path from the server's own origin.
  const moveOn = /<meta http-equiv="refresh" content="0; url=([^"]+)">/.exec(answer.text)?.[1];
  if (moveOn) answer = await browser.navigate(new URL(moveOn.replaceAll('&#38;', '&'), answer.url), login);
  expect(answer.status).toBe(200);
  const requestId = /data-request="([^"]+)"/.exec(answer.text)?.[1];
  expect(requestId).toBeDefined();
  return { page: answer.text, requestId: requestId! };
}

/** Presses a button of the confirmation page; the status and the server's answer (its `location`). */
export async function pressButton(
  browser: TestBrowser,
  serverOrigin: string,
  requestId: string,
  answer: 'continue' | 'cancel',
  origin: string | null = serverOrigin,
): Promise<{ status: number; body: { location?: string; error?: string; message?: string } }> {
  const { response, text } = await browser.request(new URL('/auth/native/answer', serverOrigin), {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json',
      ...(origin === null ? {} : { origin }),
    },
    body: JSON.stringify({ request: requestId, answer }),
  });
  return { status: response.status, body: JSON.parse(text) as { location?: string } };
}
