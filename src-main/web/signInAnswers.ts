/**
 * What the browser host answers around sign-in: the page with its key, for a link's first use, and the
 * texts a person reads instead of the page (no link, a spent link, a foreign host name), in the language
 * of their browser.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { HOST_KIND_META, PAGE_KEY_META, TEAM_SERVER_HOST } from '../shared/wsProtocol';
import { translatorFor } from '../shared/i18n/acceptLanguage';
import { TOKEN_LIFETIME_MS } from './browserSessions';

export type RefusalReason = 'needs-link' | 'link-spent' | 'foreign-host';

const isUpgrade = (request: FastifyRequest) => request.headers.upgrade?.toLowerCase() === 'websocket';
export { isUpgrade };

/** A refusal in the language the request's browser asks for. */
export function refuseInBrowserLanguage(reply: FastifyReply, status: number, reason: RefusalReason) {
  const translator = translatorFor(reply.request.headers['accept-language']);
  const text =
    reason === 'link-spent'
      ? translator.t('connection.linkSpent', { minutes: TOKEN_LIFETIME_MS / 60_000 })
      : reason === 'foreign-host'
        ? translator.t('connection.loopbackOnly')
        : translator.t('connection.pageNeedsLink');
  return refuse(reply, status, `${text}\n`).header('content-language', translator.tag);
}

export function refuse(reply: FastifyReply, status: number, text: string): FastifyReply {
  // A refused upgrade's connection cannot carry another request.
  if (isUpgrade(reply.request)) reply.header('connection', 'close');
  return reply.code(status).type('text/plain; charset=utf-8').send(text);
}

/**
 * The renderer's index.html carrying the page key in a meta tag (base64url: nothing to escape), and a team
 * server's page the host's kind too.
 */
export function pageWithKey(
  indexHtml: string,
  pageKey: string,
  options: { teamServer?: boolean } = {},
): string {
  const host = options.teamServer ? `<meta name="${HOST_KIND_META}" content="${TEAM_SERVER_HOST}">` : '';
  const meta = `<meta name="${PAGE_KEY_META}" content="${pageKey}">${host}`;
  const head = /<head[^>]*>/i.exec(indexHtml);
  if (head) return indexHtml.replace(head[0], `${head[0]}${meta}`);
  const doctype = /^\s*<!doctype[^>]*>/i.exec(indexHtml);
  return doctype ? indexHtml.replace(doctype[0], `${doctype[0]}${meta}`) : `${meta}${indexHtml}`;
}
