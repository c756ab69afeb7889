/**
 * The page that asks a signed-in browser whether to sign the desktop app in (`GET /auth/native`), and its
 * script. The answer is a POST from this page's script (the server's CSP allows no form submission), so it
 * carries the server's Origin: a page elsewhere cannot answer for the agent. The request's id is in a data
 * attribute, shown as nothing.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { escapeHtml } from '../../shared/escapeHtml';
import { page, translatorOf } from './signInAnswers';

export const NATIVE_SCRIPT_PATH = '/auth/native.js';
export const NATIVE_ANSWER_PATH = '/auth/native/answer';

export function nativeConfirmationPage(
  request: FastifyRequest,
  reply: FastifyReply,
  requestId: string,
  agent: string,
): FastifyReply {
  const translator = translatorOf(request);
  const text = (key: Parameters<typeof translator.t>[0], params?: Record<string, string>) =>
    escapeHtml(translator.t(key, params));
  const body = [
    `<main id="native" data-request="${escapeHtml(requestId)}">`,
    `<h1>${text('signIn.nativeTitle')}</h1>`,
    `<p>${text('signIn.nativeConfirm', { agent })}</p>`,
    `<p>${text('signIn.nativeWarning')}</p>`,
    `<p><button id="continue" type="button">${text('signIn.nativeContinue')}</button> `,
    `<button id="cancel" type="button">${text('signIn.nativeCancel')}</button></p>`,
    `<p id="status" role="status"></p>`,
    `<noscript><p>${text('signIn.nativeNeedsScript')}</p></noscript>`,
    `</main><script src="${NATIVE_SCRIPT_PATH}"></script>`,
  ].join('');
  return reply
    .code(200)
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .type('text/html; charset=utf-8')
    .send(page(translator, body));
}

/** Sends the button's answer; on success the browser goes where the server says (the app's loopback). */
export const NATIVE_SCRIPT = `(() => {
  const main = document.getElementById('native');
  const status = document.getElementById('status');
  const send = (answer) => {
    for (const button of document.querySelectorAll('button')) button.disabled = true;
    fetch('${NATIVE_ANSWER_PATH}', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ request: main.dataset.request, answer }),
    })
      .then(async (response) => {
        const body = await response.json().catch(() => ({}));
        if (response.ok && typeof body.location === 'string') location.replace(body.location);
        else status.textContent = body.message || String(response.status);
      })
      .catch((error) => { status.textContent = String(error); });
  };
  document.getElementById('continue').addEventListener('click', () => send('continue'));
  document.getElementById('cancel').addEventListener('click', () => send('cancel'));
})();
`;
