import { describe, expect, test } from 'vitest';
import { MAX_TEL_URI_LENGTH, parseTelUri } from '../../../src-main/shared/tel';

/** [link, exactly what a caller gets] for links that must dial. */
const accepted: Array<[string, { number: string; extension?: string; context?: string }]> = [
  // RFC 3966 global numbers and visual separators
  ['tel:+1-201-555-0123', { number: '+12015550123' }],
  ['tel:+420777123456', { number: '+420777123456' }],
  ['tel:+1.201.555.0123', { number: '+12015550123' }],
  ['tel:+1(201)555-0123', { number: '+12015550123' }],
  ['tel:+-1-(201)-555-0123', { number: '+12015550123' }],
  ['tel:112', { number: '112' }],
  // case-insensitive scheme and parameter names
  ['TEL:+420777123456', { number: '+420777123456' }],
  ['Tel:+420777123456;EXT=12', { number: '+420777123456', extension: '12' }],
  // ;ext=
  ['tel:+1-201-555-0123;ext=1234', { number: '+12015550123', extension: '1234' }],
  ['tel:+1-201-555-0123;ext=12-34', { number: '+12015550123', extension: '1234' }],
  ['tel:+1-201-555-0123;ext=%31%32', { number: '+12015550123', extension: '12' }],
  // ;isub= is checked and never dialled
  ['tel:+1-201-555-0123;isub=1134', { number: '+12015550123' }],
  ['tel:+1-201-555-0123;isub=%31%32;ext=7', { number: '+12015550123', extension: '7' }],
  // local numbers with phone-context (a +number or a domain name)
  ['tel:7042;phone-context=example.com', { number: '7042', context: 'example.com' }],
  ['tel:7042;phone-context=Example.COM.', { number: '7042', context: 'example.com' }],
  ['tel:7042;phone-context=a-b.x1.example', { number: '7042', context: 'a-b.x1.example' }],
  ['tel:863-1234;phone-context=+1-914-555', { number: '8631234', context: '+1914555' }],
  ['tel:1234;ext=5;Phone-Context=+420', { number: '1234', extension: '5', context: '+420' }],
  // the dial model's bounds: 15 digits (with a +number phone-context), an extension of 8
  ['tel:+123456789012345', { number: '+123456789012345' }],
  ['tel:123456789012345', { number: '123456789012345' }],
  ['tel:123456789012;phone-context=+420', { number: '123456789012', context: '+420' }],
  ['tel:+420777123456;ext=12345678', { number: '+420777123456', extension: '12345678' }],
  // other well-formed parameters are ignored
  ['tel:+1-201-555-0123;npdi;rn=+1-201-555-0000', { number: '+12015550123' }],
  ['tel:+1-201-555-0123;tgrp=tg-1;trunk-context=example.com', { number: '+12015550123' }],
  ['tel:+1-201-555-0123;foo=a%20b%24', { number: '+12015550123' }],
  // what links in the wild do: national numbers without phone-context, spaces
  ['tel:0777123456', { number: '0777123456' }],
  ['tel:+44 20 7946 0958', { number: '+442079460958' }],
  ['tel:+44%2020%207946%200958', { number: '+442079460958' }],
  ['tel:+ 420 777 123 456', { number: '+420777123456' }],
  ['tel:%2B420777123456', { number: '+420777123456' }],
  ['tel:%2b420777123456', { number: '+420777123456' }],
  // tel:// is tolerated
  ['tel://+420777123456', { number: '+420777123456' }],
  // callto:
  ['callto:+420777123456', { number: '+420777123456' }],
  ['callto://+420777123456', { number: '+420777123456' }],
  ['callto://+420777123456/', { number: '+420777123456' }],
  ['callto:0777123456', { number: '0777123456' }],
  ['CallTo:+420 777 123 456', { number: '+420777123456' }],
];

