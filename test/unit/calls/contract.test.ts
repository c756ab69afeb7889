import { describe, expect, it } from 'vitest';
import { commandTable } from '../../../src-main/shared/contract';

describe('the calls commands check what the renderer sends', () => {
  it('accepts a dial with data and every surface as its source', () => {
    for (const source of ['dialpad', 'directory', 'history', 'tray', 'link', 'shortcut']) {
      expect(commandTable['calls:dial'].args.safeParse({ number: '+420 777 123 456', source }).success).toBe(
        true,
      );
    }
    const withData = { number: '201', source: 'directory', data: { crm: { id: 7, tags: ['vip'] } } };
    expect(commandTable['calls:dial'].args.parse(withData)).toEqual(withData);
  });

  it.each([
    ['an unknown source', { number: '201', source: 'web-page' }],
    ['a number longer than 256 characters', { number: '1'.repeat(257), source: 'dialpad' }],
    ['data of more than 8 KB', { number: '201', source: 'dialpad', data: { note: 'x'.repeat(9000) } }],
    ['data that is not JSON', { number: '201', source: 'dialpad', data: { when: new Date() } }],
    ['an extra field', { number: '201', source: 'dialpad', confirmed: true }],
  ])('refuses a dial with %s', (_what, args) => {
    expect(commandTable['calls:dial'].args.safeParse(args).success).toBe(false);
  });

  it('accepts only known actions on a well-formed uniqueid', () => {
    const control = commandTable['calls:control'].args;
    expect(control.safeParse({ uniqueid: '1700000000.42', action: 'hold' }).success).toBe(true);
    expect(control.safeParse({ uniqueid: '1700000000.42', action: 'transfer' }).success).toBe(false);
    expect(control.safeParse({ uniqueid: '../../call', action: 'hangup' }).success).toBe(false);
  });

  it('bounds the dial pad preview input', () => {
    expect(commandTable['dial:resolve'].args.safeParse({ raw: '' }).success).toBe(true);
    expect(commandTable['dial:resolve'].args.safeParse({ raw: 'x'.repeat(257) }).success).toBe(false);
    expect(commandTable['calls:list'].args.safeParse(undefined).success).toBe(true);
    expect(commandTable['dial:recent'].args.safeParse(undefined).success).toBe(true);
  });
});
