/**
 * The browser host's dial confirmations across tabs: each tab shows a `dial:requested`; main's
 * `dial:settled` closes it everywhere; a cancel in one tab closes this browser's other tabs.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { DialRequest } from '../../src-main/shared/contract';
import { DialConfirmations } from '../../src-renderer/lib/browser/dialConfirmations.svelte';
import { installFakeRingside } from './fakeRingside';

const request = (requestId: string): DialRequest => ({
  requestId,
  source: 'link',
  number: { display: '+420 777 123 456', e164: '+420777123456' },
  dial: '+420777123456',
  match: null,
  matches: [],
});

const stops: (() => void)[] = [];
afterEach(() => stops.splice(0).forEach((stop) => stop()));

/** Two tabs of one browser (the fake ringside stands for the server both follow). */
function twoTabs() {
  const server = installFakeRingside({});
  const tabs = [new DialConfirmations(), new DialConfirmations()] as const;
  for (const tab of tabs) stops.push(tab.start());
  return { server, tabs };
}

describe('dial confirmations in the browser host', () => {
  it('shows a request main announced in every tab, and closes it when main says it was dialled', () => {
    const { server, tabs } = twoTabs();
    server.emit('dial:requested', request('r1'));
    for (const tab of tabs) expect(tab.shown).toEqual({ request: request('r1'), named: true });

    server.emit('dial:settled', { requestId: 'other' });
    expect(tabs[0].shown).not.toBeNull();
    server.emit('dial:settled', { requestId: 'r1' });
    for (const tab of tabs) expect(tab.shown).toBeNull();
  });

  it('closes the other tabs of this browser when one answers', async () => {
    const { server, tabs } = twoTabs();
    server.emit('dial:requested', request('r2'));
    tabs[0].answered();
    expect(tabs[0].shown).toBeNull();
    await expect.poll(() => tabs[1].shown).toBeNull();
  });

  it('keeps a link this tab read to itself', async () => {
    const { tabs } = twoTabs();
    tabs[0].showLink(request('local'));
    tabs[1].showLink(request('elsewhere'));
    tabs[0].answered();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(tabs[1].shown).toEqual({ request: request('elsewhere'), named: false });
  });
});
