import '@testing-library/jest-dom/vitest';
import { render, screen, waitFor, within } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import type { CallReview, HistoryItem } from '../../src-main/shared/contract';
import { contrastRatio } from '../../src-renderer/lib/reviewText';
import { RedialState } from '../../src-renderer/lib/state/history.svelte';
import ReviewView from '../../src-renderer/views/ReviewView.svelte';
import { installFakeRingside, ok } from './fakeRingside';
import { janaCall, review, segment } from './historyFixtures';

function show(answer: () => CallReview, focus: Parameters<typeof render>[1] = {}) {
  const fake = installFakeRingside({
    'review:get': () => ok(answer()),
    'history:markSeen': () => ok({ missedUnseen: 0 }),
  });
  const wrapUps: { uniqueid: string; call: HistoryItem | null }[] = [];
  render(ReviewView, {
    uniqueid: janaCall.uniqueid,
    redial: new RedialState(),
    onWrapUp: (uniqueid: string, call: HistoryItem | null) => wrapUps.push({ uniqueid, call }),
    ...focus,
  });
  return { fake, wrapUps };
}

const part = (name: string) => screen.getByRole('region', { name });

describe('the call review', () => {
  it('shows every part the agent may see', async () => {
    show(() => review());
    expect(await screen.findByRole('heading', { level: 1, name: 'Jana Nováková' })).toBeVisible();
    expect(part('Summary')).toHaveTextContent('The customer asked about the March invoice.');
    expect(part('Call')).toHaveTextContent('Ringing 0:05');
    expect(part('Call')).toHaveTextContent('Talking 0:40');
    expect(part('Call')).toHaveTextContent('Ended because normal clearing (16)');
    expect(part('Call')).toHaveTextContent('Recorded (0:40)');
    expect(part('Call')).toHaveTextContent('Price 0.42');
    expect(
      within(part('Path'))
        .getAllByRole('listitem')
        .map((step) => step.textContent),
    ).toEqual([
      expect.stringContaining('Entered the PBX'),
      expect.stringContaining('Queued'),
      expect.stringContaining('Rang a phone'),
    ]);
    const queueRow = within(part('Queues')).getByRole('row', { name: /Support/ });
    expect(queueRow).toHaveTextContent('Petra Svobodová');
    expect(queueRow).toHaveTextContent('Met (20 s)');
    expect(within(part('Rating')).getByText('4 of 5')).toBeVisible();
    expect(part('Rating')).toHaveTextContent('Polite and quick.');
    expect(part('Sentiment')).toHaveTextContent('50% positive, 30% neutral, 20% negative · 4 of 5');
    expect(part('Metadata')).toHaveTextContent('crm_case C-1042');
    expect(part('More detail (version 2)')).toHaveTextContent(
      'This PBX does not offer the version-2 detail.',
    );
  });

  it('colours tags with readable text', async () => {
    show(() => review());
    const tags = within(await screen.findByRole('list', { name: 'Tags' })).getAllByRole('listitem');
    expect(tags.map((tag) => tag.textContent?.trim())).toEqual(['VIP', 'Complaint', 'Tag 3']);
    for (const tag of tags.slice(0, 2)) {
      const background = tag.style.backgroundColor;
      const text = tag.style.color;
      expect(background).not.toBe('');
      const hex = (rgb: string) =>
        '#' +
        rgb
          .match(/\d+/g)!
          .slice(0, 3)
          .map((value) => Number(value).toString(16).padStart(2, '0'))
          .join('');
      expect(contrastRatio(hex(background), hex(text))).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('shows the transcript as a conversation, agent on the right, each segment with its sentiment', async () => {
    show(() => review());
    const transcript = await screen.findByRole('list', { name: 'Transcript' });
    const segments = within(transcript).getAllByRole('listitem');
    expect(segments.map((item) => item.classList.contains('agent'))).toEqual([false, true, false, true]);
    expect(segments[0]).toHaveAttribute('data-tone', 'slightly-negative');
    expect(segments[0]).toHaveTextContent('Jana Nováková');
    expect(segments[0]).toHaveTextContent('slightly negative (2 of 5)');
    expect(segments[3]).toHaveAttribute('data-tone', 'positive');
    expect(segments[1]).toHaveTextContent('You');
    expect(
      screen.getByRole('img', { name: /^Sentiment over the call\. Jana Nováková: from 2 to 3 of 5/ }),
    ).toBeVisible();
  });

  it('hides the parts the agent may not see, saying so where they would be', async () => {
    show(() =>
      review({
        transcript: { status: 'not-permitted' },
        summary: { status: 'not-permitted' },
        sentiment: { status: 'not-permitted' },
      }),
    );
    await screen.findByRole('heading', { level: 1, name: 'Jana Nováková' });
    for (const name of ['Summary', 'Transcript', 'Sentiment']) {
      expect(part(name)).toHaveTextContent('Not permitted for your role');
      expect(part(name)).not.toHaveTextContent('invoice');
    }
    expect(screen.queryByRole('list', { name: 'Transcript' })).toBeNull();
    expect(within(part('Rating')).getByText('4 of 5')).toBeVisible();
  });

  it('says the transcript is being prepared, then shows it when main says the review was updated', async () => {
    let current = review({
      fetch: { ...review().fetch, state: 'transcribing', transcriptionStatus: 2 },
      transcript: { status: 'pending' },
      summary: { status: 'pending' },
    });
    const { fake } = show(() => current);
    expect(await screen.findByText('Transcript being prepared…')).toBeVisible();
    expect(screen.getByText(/The PBX is still transcribing this call/)).toBeVisible();
    current = review();
    fake.emit('review:updated', { uniqueid: '1.1' }); // another call: nothing to do
    fake.emit('review:updated', { uniqueid: janaCall.uniqueid });
    expect(await screen.findByRole('list', { name: 'Transcript' })).toBeVisible();
    expect(screen.queryByText('Transcript being prepared…')).toBeNull();
    expect(part('Summary')).toHaveTextContent('March invoice');
  });

  it('shows hostile transcript text as text', async () => {
    const hostile = '<img src=x onerror="window.pwned=1"><script>window.pwned=2</script>';
    show(() =>
      review({
        transcript: {
          status: 'shown',
          value: { channels: 2, segments: [segment(0, 0, hostile, 1), segment(1, 0, '<b>bold?</b>', 5)] },
        },
        summary: { status: 'shown', value: '<a href="javascript:alert(1)">click</a>' },
      }),
    );
    const transcript = await screen.findByRole('list', { name: 'Transcript' });
    expect(transcript).toHaveTextContent(hostile);
    expect(transcript).toHaveTextContent('<b>bold?</b>');
    expect(transcript.querySelector('img, script, b')).toBeNull();
    expect(part('Summary').querySelector('a')).toBeNull();
    expect((window as { pwned?: number }).pwned).toBeUndefined();
  });

  it('opens at a search hit: that segment is focused and highlighted', async () => {
    show(() => review(), { focus: { kind: 'segment', channel: 1, index: 1 } });
    await waitFor(() => expect(document.activeElement).toHaveAttribute('data-segment', '1-1'));
    expect(document.activeElement).toHaveClass('hit');
  });

  it('says why it gave up and tries again on request; the Wrap up button opens the panel', async () => {
    let current = review({
      fetch: { ...review().fetch, state: 'failed', message: 'The PBX has no record of this call' },
    });
    const { wrapUps } = show(() => current);
    expect(await screen.findByText(/The PBX has no record of this call/)).toBeVisible();
    current = review();
    screen.getByRole('button', { name: 'Try again' }).click();
    await waitFor(() => expect(screen.queryByText(/The PBX has no record/)).toBeNull());
    screen.getByRole('button', { name: 'Wrap up' }).click();
    expect(wrapUps).toEqual([{ uniqueid: janaCall.uniqueid, call: janaCall }]);
  });
});
