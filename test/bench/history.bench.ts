/**
 * The history with 10,000 calls in a real cache file, each with a reviewed record whose transcript and
 * summary the demo PBX's conversation generator wrote (Czech and English, so words repeat across thousands
 * of calls: the hard case for full-text search), and a note on every fifth call.
 *
 * - `history_fts_p95`: `history:search` as the command runs it (FTS5 match, snippets, the permission join,
 *   each hit's history entry), over words and word prefixes drawn from the stored text;
 * - `history_first_page`: `history:list` first page (50 items with their review and wrap-up state, and the
 *   missed badge), all calls and missed calls only. The first render of the screen is the UI's figure;
 * - `history_list_query_p95`: `history:list` with a quick query (digits, a name prefix).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { HistoryTextIndex, newReview, openHistoryFile, ReviewRecordStore } from '../../src-main/cache';
import { HistoryService } from '../../src-main/calls';
import { generateConversation } from '../../src-main/demo-pbx/calls/conversation';
import { createRandom } from '../../src-main/demo-pbx/random';
import type { HistoryListArgs } from '../../src-main/shared/contract';
import { silentLogger } from '../../src-main/shared/logger';
import { syntheticHistoryCall } from '../support/syntheticHistoryCall';
import type { Report } from './run';

const CALLS = 10_000;
const SEARCHES = 2_000;
const PAGES = 300;
const WARM_UP = 100;
const AGENT = 'agent';
const T0 = Date.UTC(2026, 0, 1);

function p95(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.ceil(sorted.length * 0.95) - 1]!;
}

function measure(runs: number, run: (index: number) => void): number {
  for (let index = 0; index < WARM_UP; index++) run(index);
  const samples: number[] = [];
  for (let index = 0; index < runs; index++) {
    const started = performance.now();
    run(index);
    samples.push(performance.now() - started);
  }
  return p95(samples);
}

export default async function historyBench(report: Report): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'ringside-history-bench-'));
  const database = openHistoryFile(join(dir, 'cache.sqlite'), { logger: silentLogger });
  try {
    const history = new HistoryService({
      database,
      client: () => undefined,
      agent: () => AGENT,
      online: () => false,
      directory: () => undefined,
      defaultCountry: () => 'CZ',
      emit: () => {},
      clock: { now: () => T0 + CALLS * 60_000 },
      logger: silentLogger,
    });
    const reviews = new ReviewRecordStore(database);
    const text = new HistoryTextIndex(database);
    const random = createRandom(7, 0xbe7c);
    const vocabulary = new Set<string>();

    const fillStarted = performance.now();
    for (let start = 0; start < CALLS; start += 500) {
      database.write(() => {
        for (let index = start; index < Math.min(CALLS, start + 500); index++) {
          const uniqueid = `${1767225600 + index * 60}.${index}`;
          const { call, outcome } = syntheticHistoryCall(index, uniqueid, T0 + index * 60_000);
          history.store.insert(call);
          history.store.update(uniqueid, {
            outcome,
            endedAt: T0 + index * 60_000 + 45_000,
            seen: outcome !== 'missed',
          });
          const content = generateConversation(
            {
              direction: 'inbound',
              language: index % 3 === 0 ? 'en_US' : 'cs_CZ',
              agentName: 'Petra Svobodová',
              customerName: `Zákazník ${index}`,
              talkSeconds: 60 + (index % 120),
            },
            random,
          );
          reviews.save({
            ...newReview(uniqueid, T0),
            state: 'done',
            permissionsAgent: AGENT,
            transcriptionStatus: 3,
          });
          const segments = content.transcription.flatMap((channel, channelIndex) =>
            channel.map((segment, segmentIndex) => ({
              channel: channelIndex,
              segment: segmentIndex,
              begin: segment.begin,
              text: segment.text,
            })),
          );
          text.replace(uniqueid, 'transcript', segments);
          text.replace(uniqueid, 'summary', [
            { channel: null, segment: null, begin: null, text: content.summary },
          ]);
          if (index % 5 === 0) {
            text.replace(uniqueid, 'note', [
              { channel: null, segment: null, begin: null, text: `Follow up ${content.topic}` },
            ]);
          }
          if (index % 50 === 0) {
            for (const word of content.summary.split(/[^\p{L}]+/u))
              if (word.length >= 4) vocabulary.add(word);
          }
        }
      });
    }
    const segmentsStored = Number(database.db.prepare('SELECT count(*) FROM history_text').pluck().get());
    console.log(
      `# ${CALLS} calls, ${segmentsStored} indexed texts, filled in ${Math.round(performance.now() - fillStarted)} ms`,
    );

    const words = [...vocabulary];
    // Whole words, prefixes of three letters and more, and two-word queries.
    const queries = Array.from({ length: 500 }, (_, index) => {
      const word = words[(index * 7919) % words.length]!;
      if (index % 3 === 1) return word.slice(0, 3 + (index % 3));
      if (index % 3 === 2) return `${word} ${words[(index * 104729) % words.length]!.slice(0, 4)}`;
      return word;
    });
    let hits = 0;
    const searchP95 = measure(SEARCHES, (index) => {
      hits += history.search({ query: queries[index % queries.length]! }).hits.length;
    });
    console.log(
      `# ${queries.length} distinct queries, ${(hits / (SEARCHES + WARM_UP)).toFixed(1)} hits on average`,
    );
    report('history_fts_p95', searchP95, 'ms', '< 20 ms');

    const pages: HistoryListArgs[] = [{ filter: 'all' }, { filter: 'missed' }];
    const pageP95 = measure(PAGES, (index) => {
      const page = history.list(pages[index % pages.length]!);
      if (page.items.length !== 50) throw new Error(`the first page has ${page.items.length} items`);
    });
    report('history_first_page', pageP95, 'ms');

    // The History screen's quick query scans the folded names and number digits (no index): a rare match
    // reads every row.
    const lookups: HistoryListArgs[] = [
      { filter: 'all', query: '602 00123' },
      { filter: 'all', query: 'caller 9' },
    ];
    report(
      'history_list_query_p95',
      measure(PAGES, (index) => history.list(lookups[index % 2]!)),
      'ms',
    );
  } finally {
    database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
