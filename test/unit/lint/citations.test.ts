/**
 * The repository cites no document outside itself: a person who clones it has only what is in it. The PBX
 * API reference is our own docs/pbx-api.md; a comment that leans on an outside document says the fact
 * itself instead. Every tracked or untracked-but-not-ignored text file is read, and each citation found is
 * reported as file:line.
 *
 * The patterns are assembled from pieces, so this file's own text does not match them.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { posix, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../../..');

/** Generated, or too large to be anyone's prose. */
const SKIPPED_FILES = new Set(['package-lock.json']);

interface Check {
  what: string;
  pattern: RegExp;
  /** True when this occurrence is not a citation after all (our own page, an import path, an RFC). */
  allows?: (occurrence: Occurrence) => boolean;
}

interface Occurrence {
  file: string;
  line: string;
  index: number;
  match: string;
}

const MD = String.raw`\.md\b`;
const API_DOC = 'pbx-api';
const UP_TO_SHARED = String.raw`\.\.` + '/shared/';

/** `docs/pbx-api.md` from anywhere, or a sibling link to it from a page inside docs/. */
function isOwnApiReference({ file, match }: Occurrence): boolean {
  if (new RegExp(`(^|/)docs/${API_DOC}${MD}`, 'i').test(match)) return true;
  const inDocs = posix.dirname(file) === 'docs';
  return inDocs && new RegExp(`^(\\./)?${API_DOC}${MD}`, 'i').test(match);
}

/** A module specifier such as `from '../shared/contract'`: the code's own `shared/` layer. */
function isModuleSpecifier({ line, index }: Occurrence): boolean {
  const specifier = new RegExp(
    String.raw`\b(?:from|import|mock|require|importActual)\s*\(?\s*(['"\x60])((?:\.\./)+shared/[^'"\x60]*)\1`,
    'g',
  );
  for (const found of line.matchAll(specifier)) {
    const start = found.index;
    const end = start + found[0].length;
    if (index >= start && index < end) return !/\.md$/i.test(found[2]!);
  }
  return false;
}

/** "RFC 6749 section 5.2" cites a public standard, not a document of ours. */
function isRfcSection({ line, index }: Occurrence): boolean {
  return /\bRFC[ -]?\d+,?\s*$/i.test(line.slice(0, index));
}

const SEED = 'the' + ' seed';
const SEED_AS_DOCUMENT = [
  String.raw`\b${SEED}(?:'s)?\s+(?:documents?|docs?|design|repo(?:sitory)?|issue|brief|says|said|asks|asked|`,
  String.raw`requires?|required|wants|specifies|specified|describes|defines|mandates|states)\b`,
  String.raw`|\b(?:per|see|according to|as in)\s+${SEED}\b`,
  String.raw`|\bseed\s+(?:documents?|docs|repo(?:sitory)?)\b`,
].join('');

const CHECKS: readonly Check[] = [
  { what: 'the design document outside the repository', pattern: new RegExp(`\\bDESIGN${MD}`, 'gi') },
  {
    what: 'the environment document outside the repository',
    pattern: new RegExp(`\\bENVIRONMENT${MD}`, 'gi'),
  },
  {
    what: 'the PBX vendor API document (ours is docs/pbx-api.md)',
    pattern: new RegExp(String.raw`[\w./-]*\b${API_DOC}${MD}`, 'gi'),
    allows: isOwnApiReference,
  },
  {
    what: 'the steering folder beside the repository',
    pattern: new RegExp(UP_TO_SHARED, 'g'),
    allows: isModuleSpecifier,
  },
  {
    what: 'a numbered rule of the vendor API document (say the rule itself)',
    pattern: new RegExp(String.raw`\brules?` + String.raw` \d+`, 'gi'),
  },
  {
    what: 'a numbered section of the vendor API document (say what it defines)',
    pattern: new RegExp(String.raw`\bsections?` + String.raw` \d+`, 'gi'),
    allows: isRfcSection,
  },
  { what: 'the steering documents', pattern: new RegExp(SEED_AS_DOCUMENT, 'gi') },
  {
    what: 'an issue of a tracker outside the repository (say the fact itself)',
    pattern: new RegExp(String.raw`\bissue` + String.raw` #?\d+\b`, 'gi'),
  },
];

