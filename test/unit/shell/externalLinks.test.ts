/**
 * The one way Ringside opens a link in the OS browser (a team's CRM page): only https:, or http: to this
 * computer; anything else is refused before the OS sees it.
 */
import { describe, expect, it, vi } from 'vitest';
import { openExternalLink, RefusedExternalLink } from '../../../src-main/shell/externalLinks';

describe('openExternalLink', () => {
  it.each(['https://crm.example/call?id=1', 'http://127.0.0.1:8080/crm', 'http://localhost/crm'])(
    'opens %s',
    async (url) => {
      const open = vi.fn(async () => {});
      await openExternalLink(url, open);
      expect(open).toHaveBeenCalledExactlyOnceWith(url);
    },
  );

  it.each([
    'javascript:alert(1)',
    'file:///etc/passwd',
    'http://crm.example/call',
    'ms-settings:',
    'smb://server/share',
    'https://user:secret@crm.example/',
    'not a url',
  ])('refuses %s without asking the OS', async (url) => {
    const open = vi.fn(async () => {});
    await expect(openExternalLink(url, open)).rejects.toBeInstanceOf(RefusedExternalLink);
    expect(open).not.toHaveBeenCalled();
  });
});
