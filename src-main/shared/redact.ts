/**
 * Removes secrets from anything about to be logged: bearer tokens, JWTs, passwords in URLs, and the value of
 * every sensitive key (`access_token`, `client_secret`, `password`, `secret`, `pin`, `Authorization`, …) in
 * strings (JSON, query strings, form bodies, headers, prose) and, deeply and cycle-safely, in objects.
 * The input is never mutated: callers keep their objects, the log gets a redacted copy.
 */

export const REDACTED = '[redacted]';

/** Deeper than this a value is summarised; keeps one pathological object from stalling the logger. */
const MAX_DEPTH = 32;

/** Key endings (separators removed, lower case) whose values are secret: `dbPassword`, `clientsecret`, … */
const SENSITIVE_KEY_ENDINGS = [
  'password',
  'passwd',
  'passphrase',
  'secret',
  'token',
  'authorization',
  'cookie',
  'credential',
  'credentials',
  'apikey',
  'privatekey',
  'pincode',
];
/** Short words that are only sensitive as a whole word (`pin`, not `mapping` or `spin`). */
const SENSITIVE_KEY_WORDS = new Set(['pin', 'pwd']);

/** Whether a key (object property, JSON/form/query field, header) names a secret. */
export function isSensitiveKey(key: string): boolean {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  const lastWord = words.at(-1);
  if (lastWord === undefined) return false;
  if (SENSITIVE_KEY_WORDS.has(lastWord)) return true;
  const joined = words.join('');
  return SENSITIVE_KEY_ENDINGS.some((ending) => joined.endsWith(ending));
}

// ---- strings ----------------------------------------------------------------------------------------

/**
 * `key` followed by `:` or `=`, the key optionally quoted (also as `\"` inside double-encoded JSON). The
 * look-behind starts keys only where a word starts, which keeps the scan linear on long unbroken text.
 */