/** Every citation in one file's text, as `file:line: match (what)`. */
function citationsIn(file: string, text: string): string[] {
  const found: string[] = [];
  text.split(/\r?\n/).forEach((line, lineIndex) => {
    for (const check of CHECKS) {
      for (const match of line.matchAll(check.pattern)) {
        const occurrence: Occurrence = { file, line, index: match.index, match: match[0] };
        if (check.allows?.(occurrence)) continue;
        found.push(`${file}:${lineIndex + 1}: "${match[0].trim()}" cites ${check.what}`);
      }
    }
  });
  return found;
}

/** Tracked files and untracked ones that .gitignore does not exclude, as in the working tree now. */
function repositoryFiles(): string[] {
  const output = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  const files = new Set(output.split('\0').filter(Boolean));
  // A file deleted in the working tree but still in the index has nothing left to read.
  return [...files].filter(
    (file) => existsSync(resolve(root, file)) && statSync(resolve(root, file)).isFile(),
  );
}

/** The file's text, or undefined for a binary file (a NUL byte in it) and the skipped ones. */
function textOf(file: string): string | undefined {
  if (SKIPPED_FILES.has(posix.basename(file))) return undefined;
  const bytes = readFileSync(resolve(root, file));
  if (bytes.includes(0)) return undefined;
  return bytes.toString('utf8');
}

const cite = (...parts: string[]) => parts.join('');

describe('citations of documents outside the repository', () => {
  it.each([
    ['src-main/api/x.ts', cite('// see ', 'DESIGN', '.md')],
    ['src-main/api/x.ts', cite('// see ', 'ENVIRONMENT', '.md')],
    ['src-main/api/x.ts', cite('// ', API_DOC, '.md says so')],
    ['docs/x.md', cite('(`..', '/shared/', API_DOC, '.md` in the steering repo)')],
    ['README.md', cite('[API](', API_DOC, '.md)')],
    ['src-main/api/x.ts', cite("import notes from '..", "/shared/notes.md';")],
    ['src-main/api/x.ts', cite('/** Unknown agents (', 'rule', ' 9). */')],
    ['src-main/api/x.ts', cite('/** Users (', 'Rules', ' 6–8). */')],
    ['src-main/api/x.ts', cite('/** The envelope of ', 'section', ' 1. */')],
    ['docs/x.md', cite('As ', SEED, ' says, the cache is rebuildable.')],
    ['test/e2e/x.ts', cite('// ', 'Issue', " 4's promise")],
  ])('flags %s: %s', (file, line) => {
    expect(citationsIn(file, line)).not.toEqual([]);
  });

  it.each([
    ['src-main/api/x.ts', cite('// see docs/', API_DOC, '.md (Agent queues)')],
    ['README.md', cite('[docs/', API_DOC, '.md](docs/', API_DOC, '.md)')],
    ['docs/calls.md', cite('see [', API_DOC, '.md](', API_DOC, '.md#calls) and (./', API_DOC, '.md)')],
    ['src-main/app/x.ts', cite("import type { Clock } from '..", "/shared/clock';")],
    ['src-main/app/x.ts', cite("} from '../..", "/shared/contract';")],
    ['test/unit/x.ts', cite("vi.mock('..", "/shared/logger', () => ({}));")],
    ['src-main/api/x.ts', cite('/** The error codes of RFC 6749 ', 'section', ' 5.2. */')],
    ['src-main/demo-pbx/x.ts', cite('/** The people are drawn from ', SEED, ' number. */')],
    ['src-main/demo-pbx/x.ts', cite('// so the rest of ', SEED, ' is the same.')],
    ['src-main/demo-pbx/x.ts', 'ESLint rules, schedule rules and the rule of thumb'],
  ])('allows %s: %s', (file, line) => {
    expect(citationsIn(file, line)).toEqual([]);
  });

  it('finds none in the repository', () => {
    const found = repositoryFiles().flatMap((file) => {
      const text = textOf(file);
      return text === undefined ? [] : citationsIn(file, text);
    });
    // One line per citation: say the fact itself, or point at a page under docs/.
    expect(found.join('\n')).toBe('');
  });
});
