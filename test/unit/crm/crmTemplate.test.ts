import { describe, expect, it } from 'vitest';
import {
  checkCrmTemplate,
  expandCrmTemplate,
  isOpenableCrmUrl,
  MAX_CRM_URL_LENGTH,
  type CrmValues,
} from '../../../src-main/shared/crmTemplate';

const CALL: CrmValues = {
  caller: '+420601123456',
  caller_raw: '601 123 456',
  person_id: '42',
  person_external_id: 'C-7',
  uniqueid: '1700000000.17',
  queue: 'Support',
  data: { customer_id: '991', reason: 'billing' },
};

const TEN_KB = 'x'.repeat(10_000);
const NOT_LITERAL = 'The CRM template must start with a fixed address';

/** Template, values, and the URL it gives or the start of the refusal. */
const TABLE: Array<[string, CrmValues, { url: string } | { problem: string }]> = [
  [
    'https://crm.example/call?from={caller}&id={uniqueid}',
    CALL,
    { url: 'https://crm.example/call?from=%2B420601123456&id=1700000000.17' },
  ],
  ['https://crm.example/p/{person_id}/{person_external_id}', CALL, { url: 'https://crm.example/p/42/C-7' }],
  ['https://crm.example/?raw={caller_raw}', CALL, { url: 'https://crm.example/?raw=601%20123%20456' }],
  [
    'https://crm.example/?c={data.customer_id}&r={data.reason}',
    CALL,
    { url: 'https://crm.example/?c=991&r=billing' },
  ],
  ['https://crm.example/?q={queue}&x={data.missing}', CALL, { url: 'https://crm.example/?q=Support&x=' }],
  ['http://127.0.0.1:8080/crm?n={caller}', CALL, { url: 'http://127.0.0.1:8080/crm?n=%2B420601123456' }],
  ['http://localhost/crm?n={caller}', CALL, { url: 'http://localhost/crm?n=%2B420601123456' }],
  // Hostile values stay inside their place.
  ['https://crm.example/?q={queue}', { queue: 'a b' }, { url: 'https://crm.example/?q=a%20b' }],
  [
    'https://crm.example/?q={queue}&ok=1',
    { queue: 'x&ok=0' },
    { url: 'https://crm.example/?q=x%26ok%3D0&ok=1' },
  ],
  ['https://crm.example/?q={queue}', { queue: 'x#frag' }, { url: 'https://crm.example/?q=x%23frag' }],
  [
    'https://crm.example/p/{person_id}',
    { person_id: '../admin' },
    { url: 'https://crm.example/p/..%2Fadmin' },
  ],
  ['https://crm.example/p/{person_id}/edit', { person_id: '..' }, { problem: 'The value of {person_id}' }],
  ['https://crm.example/p/{person_id}', { person_id: '.' }, { problem: 'The value of {person_id}' }],
  [
    'https://crm.example/?q={queue}',
    { queue: "it's (*)!" },
    { url: 'https://crm.example/?q=it%27s%20%28%2A%29%21' },
  ],
  [
    'https://crm.example/?q={queue}',
    { queue: 'javascript:alert(1)' },
    { url: 'https://crm.example/?q=javascript%3Aalert%281%29' },
  ],
  ['https://crm.example/?q={queue}', { queue: '\uD800' }, { url: 'https://crm.example/?q=%EF%BF%BD' }],
  // A template that expands to another scheme, or none.
  ['{data.link}', { data: { link: 'javascript:alert(1)' } }, { problem: NOT_LITERAL }],
  ['javascript:alert({caller})', CALL, { problem: NOT_LITERAL }],
  ['{queue}://crm.example/', { queue: 'file' }, { problem: NOT_LITERAL }],
  ['http://crm.example/?n={caller}', CALL, { problem: 'The CRM link is not an https:' }],
  ['https://user:pw@crm.example/?n={caller}', CALL, { problem: 'The CRM link is not an https:' }],
  ['https://{queue}/', { queue: '' }, { problem: NOT_LITERAL }],
  // Call data (what an IVR collected) never chooses the server: scheme, host and port are literal.
  ['https://{data.tenant}/crm?n={caller}', { data: { tenant: 'evil.example' } }, { problem: NOT_LITERAL }],
  ['https://{data.tenant}.crm.example/', { data: { tenant: 'acme' } }, { problem: NOT_LITERAL }],
  ['https://crm.example{data.x}/', { data: { x: '.evil.example' } }, { problem: NOT_LITERAL }],
  ['https://crm.example:{data.port}/', { data: { port: '8443' } }, { problem: NOT_LITERAL }],
  ['https://{data.user}@crm.example/', { data: { user: 'evil.example' } }, { problem: NOT_LITERAL }],
  ['https://crm.example{data.x}', { data: { x: '@evil.example' } }, { problem: NOT_LITERAL }],
  ['https:{data.rest}', { data: { rest: '//evil.example/' } }, { problem: NOT_LITERAL }],
  // A value cannot leave its place in the path, query or fragment for the authority.
  [
    'https://crm.example/{data.p}?q={data.q}#{data.f}',
    { data: { p: '/evil.example', q: '@evil.example/', f: '\n//evil.example' } },
    { url: 'https://crm.example/%2Fevil.example?q=%40evil.example%2F#%0A%2F%2Fevil.example' },
  ],
  [
    'https://crm.example?{data.q}',
    { data: { q: 'x/../../@evil.example' } },
    { url: 'https://crm.example?x%2F..%2F..%2F%40evil.example' },
  ],
  // A 10 kB value makes the link too long to open.
  [
    'https://crm.example/?q={queue}',
    { queue: TEN_KB },
    { problem: `The CRM link would be longer than ${MAX_CRM_URL_LENGTH}` },
  ],
  // Templates Ringside refuses whatever the values.
  [
    'https://crm.example/?n={number}&p={person}',
    CALL,
    { problem: 'The CRM template uses placeholders Ringside does not know: {number}, {person}.' },
  ],
  [
    'https://crm.example/?n={data.}',
    CALL,
    { problem: 'The CRM template uses placeholders Ringside does not know: {data.}.' },
  ],
  ['https://crm.example/?n={caller', CALL, { problem: 'The CRM template has a "{"' }],
  ['https://crm.example/?n=caller}', CALL, { problem: 'The CRM template has a "{"' }],
  ['   ', CALL, { problem: 'The CRM template is empty.' }],
];

