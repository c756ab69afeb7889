/**
 * The directory's export pages (`directory:export`): every entry once, persons then companies, users and
 * extensions, each as search shows it; a page ends early once its JSON passes PAGE_BYTES, so persons with a
 * hundred long e-mails each cannot make one answer of megabytes.
 */
import { describe, expect, it } from 'vitest';
import type { DirectoryEntry } from '../../../src-main/shared/contract';
import { PAGE_BYTES } from '../../../src-main/cache/directory/directoryExport';
import { testDirectory } from './fixtures';
import { person, phone } from './memoryDirectory';

const longEmail = (id: number, index: number) => `${'x'.repeat(200)}.${id}.${index}@example.cz`;

describe('the directory export', () => {
  it('pages every entry once, in kind and id order, ending a page once it is large', () => {
    const directory = testDirectory();
    for (let id = 1; id <= 40; id++) {
      directory.upsertPerson(
        person(id, {
          contacts: [
            phone(`+420 777 ${String(100_000 + id)}`),
            ...Array.from({ length: 99 }, (_, index) => ({
              type: 2 as const,
              contact: longEmail(id, index),
              label: '',
            })),
          ],
        }),
      );
    }
    directory.upsertCompany({ id: 5, group_id: 1, name: 'Firma', external_id: null, data: {}, persons: [] });

    const pages: { entries: DirectoryEntry[]; bytes: number }[] = [];
    let from = null as Parameters<typeof directory.exportEntries>[0];
    do {
      const page = directory.exportEntries(from, 1000);
      pages.push({ entries: page.entries, bytes: JSON.stringify(page.entries).length });
      from = page.next;
    } while (from);

    const entries = pages.flatMap((page) => page.entries);
    expect(entries.map((entry) => `${entry.kind}:${entry.id}`)).toEqual([
      ...Array.from({ length: 40 }, (_, index) => `person:${index + 1}`),
      'company:5',
    ]);
    const largest = Math.max(...entries.map((entry) => JSON.stringify(entry).length));
    expect(largest).toBeGreaterThan(20_000);
    expect(pages.length).toBeGreaterThan(3);
    for (const page of pages) expect(page.bytes).toBeLessThanOrEqual(PAGE_BYTES + largest + 2);
    // As search shows them.
    const shown = directory.searchDirectory('First7 Last7').persons.items[0];
    expect(entries.find((entry) => entry.kind === 'person' && entry.id === 7)).toEqual(shown);
  });

  it('stamps the version: a completed change of the records changes it', () => {
    const directory = testDirectory();
    const empty = directory.exportStamp();
    directory.upsertPerson(person(1));
    expect(directory.exportStamp()).not.toBe(empty);
  });
});
