/**
 * The retention period on the history store: calls older than the cut leave with their reviews,
 * transcripts, notes and metadata, and their text is not left behind in the file; recent calls, a call
 * still going on and a call whose wrap-up the PBX has not accepted yet stay.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  HistoryStore,
  HistoryTextIndex,
  newReview,
  openHistoryFile,
  ReviewRecordStore,
  WrapUpStore,
} from '../../../src-main/cache';
import { findInFiles } from '../../support/findInFiles';
import { syntheticHistoryCall } from '../../support/syntheticHistoryCall';
import { spyLogger, tempDir } from './fixtures';

const DAY = 24 * 60 * 60_000;
const NOW = Date.UTC(2026, 10, 20, 12);

describe('HistoryStore.purgeOlderThan', () => {
  it('removes old calls with their reviews, transcripts and notes; keeps recent, ongoing and unsent ones', () => {
    const folder = tempDir();
    const database = openHistoryFile(join(folder, 'history.sqlite'), { logger: spyLogger() });
    const history = new HistoryStore(database);
    const reviews = new ReviewRecordStore(database);
    const wrapUps = new WrapUpStore(database);
    const text = new HistoryTextIndex(database);
    const noteOf = (uniqueid: string) => `Note about call ${uniqueid}: quokkaberry refund`;
    const transcriptOf = (uniqueid: string) => `Transcript of ${uniqueid}: xylophonics cancellation`;
    const call = (index: number, daysAgo: number, options: { ended?: boolean; sent?: boolean } = {}) => {
      const uniqueid = `17000000${String(index).padStart(2, '0')}.1`;
      const startedAt = NOW - daysAgo * DAY;
      history.insert(syntheticHistoryCall(index, uniqueid, startedAt).call);
      if (options.ended ?? true)
        history.update(uniqueid, { outcome: 'answered', endedAt: startedAt + 60_000 });
      reviews.save({ ...newReview(uniqueid, startedAt + 60_000), state: 'done' });
      text.replace(uniqueid, 'transcript', [
        { channel: 0, segment: 0, begin: 0, text: transcriptOf(uniqueid) },
      ]);
      const note = noteOf(uniqueid);
      text.replace(uniqueid, 'note', [{ channel: null, segment: null, begin: null, text: note }]);
      const entry = wrapUps.save(uniqueid, { disposition: null, note, followUp: false }, { note }, startedAt);
      if (options.sent ?? true) wrapUps.accepted(uniqueid, entry.revision, { note }, startedAt + 1);
      return uniqueid;
    };
    const old = call(1, 120);
    const oldUnsent = call(2, 100, { sent: false });
    const oldOngoing = call(3, 95, { ended: false });
    const recent = call(4, 10);
    // A review opened by its id, of a call the history never had.
    const openedById = '1690000000.7';
    reviews.save({ ...newReview(openedById, NOW - 200 * DAY), state: 'done' });
    text.replace(openedById, 'transcript', [
      { channel: 0, segment: 0, begin: 0, text: transcriptOf(openedById) },
    ]);

    const removed = history.purgeOlderThan(NOW - 90 * DAY);

    expect(removed).toBe(1);
    expect(history.get(old)).toBeNull();
    expect(reviews.get(old)).toBeUndefined();
    expect(wrapUps.wrapUp(old)).toBeNull();
    expect(wrapUps.metadata(old)).toBeNull();
    expect(reviews.get(openedById)).toBeUndefined();
    for (const kept of [oldUnsent, oldOngoing, recent]) {
      expect(history.get(kept)).not.toBeNull();
      expect(reviews.get(kept)).toBeDefined();
      expect(wrapUps.wrapUp(kept)?.note).toBe(noteOf(kept));
    }
    const found = text.search('quokkaberry', { limit: 10, agent: 'agent' }).map((hit) => hit.uniqueid);
    expect(found.sort()).toEqual([oldUnsent, oldOngoing, recent].sort());

    // Once the WAL is checkpointed, the file holds nothing of what went.
    database.db.pragma('wal_checkpoint(TRUNCATE)');
    const gone = new Map([
      [noteOf(old), 'the note of the old call'],
      [transcriptOf(old), 'the transcript of the old call'],
      [transcriptOf(openedById), 'the transcript of the review opened by id'],
    ]);
    expect(findInFiles(folder, gone)).toEqual([]);
    database.close();
  });

  it('removes nothing when every call is recent', () => {
    const database = openHistoryFile(join(tempDir(), 'history.sqlite'), { logger: spyLogger() });
    const history = new HistoryStore(database);
    history.insert(syntheticHistoryCall(1, '1700000001.1', NOW - DAY).call);
    expect(history.purgeOlderThan(NOW - 7 * DAY)).toBe(0);
    expect(history.list({ filter: 'all', limit: 10 }).items).toHaveLength(1);
    database.close();
  });
});
