/**
 * The team's CRM URL templates (`tasks.call_url`, `tasks.person_url`, or the agent's own in Settings), expanded
 * for one call. The syntax is Ringside's decision, written in docs/pbx-api.md (Decisions where the API is
 * silent): `{name}` placeholders, each value percent-encoded into its place, a template naming a placeholder
 * Ringside does not know refused. The result must be an `https:` URL, or `http:` to a loopback host; anything
 * else is refused, so no value can turn the link into another scheme. The scheme, host and port are literal:
 * a placeholder may stand only in the path, query or fragment, so call data (what an IVR collected) can never
 * choose the server the agent's browser is sent to. Browser-safe: the renderer checks the same rule before it
 * opens a tab.
 */
import { t } from './i18n';
import { isLoopbackHost } from './loopback';

/** The placeholders every template may use; `{data.KEY}` adds any key of the call's data. */
export const CRM_PLACEHOLDERS = {
  caller: "the caller's number in E.164 (`+420…`), else as received",
  caller_raw: "the caller's number exactly as the PBX received it",
  person_id: "the matched person's id in the PBX's micro CRM",
  person_external_id: "the matched person's external id",
  uniqueid: "the call's uniqueid",
  queue: 'the name of the queue the call came through',
} as const;

export type CrmPlaceholder = keyof typeof CRM_PLACEHOLDERS;

/** What a template is expanded with; absent values expand to ''. */
export interface CrmValues {
  caller?: string;
  caller_raw?: string;
  person_id?: string;
  person_external_id?: string;
  uniqueid?: string;
  queue?: string;
  /** The call's data (what an IVR or voicebot attached). */
  data?: Readonly<Record<string, string>>;
}

export type CrmExpansion = { ok: true; url: string } | { ok: false; problem: string };

/** Longest URL Ringside opens: past this many servers refuse the request line anyway. */
export const MAX_CRM_URL_LENGTH = 8000;
export const MAX_CRM_TEMPLATE_LENGTH = 2000;

const PLACEHOLDER = /\{([^{}]*)\}/g;
const DATA_KEY = /^data\.([A-Za-z0-9_.-]{1,64})$/;
/** `scheme://authority`: everything before the path, query or fragment. */
const ORIGIN_PART = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/?#]*/;

/** The literal `scheme://host[:port]` a template starts with, or undefined when a placeholder stands in it. */
function literalOrigin(template: string): string | undefined {
  const origin = ORIGIN_PART.exec(template)?.[0];
  return origin === undefined || /[{}]/.test(origin) ? undefined : origin;
}

/** The placeholders a template uses, or why it is refused (unknown placeholders named, stray braces). */
export function checkCrmTemplate(
  template: string,
): { ok: true; names: string[] } | { ok: false; problem: string } {
  if (template.trim() === '') return { ok: false, problem: t('validation.crmEmpty') };
  if (template.length > MAX_CRM_TEMPLATE_LENGTH) {
    return { ok: false, problem: t('validation.crmTooLong', { max: MAX_CRM_TEMPLATE_LENGTH }) };
  }
  const names = [...template.matchAll(PLACEHOLDER)].map((match) => match[1]!);
  if (/[{}]/.test(template.replace(PLACEHOLDER, ''))) {
    return { ok: false, problem: t('validation.crmStrayBrace') };
  }
  const unknown = names.filter((name) => !(name in CRM_PLACEHOLDERS) && !DATA_KEY.test(name));
  if (unknown.length > 0) {
    const listed = [...new Set(unknown)].map((name) => `{${name}}`).join(', ');
    return { ok: false, problem: t('validation.crmUnknownPlaceholders', { names: listed }) };
  }
  if (literalOrigin(template) === undefined)
    return { ok: false, problem: t('validation.crmOriginNotLiteral') };
  return { ok: true, names };
}

/** Whether Ringside may open this URL outside the app: `https:`, or `http:` to a loopback host. */
export function isOpenableCrmUrl(url: string): boolean {
  if (url.length > MAX_CRM_URL_LENGTH) return false;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.username !== '' || parsed.password !== '') return false;
  if (parsed.protocol === 'https:') return parsed.hostname !== '';
  return parsed.protocol === 'http:' && isLoopbackHost(parsed.hostname);
}

/** The template with every placeholder replaced by its percent-encoded value, or why it cannot be opened. */
export function expandCrmTemplate(template: string, values: CrmValues): CrmExpansion {
  const checked = checkCrmTemplate(template);
  if (!checked.ok) return checked;
  let dotSegment: string | undefined;
  const url = template.replace(PLACEHOLDER, (_whole, name: string) => {
    const value = valueOf(name, values);
    // The URL parser treats "." and ".." (encoded or not) as a path step: a value must not move the link.
    if (value === '.' || value === '..') dotSegment = name;
    return encodeValue(value);
  });
  if (dotSegment !== undefined) {
    return { ok: false, problem: t('validation.crmDotSegment', { placeholder: `{${dotSegment}}` }) };
  }
  if (url.length > MAX_CRM_URL_LENGTH) {
    return { ok: false, problem: t('validation.crmLinkTooLong', { max: MAX_CRM_URL_LENGTH }) };
  }
  if (!isOpenableCrmUrl(url)) {
    return { ok: false, problem: t('validation.crmNotHttps') };
  }
  // Values are percent-encoded, so they cannot reach the authority; checked again so no parser quirk can.
  if (new URL(url).origin !== new URL(literalOrigin(template)!).origin) {
    return { ok: false, problem: t('validation.crmOriginNotLiteral') };
  }
  return { ok: true, url };
}

function valueOf(name: string, values: CrmValues): string {
  const dataKey = DATA_KEY.exec(name)?.[1];
  if (dataKey !== undefined) return Object.hasOwn(values.data ?? {}, dataKey) ? values.data![dataKey]! : '';
  return values[name as CrmPlaceholder] ?? '';
}

/** encodeURIComponent, plus the few characters it leaves that still mean something in some URL part. */
function encodeValue(value: string): string {
  // A lone surrogate would make encodeURIComponent throw: it becomes U+FFFD, as a browser would send it.
  return encodeURIComponent(value.replace(/\p{Surrogate}/gu, '\uFFFD')).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/**
 * Why a template typed in Settings cannot be used, or null: its placeholders must be known and, filled with
 * plain sample values, it must give a link Ringside opens (so a wrong scheme is caught when saving).
 */
export function crmTemplateProblem(template: string): string | null {
  const checked = checkCrmTemplate(template);
  if (!checked.ok) return checked.problem;
  const sample = Object.fromEntries(Object.keys(CRM_PLACEHOLDERS).map((name) => [name, 'x1']));
  const data = Object.fromEntries(
    checked.names.flatMap((name) => (DATA_KEY.test(name) ? [[name.slice('data.'.length), 'x1']] : [])),
  );
  const expanded = expandCrmTemplate(template, { ...sample, data });
  return expanded.ok ? null : expanded.problem;
}
