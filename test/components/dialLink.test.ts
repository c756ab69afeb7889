/** `?dial=` as the browser hands a `tel:` link to the browser host's page (registerProtocolHandler). */
import { describe, expect, it, vi } from 'vitest';
import {
  canOpenTelLinks,
  offerToOpenTelLinks,
  readDialLink,
  withoutDialLink,
} from '../../src-renderer/lib/browser/dialLink';

const query = (link: string) => `?dial=${encodeURIComponent(link)}`;

describe('a tel: link opened in the page', () => {
  it('is read as the desktop reads a link: context, extension, separators', () => {
    expect(readDialLink(query('tel:+420-777-123-456'))).toEqual({ ok: true, dial: '+420777123456' });
    expect(readDialLink(query('tel:79460958;phone-context=+4420'))).toEqual({
      ok: true,
      dial: '+442079460958',
    });
    expect(readDialLink(query('tel:+420777123456;ext=12'))).toEqual({
      ok: true,
      dial: '+420777123456;ext=12',
    });
    expect(readDialLink(query('callto:+420777123456'))).toEqual({ ok: true, dial: '+420777123456' });
    // A bare number is read as a tel: link.
    expect(readDialLink('?dial=%2B420777123456')).toEqual({ ok: true, dial: '+420777123456' });
  });

  it('refuses what is not a phone link, and is absent without ?dial=', () => {
    expect(readDialLink(query('javascript:alert(1)'))).toMatchObject({ ok: false });
    expect(readDialLink(query('tel:-rf'))).toMatchObject({ ok: false });
    expect(readDialLink(query(`tel:+420${'1'.repeat(300)}`))).toMatchObject({ ok: false });
    expect(readDialLink('?token=abc')).toBeNull();
    expect(readDialLink('')).toBeNull();
  });

  it('is dropped from the address, keeping the rest', () => {
    expect(withoutDialLink('http://127.0.0.1:5000/?dial=tel%3A201&x=1#/calls')).toBe(
      'http://127.0.0.1:5000/?x=1#/calls',
    );
    expect(withoutDialLink('http://127.0.0.1:5000/?dial=tel%3A201')).toBe('http://127.0.0.1:5000/');
  });

  it('is offered to the browser as this origin’s handler for tel:', () => {
    const registerProtocolHandler = vi.fn();
    const fakeNavigator = { registerProtocolHandler } as unknown as Navigator;
    expect(canOpenTelLinks(fakeNavigator)).toBe(true);
    expect(canOpenTelLinks({})).toBe(false);
    offerToOpenTelLinks('http://127.0.0.1:5000', fakeNavigator);
    expect(registerProtocolHandler).toHaveBeenCalledExactlyOnceWith('tel', 'http://127.0.0.1:5000/?dial=%s');
  });
});
