/** A long address wraps between its parts, never mid-word (lib/addressBreaks.ts, shown by NumberLine). */
import { render } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import NumberLine from '../../src-renderer/components/NumberLine.svelte';
import { addressParts } from '../../src-renderer/lib/addressBreaks';

describe('addressParts', () => {
  it('breaks an e-mail address before the @ and the domain’s dots only', () => {
    expect(addressParts('jana.novakova42@seznam.cz')).toEqual(['jana.novakova42', '@seznam', '.cz']);
  });

  it('breaks a web address between host labels and after each / of the path', () => {
    expect(addressParts('https://www.novak.cz/kontakt/praha')).toEqual([
      'https://www',
      '.novak',
      '.cz/',
      'kontakt/',
      'praha',
    ]);
  });

  it('leaves numbers and other text whole', () => {
    expect(addressParts('+420 777 123 456')).toEqual(['+420 777 123 456']);
    expect(addressParts('Skype: jana.novak')).toEqual(['Skype: jana.novak']);
    expect(addressParts('201')).toEqual(['201']);
  });

  it('keeps every character, in order', () => {
    for (const text of ['a@b', '@x.y', 'x.y@', 'http://a/', 'ftp://h.cz/a/b.txt'])
      expect(addressParts(text).join('')).toBe(text);
  });
});

describe('a contact line', () => {
  it('offers the address’s break points to the browser, and reads as the whole address', () => {
    const { container } = render(NumberLine, {
      label: 'private',
      display: 'jana.novakova42@seznam.cz',
      dial: null,
      onDial: () => {},
    });
    const value = container.querySelector('.value')!;
    expect(value.querySelectorAll('wbr')).toHaveLength(2);
    expect(value.textContent).toBe('jana.novakova42@seznam.cz');
  });
});