const KEY_AND_SEPARATOR = /(?<![\w.[\]-])(\\?["']?)([A-Za-z_][\w.[\]-]*)\1(\s*[:=]\s*)/g;

/** The value forms after a sensitive key, tried in order at the value's position. */
const VALUE_FORMS: { pattern: RegExp; quoted: boolean }[] = [
  // `Authorization: Bearer abc`: the scheme and the credentials, not just the scheme.
  { pattern: /(?:Bearer|Basic|Digest|Negotiate|NTLM|Token)\s+[^\s,;"'&]+/iy, quoted: false },
  { pattern: /\\"(?:(?!\\").)*\\"/y, quoted: true },
  { pattern: /"(?:[^"\\]|\\.)*"/y, quoted: true },
  { pattern: /'(?:[^'\\]|\\.)*'/y, quoted: true },
  { pattern: /[^\s&,;#"'<>{}[\]()\\]+/y, quoted: false },
];

/** `Bearer <token>`, but not `Bearer realm="…"` (a challenge) nor `Bearer name=value` (a form field). */
const BEARER_TOKEN =
  /\b(Bearer)\s+(?!(?:realm|error|error_description|error_uri|scope)\s*=)(?![\w\-.~+/]*=+\w)[\w\-.~+/]+=*/gi;
const JWT = /\beyJ[\w-]+\.[\w-]+\.[\w-]*/g;
const URL_PASSWORD = /(?<![a-z0-9+.-])([a-z][a-z0-9+.-]*:\/\/[^\s/?#@:]+:)[^\s/?#@]+@/gi;

/** The quote a quoted value opens with: `"`, `'` or the escaped `\"` of double-encoded JSON. */
function openingQuote(value: string): string {
  return value.startsWith('\\') ? value.slice(0, 2) : value.charAt(0);
}

/** Replaces the value after every sensitive key; other keys' values are scanned again (they may hold URLs). */
function redactKeyValues(text: string): string {
  let result = '';
  let copiedUpTo = 0;
  KEY_AND_SEPARATOR.lastIndex = 0;
  for (let match = KEY_AND_SEPARATOR.exec(text); match; match = KEY_AND_SEPARATOR.exec(text)) {
    const [whole, keyQuote = '', key = ''] = match;
    if (!isSensitiveKey(key)) {
      KEY_AND_SEPARATOR.lastIndex = match.index + whole.length;
      continue;
    }
    const valueStart = match.index + whole.length;
    for (const form of VALUE_FORMS) {
      form.pattern.lastIndex = valueStart;
      const value = form.pattern.exec(text);
      if (!value) continue;
      // Keep the value's quoting (or the key's, for a bare value after a quoted key) so JSON stays JSON.
      const quote = form.quoted ? openingQuote(value[0]) : keyQuote;
      result += text.slice(copiedUpTo, valueStart) + quote + REDACTED + quote;
      copiedUpTo = valueStart + value[0].length;
      break;
    }
    KEY_AND_SEPARATOR.lastIndex = Math.max(copiedUpTo, valueStart);
  }
  return result + text.slice(copiedUpTo);
}

function redactString(text: string): string {
  return redactKeyValues(text)
    .replace(BEARER_TOKEN, `$1 ${REDACTED}`)
    .replace(JWT, REDACTED)
    .replace(URL_PASSWORD, `$1${REDACTED}@`);
}

// ---- objects ----------------------------------------------------------------------------------------

type Seen = WeakMap<object, unknown>;

function copyRedactedEntries<T extends object>(
  copy: T,
  entries: Iterable<[string, unknown]>,
  seen: Seen,
  depth: number,
): T {
  for (const [key, value] of entries) {
    // defineProperty, not assignment: a `__proto__` key from parsed JSON stays a plain property.
    Object.defineProperty(copy, key, {
      value: redactProperty(key, value, seen, depth),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return copy;
}

function redactProperty(key: unknown, value: unknown, seen: Seen, depth: number): unknown {
  // An absent secret is not a secret, and "not set" is worth seeing when debugging configuration.
  if (typeof key === 'string' && isSensitiveKey(key) && value != null) return REDACTED;
  return redactValue(value, seen, depth + 1);
}

function redactError(error: Error, seen: Seen, depth: number): Error {
  // Same prototype, so the logger still formats it as an error of its class, with a redacted stack.
  const copy = Object.create(Object.getPrototypeOf(error) as object) as Error;
  seen.set(error, copy);
  const define = (name: string, value: unknown) =>
    Object.defineProperty(copy, name, { value, writable: true, configurable: true, enumerable: false });
  define('message', redactString(error.message));
  if (error.stack !== undefined) define('stack', redactString(error.stack));
  if ('cause' in error) define('cause', redactValue(error.cause, seen, depth + 1));
  if (error instanceof AggregateError) define('errors', redactValue(error.errors, seen, depth + 1));
  return copyRedactedEntries(copy, Object.entries(error), seen, depth);
}

function redactObject(value: object, seen: Seen, depth: number): unknown {
  if (value instanceof Date || value instanceof RegExp || value instanceof ArrayBuffer) return value;
  if (ArrayBuffer.isView(value)) return value;
  if (value instanceof URL || value instanceof URLSearchParams) return redactString(value.toString());
  if (value instanceof Error) return redactError(value, seen, depth);
  if (typeof Headers !== 'undefined' && value instanceof Headers) {
    return copyRedactedEntries({}, value.entries(), seen, depth);
  }
  if (Array.isArray(value)) {
    const copy: unknown[] = [];
    seen.set(value, copy);
    for (const item of value) copy.push(redactValue(item, seen, depth + 1));
    return copy;
  }
  if (value instanceof Map) {
    const copy = new Map<unknown, unknown>();
    seen.set(value, copy);
    for (const [key, item] of value) copy.set(key, redactProperty(key, item, seen, depth));
    return copy;
  }
  if (value instanceof Set) {
    const copy = new Set<unknown>();
    seen.set(value, copy);
    for (const item of value) copy.add(redactValue(item, seen, depth + 1));
    return copy;
  }
  const copy = {};
  seen.set(value, copy);
  return copyRedactedEntries(copy, Object.entries(value), seen, depth);
}

function redactValue(value: unknown, seen: Seen, depth: number): unknown {
  if (typeof value === 'string') return redactString(value);
  if (value === null || typeof value !== 'object') return value;
  // A value met again (a cycle or a shared child) maps to the same copy, so cycles survive as cycles.
  if (seen.has(value)) return seen.get(value);
  if (depth >= MAX_DEPTH) return '[nested too deeply]';
  return redactObject(value, seen, depth);
}

/**
 * A copy of `value` with every secret replaced by `[redacted]`. Never throws: a value that cannot be read
 * (a throwing getter, a revoked proxy) becomes a placeholder, because logging must not break the caller.
 */
export function redact(value: string): string;
export function redact(value: unknown): unknown;
export function redact(value: unknown): unknown {
  try {
    return redactValue(value, new WeakMap(), 0);
  } catch {
    return '[unreadable value]';
  }
}
