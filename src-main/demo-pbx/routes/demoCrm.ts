/**
 * A stand-in for a contact center's own CRM: the demo teams' templates (seed/demoCrmTemplates.ts) lead here,
 * and the page shows what the link carried. Open without a token, like any CRM page an agent's browser opens.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DEMO_CRM_CALL_PATH, DEMO_CRM_PERSON_PATH } from '../seed/demoCrmTemplates';

export const DEMO_CRM_PATHS = [DEMO_CRM_CALL_PATH, DEMO_CRM_PERSON_PATH] as const;

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The page: every query parameter as a row, as text. */
export function demoCrmPage(title: string, query: Record<string, unknown>): string {
  const rows = Object.entries(query)
    .map(([key, value]) => `<tr><th>${escapeHtml(key)}</th><td>${escapeHtml(String(value))}</td></tr>`)
    .join('');
  return (
    `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>` +
    `<body><h1>${escapeHtml(title)}</h1><p>The demo PBX's stand-in CRM: what Ringside's link carried.</p>` +
    `<table>${rows}</table></body></html>`
  );
}

export async function demoCrmRoutes(app: FastifyInstance): Promise<void> {
  const page = (title: string) => async (request: FastifyRequest, reply: FastifyReply) =>
    reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('content-security-policy', "default-src 'none'")
      .send(demoCrmPage(title, (request.query ?? {}) as Record<string, unknown>));
  app.get(DEMO_CRM_CALL_PATH, page('Demo CRM: call'));
  app.get(DEMO_CRM_PERSON_PATH, page('Demo CRM: person'));
}
