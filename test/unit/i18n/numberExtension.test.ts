/**
 * A number's extension is written in the language in use ("ext. 45", "kl. 45"), as the number is read: the
 * dial preview and a link's confirmation show it so.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { setActiveLocale } from '../../../src-main/shared/i18n';
import { normalizeNumber } from '../../../src-main/shared/numbers';

afterEach(() => setActiveLocale('en'));

describe('a number with an extension', () => {
  it('is written with the extension in English, Czech and Slovak', () => {
    expect(normalizeNumber('+1 212 555 0123 ext. 45', 'CZ')?.display).toBe('+1 212 555 0123 ext. 45');
    setActiveLocale('cs');
    expect(normalizeNumber('+1 212 555 0123 ext. 45', 'CZ')).toMatchObject({
      display: '+1 212 555 0123, kl. 45',
      extension: '45',
    });
    setActiveLocale('sk');
    expect(normalizeNumber('02 5443 5678 kl. 12', 'SK')?.display).toMatch(/, kl\. 12$/);
    expect(normalizeNumber('201 ext. 3', 'CZ')?.display).toBe('201, kl. 3');
  });
});