/** [link, part of the reason the user sees] for links that must be refused. */
const refused: Array<[string, string]> = [
  // not a tel: link at all
  ['', 'not a tel: or callto: link'],
  ['--gpu-launcher=/bin/sh', 'not a tel: or callto: link'],
  ['--inspect=9229', 'not a tel: or callto: link'],
  ['https://example.com/tel:+1', 'not a tel: or callto: link'],
  ['sip:alice@example.com', 'not a tel: or callto: link'],
  [' tel:+420777123456', 'not a tel: or callto: link'],
  ['tel', 'not a tel: or callto: link'],
  ['telephone:+420777123456', 'not a tel: or callto: link'],
  ['ｔｅｌ:+420777123456', 'not a tel: or callto: link'],
  // no digits
  ['tel:', 'the number has no digits'],
  ['tel:+', 'the number has no digits'],
  ['tel:(.)', 'the number has no digits'],
  ['tel:*#', "'*' and '#' (PBX feature codes) are dialled from the dial pad only, not from a link"],
  ['tel:;ext=1', 'the number has no digits'],
  // argument injection
  ['tel:--foo', "the number starts with '-'"],
  ['tel:-1', "the number starts with '-'"],
  ['callto:--gpu-launcher=x', "the number starts with '-'"],
  ['tel:+1;--inspect', "a parameter name starts with '-'"],
  ['tel:+1;--inspect=9229', "a parameter name starts with '-'"],
  ['tel:+1 --inspect', "contains characters not allowed in a phone number: 'i'"],
  ['tel:+1\n--inspect', 'U+000A (line feed)'],
  ['tel:+1\r\n', 'U+000D (carriage return)'],
  ['tel:+1\t2', 'U+0009 (tab)'],
  ['tel:+1\0', 'U+0000 (NUL)'],
  ['tel:+1%00', 'the number contains a %-encoded control character: U+0000 (NUL)'],
  ['tel:+1%0A--inspect', 'the number contains a %-encoded control character: U+000A (line feed)'],
  ['tel:+1;x=%00', "the parameter 'x' contains a %-encoded control character: U+0000 (NUL)"],
  // shell metacharacters and quotes
  ['tel:+1<script>', "contains characters not allowed in a phone number: '<'"],
  ['tel:+1"', `contains characters not allowed in a phone number: '"'`],
  ["tel:+1'", "contains characters not allowed in a phone number: '''"],
  ['tel:+1`id`', "contains characters not allowed in a phone number: '`'"],
  ['tel:+1$(reboot)', "contains characters not allowed in a phone number: '$'"],
  ['tel:+1|sh', "contains characters not allowed in a phone number: '|'"],
  ['tel:+1&calc', "contains characters not allowed in a phone number: '&'"],
  ['tel:+1\\', "contains characters not allowed in a phone number: '\\'"],
  ['tel:+1;x=$(reboot)', "the parameter 'x' contains characters not allowed: '$'"],
  ["tel:+1;x='a'", "the parameter 'x' contains characters not allowed: '''"],
  ['tel:+1;x=a b', "the parameter 'x' contains characters not allowed: U+0020 (space)"],
  ['tel:+1;x=a=b', "the parameter 'x' contains characters not allowed: '='"],
  ['tel:+1;isub=$x', "the parameter 'isub' contains characters not allowed: '$'"],
  // other URI parts and old-style dial strings
  ['tel:+1-201-555-0123?call', "'?'"],
  ['tel:+1-201-555-0123@evil.example', "'@'"],
  ['tel:+1,,123', "','"],
  ['tel:+1%2C123', "','"],
  ['tel:+1%3Bext=2', "';'"],
  ['tel:///+420777123456', "'/'"],
  ['callto:+420 777/123', "'/'"],
  // letters: vanity numbers, hex digits, Skype names
  ['tel:1-800-FLOWERS', "contains characters not allowed in a phone number: 'F'"],
  ['tel:ABCD', "contains characters not allowed in a phone number: 'A'"],
  ['callto:someone', 'callto: links with a user name (Skype style) are not supported'],
  ['callto://someone', 'callto: links with a user name (Skype style) are not supported'],
  ['callto:live:someone', 'callto: links with a user name (Skype style) are not supported'],
  ['callto:+1someone', 'callto: links with a user name (Skype style) are not supported'],
  // unicode digits, homoglyphs, bidi marks
  ['tel:+١٢٣٤٥', 'U+0661'],
  ['tel:+۴۲۰777123456', 'U+06F4'],
  ['tel:+４２０777123456', 'U+FF14'],
  ['tel:＋420777123456', 'U+FF0B'],
  ['tel:+42O777123456', "'O'"],
  ['tel:+420\u200F777123456', 'U+200F'],
  ['tel:\u202E+420777123456', 'U+202E'],
  ['tel:+420\u00A0777', 'U+00A0'],
  ['tel:+420%C2%A0777', "'%C2'"],
  ['tel:+420\u{1D7CE}', 'U+1D7CE'],
  ['tel:+420\uD800', 'U+D800'],
  // * and # are feature codes, for the dial pad only; %23 is no extension either
  ['tel:+1*23', "'*' and '#' (PBX feature codes) are dialled from the dial pad only"],
  ['tel:+1%23', "'*' and '#' (PBX feature codes) are dialled from the dial pad only"],
  ['tel:*31#1234;phone-context=+420', "'*' and '#' (PBX feature codes) are dialled from the dial pad only"],
  ['tel:%2A31%231234', "'*' and '#' (PBX feature codes) are dialled from the dial pad only"],
  ['tel:123%23456', "'*' and '#' (PBX feature codes) are dialled from the dial pad only"],
  ['tel:#31#', "'*' and '#' (PBX feature codes) are dialled from the dial pad only"],
  // more digits than a phone number has (E.164: 15), a longer extension than the directory keeps (8)
  ['tel:+1234567890123456', 'the number has more than 15 digits, the most a phone number has'],
  ['tel:1234567890123456', 'the number has more than 15 digits'],
  [`tel:${'1'.repeat(250)}`, 'the number has more than 15 digits'],
  ['tel:1234567890123;phone-context=+420', 'the number has more than 15 digits'],
  ['tel:+420777123456;ext=123456789', 'the extension has more than 8 digits'],
  // + placement
  ['tel:12+34', "'+' is only allowed at the start of the number"],
  ['tel:++1', "'+' is only allowed at the start of the number"],
  // percent-escapes
  ['tel:+1%', 'the number contains an invalid %-escape'],
  ['tel:+1%2', 'the number contains an invalid %-escape'],
  ['tel:+1%zz', 'the number contains an invalid %-escape'],
  ['tel:+1;ext=%G1', 'the extension contains an invalid %-escape'],
  ['tel:+1;x=%', "the parameter 'x' contains an invalid %-escape"],
  // extension
  ['tel:+1;ext=', "the parameter 'ext' needs a value"],
  ['tel:+1;ext', "the parameter 'ext' needs a value"],
  ['tel:+1;ext=abc', "the extension contains characters not allowed in a phone number: 'a'"],
  ['tel:+1;ext=*1', "the extension contains characters not allowed in a phone number: '*'"],
  ['tel:+1;ext=-', 'the extension has no digits'],
  ['tel:+1;ext=1;EXT=2', "the parameter 'ext' appears more than once"],
  ['tel:+1;isub', "the parameter 'isub' needs a value"],
  // parameter syntax
  ['tel:+1;', 'empty parameter'],
  ['tel:+1;;ext=2', 'empty parameter'],
  ['tel:+1;=x', 'empty parameter'],
  ['tel:+1; ext=1', 'a parameter name contains characters not allowed: U+0020 (space)'],
  ['tel:+1;p@ram=1', "a parameter name contains characters not allowed: '@'"],
  ['tel:+1;npdi;npdi', "the parameter 'npdi' appears more than once"],
  // phone-context
  ['tel:+1-201-555-0123;phone-context=+1', 'phone-context is only allowed with a local number'],
  ['tel:7042;phone-context=', "the parameter 'phone-context' needs a value"],
  ['tel:7042;phone-context=exa_mple.com', "not allowed in a domain name: '_'"],
  ['tel:7042;phone-context=-example.com', 'the phone-context is neither a +number nor a domain name'],
  ['tel:7042;phone-context=example-.com', 'the phone-context is neither a +number nor a domain name'],
  ['tel:7042;phone-context=example.123', 'the phone-context is neither a +number nor a domain name'],
  ['tel:7042;phone-context=example..com', 'the phone-context is neither a +number nor a domain name'],
  ['tel:7042;phone-context=.', 'the phone-context is neither a +number nor a domain name'],
  ['tel:7042;phone-context=+', 'the phone-context has no digits'],
  [
    'tel:7042;phone-context=+44 20',
    'the phone-context contains characters not allowed in a phone number: U+0020',
  ],
  ['tel:7042;phone-context=%2B44', "not allowed in a domain name: '%'"],
  ['tel:7042;phone-context=+44;phone-context=+45', "the parameter 'phone-context' appears more than once"],
];

