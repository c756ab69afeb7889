/**
 * Reads an audit log file back (for tools and tests): one event per line. A line that is not a whole JSON
 * object (the last line torn by a crash, which the next start ended with a newline) is skipped and counted.
 */
import { readFile } from 'node:fs/promises';
import type { AuditLine } from './auditLog';

export interface AuditFileContents {
  lines: AuditLine[];
  /** Lines skipped because a crash cut them short. */
  torn: number;
}

export async function readAuditFile(path: string): Promise<AuditFileContents> {
  const text = await readFile(path, 'utf8');
  const lines: AuditLine[] = [];
  let torn = 0;
  for (const line of text.split('\n')) {
    if (line === '') continue;
    const parsed = parseLine(line);
    if (parsed) lines.push(parsed);
    else torn += 1;
  }
  return { lines, torn };
}

function parseLine(line: string): AuditLine | undefined {
  try {
    const value: unknown = JSON.parse(line);
    return typeof value === 'object' && value !== null && 'time' in value && 'kind' in value
      ? (value as AuditLine)
      : undefined;
  } catch {
    return undefined;
  }
}
