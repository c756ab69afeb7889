/**
 * What the sign-in routes answer a person: a short page (a GET in the address bar) or a JSON body (the
 * enrollment page's fetch), in the language of their browser, never a stack. Every text comes from the
 * catalogues' `signIn` section; values a person or the provider supplied are escaped.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { translatorFor } from '../../shared/i18n/acceptLanguage';
import type { MessageKey, MessageParams, Translator } from '../../shared/i18n';
import { escapeHtml } from '../../shared/escapeHtml';

export const SIGN_IN_PATH = '/auth/signin';
export const ENROLL_SCRIPT_PATH = '/auth/enroll.js';

export const translatorOf = (request: FastifyRequest): Translator =>
  translatorFor(request.headers['accept-language']);

/** A small page in the browser's language; `body` is HTML the caller built from escaped text. */
export function page(translator: Translator, body: string, head = ''): string {
  return [
    '<!doctype html>',
    `<html lang="${escapeHtml(translator.tag)}">`,
    `<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">`,
    `<title>${escapeHtml(translator.t('signIn.pageTitle'))}</title>${head}</head>`,
    `<body>${body}</body></html>`,
    '',
  ].join('\n');
}

export interface Refusal {
  status: number;
  /** A stable code for scripts and tests; the text is for people. */
  code: string;
  key: MessageKey;
  params?: MessageParams;
  /** Whether the page offers a fresh sign-in (when one could succeed). */
  offerSignIn?: boolean;
}

/** A refusal as a page, or as JSON when the request asked for JSON (a fetch) or was not a GET. */
export function refuse(request: FastifyRequest, reply: FastifyReply, refusal: Refusal): FastifyReply {
  const translator = translatorOf(request);
  const message = translator.t(refusal.key, refusal.params);
  reply.code(refusal.status).header('content-language', translator.tag).header('cache-control', 'no-store');
  if (request.method !== 'GET' || request.headers.accept?.includes('application/json')) {
    return reply.type('application/json; charset=utf-8').send({ error: refusal.code, message });
  }
  const again = refusal.offerSignIn
    ? `<p><a href="${SIGN_IN_PATH}">${escapeHtml(translator.t('signIn.signInAgain'))}</a></p>`
    : '';
  return reply
    .type('text/html; charset=utf-8')
    .send(page(translator, `<p role="alert">${escapeHtml(message)}</p>${again}`));
}

/**
 * After a sign-in: a page that moves on to `path` from this origin. The provider's redirect made this a
 * cross-site navigation, which carries no SameSite=Strict cookie; the page's own navigation is same-site
 * and carries the new session cookie.
 */
export function continueTo(request: FastifyRequest, reply: FastifyReply, path: string): FastifyReply {
  const translator = translatorOf(request);
  const target = escapeHtml(path);
  return reply
    .code(200)
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(
      page(
        translator,
        `<p><a href="${target}">${escapeHtml(translator.t('signIn.continue'))}</a></p>`,
        `<meta http-equiv="refresh" content="0; url=${target}">`,
      ),
    );
}

/** The page an enrollment link opens: its script reads the token from the fragment and redeems it. */
export function enrollmentPage(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const translator = translatorOf(request);
  const body = [
    `<p id="status" role="status">${escapeHtml(translator.t('signIn.enrolling'))}</p>`,
    `<noscript><p>${escapeHtml(translator.t('signIn.needsScript'))}</p></noscript>`,
    `<script src="${ENROLL_SCRIPT_PATH}"></script>`,
  ].join('');
  return (
    reply
      .code(200)
      .header('cache-control', 'no-store')
      // The page's address may still hold the token in its fragment: no Referer to anyone.
      .header('referrer-policy', 'no-referrer')
      .type('text/html; charset=utf-8')
      .send(page(translator, body))
  );
}

/**
 * The enrollment page's script: take the token out of the address bar and history first, then POST it; on
 * success go to the app, else show the server's message as text.
 */
export const ENROLL_SCRIPT = `(() => {
  const token = location.hash.slice(1);
  history.replaceState(null, '', location.pathname);
  const status = document.getElementById('status');
  fetch('/auth/enroll', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ token }),
  })
    .then(async (response) => {
      const answer = await response.json().catch(() => ({}));
      if (response.ok) location.replace('/');
      else status.textContent = answer.message || String(response.status);
    })
    .catch((error) => { status.textContent = String(error); });
})();
`;
