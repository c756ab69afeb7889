/**
 * "Clear local data" on one cache file: the call history, notes, transcripts, the outbox and the directory
 * are gone, from the tables and from the bytes of the file and its WAL; the file stays a usable cache.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  HistoryStore,
  HistoryTextIndex,
  openCache,
  openHistoryFile,
  WrapUpStore,
} from '../../../src-main/cache';
import { eraseLocalData } from '../../../src-main/cache/database/eraseLocalData';
import { findInFiles } from '../../support/findInFiles';
import { syntheticHistoryCall } from '../../support/syntheticHistoryCall';
import { spyLogger, tempDir, testDirectory } from './fixtures';
import { person, phone } from './memoryDirectory';

const NOTE = 'Quokkaberry refund promised to Mrs Zanzibarova by Friday';
const TRANSCRIPT = 'I would like to cancel the Xylophonics subscription please';
const CUSTOMER = { firstname: 'Xaverius', lastname: 'Quellmannova' };

describe('eraseLocalData', () => {
  it('deletes the history, notes, transcripts, outbox and directory, leaving no trace in the files', () => {
    const folder = tempDir();
    const database = openCache(join(folder, 'directory.sqlite'), { logger: spyLogger() });
    const historyFile = openHistoryFile(join(folder, 'history.sqlite'), { logger: spyLogger() });
    const directory = testDirectory(database);
    directory.upsertPerson(person(7, { ...CUSTOMER, contacts: [phone('+420 777 123 456')] }));
    const history = new HistoryStore(historyFile);
    const uniqueid = '1700000000.1';
    history.insert(syntheticHistoryCall(1, uniqueid, Date.now()).call);
    const wrapUps = new WrapUpStore(historyFile);
    wrapUps.save(uniqueid, { disposition: null, note: NOTE, followUp: false }, { 'ringside.note': NOTE }, 1);
    const text = new HistoryTextIndex(historyFile);
    text.replace(uniqueid, 'note', [{ channel: null, segment: null, begin: null, text: NOTE }]);
    text.replace(uniqueid, 'transcript', [{ channel: 0, segment: 0, begin: 0, text: TRANSCRIPT }]);
    const wanted = new Map([
      [NOTE, 'the note'],
      [TRANSCRIPT, 'the transcript'],
      [CUSTOMER.lastname, "the customer's name"],
      ['777 123 456', "the customer's number"],
    ]);
    expect(findInFiles(folder, wanted)).not.toEqual([]);

    // The directory cache and the history file: each has its own tables.
    eraseLocalData(database.db);
    eraseLocalData(historyFile.db);

    expect(history.get(uniqueid)).toBeNull();
    expect(history.list({ filter: 'all', limit: 10 }).items).toEqual([]);
    expect(wrapUps.count()).toBe(0);
    expect(wrapUps.wrapUp(uniqueid)).toBeNull();
    expect(text.search('Quokkaberry', { limit: 10, agent: 'agent' })).toEqual([]);
    expect(directory.counts()).toMatchObject({ persons: 0, companies: 0, users: 0, extensions: 0 });
    expect(directory.lookupNumber('+420 777 123 456')).toEqual([]);
    expect(findInFiles(folder, wanted)).toEqual([]);

    // Still a cache: the next sync writes into it again.
    directory.upsertPerson(person(8, { firstname: 'Jana', lastname: 'Nová' }));
    expect(directory.searchDirectory('Nová').persons.items.map((entry) => entry.id)).toEqual([8]);
    database.close();
    historyFile.close();
    expect(findInFiles(folder, wanted)).toEqual([]);
  });
});
