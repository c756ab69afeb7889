import { describe, expect, it } from 'vitest';
import { commandArgs } from '../../../src-main/shared/contract';

describe('the calls commands check what the renderer sends', () => {
  it('accepts a dial with data and every surface as its source', () => {
    for (const source of ['dialpad', 'directory', 'history', 'tray', 'link', 'shortcut']) {
      expect(commandArgs['calls:dial'].safeParse({ number: '+420 777 123 456', source }).success).toBe(true);
    }
    const withData = { number: '201', source: 'directory', data: { crm: { id: 7, tags: ['vip'] } } };
    expect(commandArgs['calls:dial'].parse(withData)).toEqual(withData);
  });

  it.each([
    ['an unknown source', { number: '201', source: 'web-page' }],
    ['a number longer than 256 characters', { number: '1'.repeat(257), source: 'dialpad' }],
    ['data of more than 8 KB', { number: '201', source: 'dialpad', data: { note: 'x'.repeat(9000) } }],
    ['data that is not JSON', { number: '201', source: 'dialpad', data: { when: new Date() } }],
    ['an extra field', { number: '201', source: 'dialpad', confirmed: true }],
  ])('refuses a dial with %s', (_what, args) => {
    expect(commandArgs['calls:dial'].safeParse(args).success).toBe(false);
  });

  it('accepts only known actions on a well-formed uniqueid', () => {
    const control = commandArgs['calls:control'];
    expect(control.safeParse({ uniqueid: '1700000000.42', action: 'hold' }).success).toBe(true);
    expect(control.safeParse({ uniqueid: '1700000000.42', action: 'transfer' }).success).toBe(false);
    expect(control.safeParse({ uniqueid: '../../call', action: 'hangup' }).success).toBe(false);
  });

  it('bounds the dial pad preview input', () => {
    expect(commandArgs['dial:resolve'].safeParse({ raw: '' }).success).toBe(true);
    expect(commandArgs['dial:resolve'].safeParse({ raw: 'x'.repeat(257) }).success).toBe(false);
    expect(commandArgs['calls:list'].safeParse(undefined).success).toBe(true);
    expect(commandArgs['dial:recent'].safeParse(undefined).success).toBe(true);
  });
});
