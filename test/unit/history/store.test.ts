/**
 * The history tables on a real SQLite file: list filters and keyset pagination, the quick query, the missed
 * badge, the screen-pop's recent calls, and full-text search with segment positions and hostile text.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  HistoryStore,
  HistoryTextIndex,
  InvalidHistoryCursor,
  newReview,
  openHistoryFile,
  ReviewRecordStore,
  snippetParts,
  WrapUpStore,
  type CacheDatabase,
  type NewHistoryCall,
} from '../../../src-main/cache';
import { spyLogger } from '../calls/fixtures';

let dir: string;
let database: CacheDatabase;
let store: HistoryStore;

const T0 = Date.UTC(2026, 2, 10, 8, 0);
const MINUTE = 60_000;

function call(index: number, overrides: Partial<NewHistoryCall> = {}): NewHistoryCall {
  return {
    uniqueid: `1773129600.${index}`,
    direction: index % 2 === 0 ? 'inbound' : 'outbound',
    remote: {
      number: `+42060200${String(index).padStart(4, '0')}`,
      display: `+420 602 00${index}`,
      dial: `+42060200${String(index).padStart(4, '0')}`,
      pbxName: '',
    },
    match: null,
    company: null,
    queue: null,
    startedAt: T0 + index * MINUTE,
    digitForms: [`42060200${String(index).padStart(4, '0')}`, `60200${String(index).padStart(4, '0')}`],
    ...overrides,
  };
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'ringside-history-'));
  database = openHistoryFile(join(dir, 'cache.sqlite'), { logger: spyLogger() });
  store = new HistoryStore(database);
});

afterEach(() => {
  database.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('history list', () => {
  it('pages newest first with a keyset cursor that stays stable while new calls arrive', () => {
    for (let index = 1; index <= 25; index++) store.insert(call(index));
    const first = store.list({ filter: 'all', limit: 10 });
    expect(first.items.map((item) => item.uniqueid)).toEqual(
      Array.from({ length: 10 }, (_, i) => `1773129600.${25 - i}`),
    );
    store.insert(call(26)); // arrives while the user scrolls: must not shift the next page
    const second = store.list({ filter: 'all', limit: 10, before: first.nextCursor! });
    expect(second.items.map((item) => item.uniqueid)).toEqual(
      Array.from({ length: 10 }, (_, i) => `1773129600.${15 - i}`),
    );
    const last = store.list({ filter: 'all', limit: 10, before: second.nextCursor! });
    expect(last.items).toHaveLength(5);
    expect(last.nextCursor).toBeNull();
  });

  it('orders calls that started in the same millisecond by id, without losing any across pages', () => {
    for (let index = 1; index <= 5; index++) store.insert(call(index, { startedAt: T0 }));
    const seen: string[] = [];
    let before: string | undefined;
    do {
      const page = store.list({ filter: 'all', limit: 2, before });
      seen.push(...page.items.map((item) => item.uniqueid));
      before = page.nextCursor ?? undefined;
    } while (before);
    expect(seen).toEqual(['1773129600.5', '1773129600.4', '1773129600.3', '1773129600.2', '1773129600.1']);
  });

  it('filters by direction, missed calls and time range', () => {
    for (let index = 1; index <= 8; index++) store.insert(call(index));
    store.update('1773129600.2', {
      outcome: 'missed',
      rang: true,
      endedAt: T0 + 2 * MINUTE + 30_000,
      seen: false,
    });
    store.update('1773129600.4', {
      outcome: 'answered',
      answeredAt: T0 + 4 * MINUTE,
      endedAt: T0 + 5 * MINUTE,
    });
    const ids = (filter: 'all' | 'missed' | 'inbound' | 'outbound', extra = {}) =>
      store.list({ filter, limit: 50, ...extra }).items.map((item) => item.uniqueid.split('.')[1]);
    expect(ids('inbound')).toEqual(['8', '6', '4', '2']);
    expect(ids('outbound')).toEqual(['7', '5', '3', '1']);
    expect(ids('missed')).toEqual(['2']);
    expect(ids('all', { from: T0 + 3 * MINUTE, to: T0 + 6 * MINUTE })).toEqual(['5', '4', '3']);
    expect(store.get('1773129600.4')).toMatchObject({ outcome: 'answered', durationSeconds: 60, seen: true });
  });

  it('finds calls by digits anywhere in the number and by name prefixes, ignoring diacritics', () => {
    store.insert(
      call(1, {
        remote: {
          number: '+420602111222',
          display: '+420 602 111 222',
          dial: '+420602111222',
          pbxName: 'Jiří Dvořák',
        },
        company: { id: 7, name: 'Žlutý kůň s.r.o.' },
        digitForms: ['420602111222', '602111222'],
      }),
    );
    store.insert(call(2));
    const found = (query: string) =>
      store.list({ filter: 'all', limit: 50, query }).items.map((item) => item.uniqueid);
    expect(found('dvor')).toEqual(['1773129600.1']);
    expect(found('zluty')).toEqual(['1773129600.1']);
    expect(found('602 111')).toEqual(['1773129600.1']);
    expect(found('111222')).toEqual(['1773129600.1']);
    expect(found('vorak')).toEqual([]); // words match from their start
    expect(found('jiri 222')).toEqual(['1773129600.1']);
  });

  it('refuses a cursor it did not make', () => {
    expect(() => store.list({ filter: 'all', limit: 10, before: "1' OR 1=1 --" })).toThrow(
      InvalidHistoryCursor,
    );
  });

  it('counts unseen missed calls for the badge and clears them', () => {
    for (let index = 1; index <= 3; index++) {
      store.insert(call(index));
      store.update(`1773129600.${index}`, { outcome: 'missed', seen: false });
    }
    expect(store.missedUnseen()).toBe(3);
    store.markSeen(['1773129600.1']);
    expect(store.missedUnseen()).toBe(2);
    store.markSeen();
    expect(store.missedUnseen()).toBe(0);
  });

  it('gives the screen-pop the last three calls with a number, without the ringing one', () => {
    const number = {
      number: '+420602999888',
      display: '+420 602 999 888',
      dial: '+420602999888',
      pbxName: '',
    };
    for (let index = 1; index <= 5; index++) store.insert(call(index, { remote: number }));
    store.insert(call(6)); // another number
    store.update('1773129600.4', {
      outcome: 'answered',
      answeredAt: T0 + 4 * MINUTE,
      endedAt: T0 + 6 * MINUTE,
    });
    const recent = store.recentWithNumber('+420602999888', 3, '1773129600.5');
    expect(recent).toEqual([
      {
        uniqueid: '1773129600.4',
        direction: 'inbound',
        startedAt: T0 + 4 * MINUTE,
        durationSeconds: 120,
        answered: true,
      },
      {
        uniqueid: '1773129600.3',
        direction: 'outbound',
        startedAt: T0 + 3 * MINUTE,
        durationSeconds: 0,
        answered: false,
      },
      {
        uniqueid: '1773129600.2',
        direction: 'inbound',
        startedAt: T0 + 2 * MINUTE,
        durationSeconds: 0,
        answered: false,
      },
    ]);
  });
});

describe('full-text search', () => {
  let index: HistoryTextIndex;
  let reviews: ReviewRecordStore;

  /** A stored review whose permissions were asked for `agent` (search counts only those). */
  function reviewedBy(uniqueid: string, agent: string) {
    reviews.save({
      ...newReview(uniqueid, T0),
      state: 'done',
      permissionsAgent: agent,
      transcriptionStatus: 3,
    });
  }

  beforeEach(() => {
    index = new HistoryTextIndex(database);
    reviews = new ReviewRecordStore(database);
  });

  it('finds a transcript segment by word prefixes, ignoring case and diacritics, and names the segment', () => {
    reviewedBy('1773129600.1', 'agent');
    index.replace('1773129600.1', 'transcript', [
      { channel: 0, segment: 0, begin: 0.5, text: 'Dobrý den, volám kvůli faktuře.' },
      { channel: 1, segment: 0, begin: 2, text: 'Dobrý den, podívám se na to.' },
      { channel: 0, segment: 1, begin: 4.2, text: 'Číslo faktury je 2024-117.' },
    ]);
    const hits = index.search('FAKTUR cislo', { limit: 10, agent: 'agent' });
    expect(hits).toHaveLength(1);
    expect(hits[0]).toMatchObject({
      uniqueid: '1773129600.1',
      source: 'transcript',
      segment: { channel: 0, index: 1, begin: 4.2 },
    });
    expect(hits[0]!.snippet).toEqual([
      { text: 'Číslo', match: true },
      { text: ' ', match: false },
      { text: 'faktury', match: true },
      { text: ' je 2024-117.', match: false },
    ]);
  });

  it('searches notes of every call and summaries only of reviews fetched for the current agent', () => {
    reviewedBy('1773129600.1', 'agent');
    reviewedBy('1773129600.2', 'someone-else');
    index.replace('1773129600.1', 'summary', [
      { channel: null, segment: null, begin: null, text: 'Customer wants a refund.' },
    ]);
    index.replace('1773129600.2', 'summary', [
      { channel: null, segment: null, begin: null, text: 'Refund declined.' },
    ]);
    index.replace('1773129600.3', 'note', [
      { channel: null, segment: null, begin: null, text: 'Call back about the refund' },
    ]);
    const hits = index.search('refund', { limit: 10, agent: 'agent' });
    expect(hits.map((hit) => [hit.uniqueid, hit.source, hit.segment])).toEqual([
      ['1773129600.3', 'note', null],
      ['1773129600.1', 'summary', null],
    ]);
  });

  it('replaces a call’s text, so an edited note is found by its new words only', () => {
    index.replace('1773129600.1', 'note', [
      { channel: null, segment: null, begin: null, text: 'first draft' },
    ]);
    index.replace('1773129600.1', 'note', [
      { channel: null, segment: null, begin: null, text: 'final wording' },
    ]);
    expect(index.search('draft', { limit: 10, agent: '' })).toEqual([]);
    expect(index.search('final', { limit: 10, agent: '' })).toHaveLength(1);
  });

  it('stores hostile text verbatim and treats FTS5 syntax in queries as plain words', () => {
    const hostile = '<img src=x onerror="alert(1)"> "quoted" NEAR(a b) \u0000 *';
    index.replace('1773129600.1', 'note', [{ channel: null, segment: null, begin: null, text: hostile }]);
    const stored = database.db
      .prepare('SELECT text FROM history_text WHERE uniqueid = ?')
      .pluck()
      .get('1773129600.1');
    expect(stored).toBe(hostile);
    for (const query of ['"', 'NEAR(', 'a OR b', '*', 'onerror="alert', "'; DROP TABLE history_text; --"]) {
      expect(() => index.search(query, { limit: 10, agent: '' })).not.toThrow();
    }
    const [hit] = index.search('onerror', { limit: 10, agent: '' });
    expect(hit!.snippet.map((part) => part.text).join('')).toContain('<img src=x onerror="alert(1)">');
  });

  it('splits snippets on the markers only', () => {
    expect(snippetParts('a \ue000b\ue001 c \ue000d\ue001')).toEqual([
      { text: 'a ', match: false },
      { text: 'b', match: true },
      { text: ' c ', match: false },
      { text: 'd', match: true },
    ]);
  });
});