describe('expandCrmTemplate', () => {
  it.each(TABLE)('%s with %j', (template, values, expected) => {
    const result = expandCrmTemplate(template, values);
    if ('url' in expected) {
      expect(result).toEqual({ ok: true, url: expected.url });
      expect(isOpenableCrmUrl(expected.url)).toBe(true);
    } else {
      expect(result.ok).toBe(false);
      expect(result.ok ? '' : result.problem).toContain(expected.problem);
    }
  });

  it('names each unknown placeholder once', () => {
    expect(checkCrmTemplate('https://x.example/{a}/{a}/{caller}')).toEqual({
      ok: false,
      problem: 'The CRM template uses placeholders Ringside does not know: {a}.',
    });
  });

  it('does not read inherited properties as call data', () => {
    expect(expandCrmTemplate('https://x.example/?v={data.constructor}', { data: {} })).toEqual({
      ok: true,
      url: 'https://x.example/?v=',
    });
  });
});

describe('isOpenableCrmUrl', () => {
  it.each([
    ['https://crm.example/x', true],
    ['http://127.0.0.1:9/x', true],
    ['http://[::1]:9/x', true],
    ['http://10.0.0.1/x', false],
    ['file:///etc/passwd', false],
    ['javascript:alert(1)', false],
    ['data:text/html,hi', false],
    ['not a url', false],
    [`https://crm.example/?q=${'x'.repeat(MAX_CRM_URL_LENGTH)}`, false],
  ])('%s → %s', (url, expected) => {
    expect(isOpenableCrmUrl(url)).toBe(expected);
  });
});