describe('parseTelUri accepts', () => {
  test.each(accepted)('%j', (link, expected) => {
    expect(parseTelUri(link)).toStrictEqual({ ok: true, ...expected });
  });
});

describe('parseTelUri refuses', () => {
  test.each(refused)('%j', (link, reason) => {
    const result = parseTelUri(link);
    expect(result.ok).toBe(false);
    expect(result.ok ? '' : result.reason).toContain(reason);
  });
});

describe('parseTelUri length limit', () => {
  const padTo = (length: number) =>
    `tel:+420777123456;x=${'a'.repeat(length - 'tel:+420777123456;x='.length)}`;

  test(`accepts a link of exactly ${MAX_TEL_URI_LENGTH} characters`, () => {
    expect(parseTelUri(padTo(MAX_TEL_URI_LENGTH))).toStrictEqual({ ok: true, number: '+420777123456' });
  });

  test.each([
    ['one character too long', padTo(MAX_TEL_URI_LENGTH + 1)],
    ['a million digits', `tel:+${'1'.repeat(1_000_000)}`],
    ['a long hostile tail', `tel:+1${'\0<'.repeat(5000)}`],
  ])('refuses %s', (_name, link) => {
    expect(parseTelUri(link)).toStrictEqual({ ok: false, reason: 'link is longer than 256 characters' });
  });
});

test('refuses a value that is not a string (the IPC boundary is untrusted)', () => {
  for (const value of [undefined, null, 42, { toString: () => 'tel:+1' }]) {
    expect(parseTelUri(value as unknown as string)).toStrictEqual({
      ok: false,
      reason: 'not a tel: or callto: link',
    });
  }
});

test('reasons never echo control or non-ASCII characters from the link', () => {
  for (const link of ['tel:+1\u202E', 'tel:+1\u0007', 'tel:+1\u200F;x=1', 'tel:7;phone-context=\u0430.com']) {
    const result = parseTelUri(link);
    expect(result.ok ? '' : result.reason).toMatch(/^[\x20-\x7e]+$/);
  }
});