describe('wrap-up outbox', () => {
  it('merges a second save into the pending entry: later keys win, null still deletes', () => {
    const wrapUps = new WrapUpStore(database);
    wrapUps.save('1773129600.1', { disposition: 'a', note: 'x', followUp: false }, { a: 1, b: 2 }, T0);
    const merged = wrapUps.save(
      '1773129600.1',
      { disposition: 'b', note: 'y', followUp: true },
      { b: null, c: 3 },
      T0 + 1,
    );
    expect(merged).toMatchObject({ changes: { a: 1, b: null, c: 3 }, state: 'queued', revision: 2 });
    expect(wrapUps.entries()).toHaveLength(1);
    // An answer to revision 1 leaves revision 2 queued.
    expect(wrapUps.accepted('1773129600.1', 1, { a: 1 }, T0 + 2)).toBe(false);
    expect(wrapUps.entry('1773129600.1')).toMatchObject({ state: 'queued' });
    expect(wrapUps.accepted('1773129600.1', 2, { a: 1, c: 3 }, T0 + 3)).toBe(true);
    expect(wrapUps.entries()).toEqual([]);
    expect(wrapUps.wrapUp('1773129600.1')).toMatchObject({
      disposition: 'b',
      note: 'y',
      followUp: true,
      writtenAt: T0 + 3,
    });
    expect(wrapUps.metadata('1773129600.1')).toEqual({ values: { a: 1, c: 3 }, fetchedAt: T0 + 3 });
  });
});
