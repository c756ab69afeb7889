/**
 * Errors as the agent reads them: every code main can report has the renderer's own headline, main's
 * sentence follows as detail where it tells more, and the Problem component shows both.
 */
import '@testing-library/jest-dom/vitest';
import { render, screen } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import { ErrorCodeSchema } from '../../src-main/shared/contract';
import Problem from '../../src-renderer/components/Problem.svelte';
import {
  describeError,
  errorTitle,
  fieldMessage,
  genericErrorTitle,
  hostLinkLostTitle,
} from '../../src-renderer/lib/errors';
import { CommandError } from '../../src-renderer/lib/ringside';
import {
  HOST_LINK_PARAMS,
  lostInvokeMessage,
  WsTransport,
} from '../../src-renderer/lib/transport/wsTransport';
import { socketFactory } from './fakeSocket';

describe('describeError', () => {
  it.each(ErrorCodeSchema.options)('words %s with a headline of its own', (code) => {
    const { title } = describeError(new CommandError(code, 'Main says why.'));
    expect(title).toBe(errorTitle(code));
    expect(title.trim()).not.toBe('');
    expect(title).not.toBe(genericErrorTitle());
  });

  it('gives no two codes the same headline', () => {
    const titles = ErrorCodeSchema.options.map((code) => errorTitle(code));
    expect(new Set(titles).size).toBe(titles.length);
  });

  it('keeps main’s sentence as the detail, unless it says nothing more', () => {
    expect(describeError(new CommandError('network-error', 'pbx.example.com did not answer.'))).toEqual({
      title: 'The PBX could not be reached.',
      detail: 'pbx.example.com did not answer.',
    });
    expect(describeError(new CommandError('timeout', '  '))).toEqual({ title: errorTitle('timeout') });
    expect(describeError(new CommandError('internal', errorTitle('internal')))).toEqual({
      title: errorTitle('internal'),
    });
  });

  it('says a dropped link between the page and Ringside as that, not as an unreachable PBX', () => {
    const lost = new CommandError('network-error', lostInvokeMessage(), HOST_LINK_PARAMS);
    expect(describeError(lost)).toEqual({ title: hostLinkLostTitle(), detail: lostInvokeMessage() });
    expect(hostLinkLostTitle()).not.toBe(errorTitle('network-error'));
    // Only the transport's own marker changes the headline: a PBX failure with other params does not.
    expect(describeError(new CommandError('network-error', '', { transport: 'pbx' }))).toEqual({
      title: errorTitle('network-error'),
    });
  });

  it('says a command the page lost mid-way with the host-link headline, end to end', async () => {
    const { sockets, create } = socketFactory();
    const transport = new WsTransport({ url: 'ws://127.0.0.1:4321/ws', createSocket: create }).start();
    sockets[0]!.accept();
    const lost = transport.invoke('calls:dial', { number: '201', source: 'dialpad' });
    sockets[0]!.drop();
    const result = await lost;
    transport.dispose();
    if (result.ok) throw new Error('the dropped invoke succeeded');
    const { code, message, params } = result.error;
    expect(describeError(new CommandError(code, message, params)).title).toBe(hostLinkLostTitle());
  });

  it('says anything that is not main’s coded error generically, with its message as detail', () => {
    expect(describeError(new TypeError('x is undefined'))).toEqual({
      title: genericErrorTitle(),
      detail: 'x is undefined',
    });
    expect(describeError('thrown text')).toEqual({ title: genericErrorTitle(), detail: 'thrown text' });
    expect(describeError(undefined)).toEqual({ title: genericErrorTitle() });
  });

  it('gives a field main’s own sentence about it', () => {
    expect(fieldMessage(new CommandError('invalid-argument', 'The file holds no certificate.'))).toBe(
      'The file holds no certificate.',
    );
    expect(fieldMessage(new CommandError('timeout', ''))).toBe(errorTitle('timeout'));
  });
});

describe('Problem', () => {
  it('announces a failure: what failed, the headline, then main’s sentence', () => {
    render(Problem, {
      lead: 'Not saved',
      error: describeError(new CommandError('cache-full', 'No space left on the disk.')),
    });
    expect(screen.getByRole('alert')).toHaveTextContent(
      `Not saved: ${errorTitle('cache-full')} No space left on the disk.`,
    );
  });

  it('shows a sentence of the renderer’s own, and stays quiet where a field names it', () => {
    render(Problem, { error: 'The start date is after the end date.', id: 'range', announce: false });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(document.getElementById('range')?.textContent?.trim()).toBe(
      'The start date is after the end date.',
    );
  });
});
