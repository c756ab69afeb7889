/** "This computer" for http: links (the PBX URL, CRM pages): one rule for both. */
import { describe, expect, it } from 'vitest';
import { isLoopbackHost } from '../../../src-main/shared/loopback';

describe('isLoopbackHost', () => {
  it.each(['localhost', 'LOCALHOST', 'crm.localhost', '127.0.0.1', '127.1.2.3', '::1', '[::1]'])(
    'counts %s as this computer',
    (host) => expect(isLoopbackHost(host)).toBe(true),
  );

  it.each(['crm.example', 'localhost.example', '128.0.0.1', '10.0.0.1', '::2', '127.0.0.1.example', ''])(
    'does not count %s',
    (host) => expect(isLoopbackHost(host)).toBe(false),
  );
});
