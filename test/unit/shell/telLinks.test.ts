import { describe, expect, it, vi } from 'vitest';
import type { DialRequestOutcome } from '../../../src-main/calls';
import { CallsError } from '../../../src-main/calls';
import { dialTextOf, findTelLink, LinkInbox } from '../../../src-main/shell/telLinks';
import { confirmOutcome } from '../../fixtures/calls';

const windowsArgv = (...extra: string[]) => [
  'C:\\Program Files\\Ringside\\Ringside.exe',
  '--allow-file-access-from-files',
  '--original-process-start-time=13371337',
  ...extra,
];

describe('findTelLink', () => {
  it('finds the link wherever it sits in argv', () => {
    expect(findTelLink(windowsArgv('tel:+420777123456'))).toEqual({
      ok: true,
      link: 'tel:+420777123456',
      dial: '+420777123456',
    });
    expect(findTelLink(['/usr/bin/ringside', 'callto:+44 20 7946 0958', '--no-sandbox'])).toMatchObject({
      ok: true,
      dial: '+442079460958',
    });
    expect(findTelLink(['TEL:0777123456', '/usr/bin/ringside'])).toMatchObject({
      ok: true,
      dial: '0777123456',
    });
  });

  it('has nothing to say about argv without a link', () => {
    expect(findTelLink(['/usr/bin/ringside'])).toBeNull();
    expect(findTelLink(windowsArgv())).toBeNull();
    expect(findTelLink([])).toBeNull();
  });

  it('ignores flags, even ones that carry a link inside them', () => {
    expect(findTelLink(['ringside', '--gpu-launcher=tel:+420777123456'])).toBeNull();
    expect(findTelLink(['ringside', '--gpu-launcher=calc.exe', 'tel:201'])).toMatchObject({
      ok: true,
      dial: '201',
    });
    // An argument that only contains "tel:" somewhere is not a link either.
    expect(findTelLink(['ringside', 'https://example.com/?next=tel:+420777123456'])).toBeNull();
  });

  it('refuses a link that smuggles command-line options, with the reason', () => {
    const found = findTelLink(['ringside', 'tel:--gpu-launcher=calc.exe']);
    expect(found).toMatchObject({ ok: false, link: 'tel:--gpu-launcher=calc.exe' });
    expect(found?.ok === false && found.reason).toMatch(/starts with '-'/);
  });

  it('takes the first valid link when there are several, skipping refused ones', () => {
    expect(findTelLink(['ringside', 'tel:+420777123456', 'tel:+421905111222'])).toMatchObject({
      dial: '+420777123456',
    });
    expect(findTelLink(['ringside', 'tel:not-a-number', 'callto:+421905111222'])).toMatchObject({
      ok: true,
      dial: '+421905111222',
    });
    expect(findTelLink(['ringside', 'tel:abc', 'tel:<script>'])).toMatchObject({
      ok: false,
      link: 'tel:abc',
    });
  });
});

describe('dialTextOf', () => {
  it('dials a local number within a global phone-context, and keeps the extension for display only', () => {
    expect(dialTextOf({ ok: true, number: '79460958', context: '+4420' })).toBe('+442079460958');
    expect(dialTextOf({ ok: true, number: '+420777123456', extension: '12' })).toBe('+420777123456;ext=12');
    expect(dialTextOf({ ok: true, number: '201', context: 'pbx.example.com' })).toBe('201');
    // A trunk prefix cannot be combined with a country code: dialled as written.
    expect(dialTextOf({ ok: true, number: '0777123456', context: '+420' })).toBe('0777123456');
  });
});

function inbox(outcome: () => Promise<DialRequestOutcome>) {
  const links = new LinkInbox();
  const requestDial = vi.fn((_number: string, _source: 'link') => outcome());
  const problem = vi.fn();
  return { links, requestDial, problem, attach: () => links.attach(requestDial, { problem }) };
}

const confirm = confirmOutcome('link');

describe('LinkInbox', () => {
  it('holds links that arrive while Ringside starts, then asks to dial them in order', async () => {
    const { links, requestDial, attach } = inbox(async () => confirm);
    expect(links.receiveArgv(['ringside', 'tel:+420777123456'])).toBe(true);
    links.receiveUrl('callto:201');
    expect(requestDial).not.toHaveBeenCalled();
    attach();
    expect(requestDial.mock.calls).toEqual([
      ['+420777123456', 'link'],
      ['201', 'link'],
    ]);
  });

  it('says a refused link is refused, and why, without dialling', () => {
    const { links, requestDial, problem, attach } = inbox(async () => confirm);
    attach();
    expect(links.receiveArgv(['ringside', 'tel:+420<img src=x>'])).toBe(true);
    expect(requestDial).not.toHaveBeenCalled();
    expect(problem).toHaveBeenCalledExactlyOnceWith(
      'Ringside did not dial this link',
      expect.stringContaining(
        "The link was refused: the number contains characters not allowed in a phone number: '<'",
      ),
    );
  });

  it('reports a plain launch as no link', () => {
    const { links, problem, attach } = inbox(async () => confirm);
    attach();
    expect(links.receiveArgv(['ringside', '--enable-logging'])).toBe(false);
    expect(problem).not.toHaveBeenCalled();
  });

  it('passes on why the dial path refused or failed', async () => {
    const refused = inbox(async () => ({ status: 'refused', reason: 'There is no number to dial.' }));
    refused.attach();
    refused.links.receiveUrl('tel:201');
    await vi.waitFor(() =>
      expect(refused.problem).toHaveBeenCalledWith(
        'Ringside did not dial this link',
        'There is no number to dial.',
      ),
    );

    const failed = inbox(async () => {
      throw CallsError.notConnected();
    });
    failed.attach();
    failed.links.receiveUrl('tel:201');
    await vi.waitFor(() =>
      expect(failed.problem).toHaveBeenCalledWith(
        'Ringside could not dial this link',
        'Ringside is not connected to a PBX. Set one up in Settings.',
      ),
    );
  });
});
