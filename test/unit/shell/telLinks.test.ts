import { describe, expect, it, vi } from 'vitest';
import type { DialRequestOutcome } from '../../../src-main/calls';
import { CallsError } from '../../../src-main/calls';
import { dialTextOf } from '../../../src-main/shared/tel';
import { findTelLink, LINK_RATE, LinkInbox, LinkRateLimit } from '../../../src-main/shell/telLinks';
import { confirmOutcome } from '../../fixtures/calls';
import { spyLogger } from '../../support/spyLogger';

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
  const clock = { time: 1_000_000, now: () => clock.time };
  const logger = spyLogger();
  const limit = new LinkRateLimit({ clock, logger });
  const attach = () => links.attach({ requestDial, feedback: { problem }, limit });
  return { links, requestDial, problem, clock, logger, attach };
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

describe('links arriving too fast', () => {
  it(`handles at most ${LINK_RATE.max} in ${LINK_RATE.perMs / 1000} s and drops the rest with one log line`, () => {
    const { links, requestDial, problem, clock, logger, attach } = inbox(async () => confirm);
    attach();
    for (let i = 0; i < 20; i++) links.receiveUrl(`tel:20${i % 10}`);
    links.receiveUrl('tel:<not a number>');
    expect(requestDial.mock.calls.map(([number]) => number)).toEqual(['200', '201', '202']);
    expect(problem).not.toHaveBeenCalled();
    expect(logger.warn).toHaveBeenCalledExactlyOnceWith(
      expect.stringMatching(/^links arrive too fast \(more than 3 in 10 s\): dropping them/),
    );

    // Still within the window: dropped, without another log line. Once it has passed, links get through
    // again, and the next burst is logged once more.
    clock.time += LINK_RATE.perMs - 1;
    links.receiveUrl('tel:301');
    clock.time += 1;
    for (let i = 2; i <= 5; i++) links.receiveUrl(`tel:30${i}`);
    expect(requestDial.mock.calls.map(([number]) => number)).toEqual([
      '200',
      '201',
      '202',
      '302',
      '303',
      '304',
    ]);
    expect(logger.warn).toHaveBeenCalledTimes(2);
  });

  it('counts refused links too, so a page cannot flood the notifications either', () => {
    const { links, problem, attach } = inbox(async () => confirm);
    attach();
    for (let i = 0; i < 10; i++) links.receiveUrl('tel:<script>');
    expect(problem).toHaveBeenCalledTimes(LINK_RATE.max);
  });
});

describe('ringside: links (a team server’s enrollment)', () => {
  const enrollment = 'ringside://enroll?server=https%3A%2F%2Fringside.example.com#token';

  it('are offered, never dialled: from open-url, from argv (on Windows after --), even while starting', () => {
    const { requestDial, problem, clock, logger } = inbox(async () => confirm);
    const offered = vi.fn();
    const links = new LinkInbox('win32');
    links.receiveUrl(enrollment);
    expect(links.receiveArgv(windowsArgv('--', enrollment))).toBe(true);
    // Before `--` Chromium may have read it as anything: not a link.
    expect(links.receiveArgv(windowsArgv(enrollment))).toBe(false);
    expect(links.receiveArgv(windowsArgv('--', `ringside://enroll?server=x#${'a'.repeat(3000)}`))).toBe(
      false,
    );
    links.attach({
      requestDial,
      offerTeamServerLink: offered,
      feedback: { problem },
      limit: new LinkRateLimit({ clock, logger }),
    });
    expect(offered.mock.calls).toEqual([[enrollment], [enrollment]]);
    expect(requestDial).not.toHaveBeenCalled();
    expect(problem).not.toHaveBeenCalled();
  });

  it('count towards the same rate limit as tel: links', () => {
    const { links, requestDial, problem, clock, logger } = inbox(async () => confirm);
    const offered = vi.fn();
    links.attach({
      requestDial,
      offerTeamServerLink: offered,
      feedback: { problem },
      limit: new LinkRateLimit({ clock, logger }),
    });
    for (let i = 0; i < 10; i++) links.receiveUrl(enrollment);
    links.receiveUrl('tel:200');
    expect(offered).toHaveBeenCalledTimes(LINK_RATE.max);
    expect(requestDial).not.toHaveBeenCalled();
  });
});
