/**
 * Looks for text in the bytes of files as they are on disk: a SQLite file with its -wal and -journal, the
 * settings, the logs. Tests use it to show that something the app was given (a PIN, a note) left no trace.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/** Every regular file under `directory`, at any depth. */
export function filesUnder(directory: string): string[] {
  return readdirSync(directory, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

/**
 * "directory.sqlite-wal holds the PIN of user 7", one line per finding, for each file under `directory`
 * and each text of `wanted` (keyed by the text, valued by how the finding names it). Empty: no trace.
 */
export function findInFiles(directory: string, wanted: ReadonlyMap<string, string>): string[] {
  const findings: string[] = [];
  for (const file of filesUnder(directory)) {
    const bytes = readFileSync(file);
    for (const [text, name] of wanted) {
      if (text !== '' && bytes.includes(text)) findings.push(`${relative(directory, file)} holds ${name}`);
    }
  }
  return findings;
}
