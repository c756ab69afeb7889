/**
 * Every repository path the documentation names must exist: README.md and docs/**\/*.md are read, and each
 * path in inline code (`src-main/app/appCore.ts`, `test/e2e/`) or in a markdown link
 * ([the browser host](browser-host.md)) that names no file or folder of the repository is reported as
 * file:line. Files move; the pages that point at them are the easiest thing to forget.
 *
 * What counts as a repository path in inline code: a word with a `/` whose first part is a top-level entry
 * of the repository (checked from the root), or the name of one of its folders (`app/appCore.ts`,
 * `contract/index.ts`, checked as the end of some path); and a source file's name alone (`ipc.ts`, some file
 * must have it). A glob from the root (`src-main/app/settings/*.ts`) must match some file. Placeholders
 * (`<`, `{`, `…`), URLs, absolute paths (`/api/v1.0`, `~/.config`) and generated or ignored folders (out/,
 * node_modules/) are not checked, nor are fenced code blocks (commands and examples). A link's target is
 * checked from the page's own folder.
 *
 * Source comments point at files too (`the contract's schema (shared/contract/settingsRegistry.ts)`): in the
 * comments of every .ts and .svelte file (but the lint checks' own, which plant files), each word with a `/`
 * that ends in a source file's extension is checked the same way.
 *
 * A page that walks through creating files (docs/recipes/) names them before they exist; it lists them in
 * a comment, `<!-- new files: src-renderer/views/SyncView.svelte test/e2e/sync.spec.ts -->`, and those exact
 * paths are not checked on that page.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { posix, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../../..');

/** The repository as the documentation may name it: its files and folders, without ignored ones. */
interface RepositoryIndex {
  /** Every file and folder, relative to the root, folders without a trailing slash. */
  paths: Set<string>;
  /** The names of the top-level files and folders. */
  topLevel: Set<string>;
  /** The names of every folder, at any depth. */
  folderNames: Set<string>;
  /** The names of every file, at any depth. */
  fileNames: Set<string>;
}

function indexOf(files: readonly string[]): RepositoryIndex {
  const paths = new Set<string>();
  const folderNames = new Set<string>();
  const topLevel = new Set<string>();
  const fileNames = new Set<string>();
  for (const file of files) {
    paths.add(file);
    fileNames.add(posix.basename(file));
    const parts = file.split('/');
    topLevel.add(parts[0]!);
    for (let depth = 1; depth < parts.length; depth++) {
      paths.add(parts.slice(0, depth).join('/'));
      folderNames.add(parts[depth - 1]!);
    }
  }
  return { paths, topLevel, folderNames, fileNames };
}

/** Tracked files and untracked ones that .gitignore does not exclude, as in the working tree now. */
function repositoryFiles(): string[] {
  const output = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  // A file deleted in the working tree but still in the index is gone.
  return [...new Set(output.split('\0').filter(Boolean))].filter(
    (file) => existsSync(resolve(root, file)) && statSync(resolve(root, file)).isFile(),
  );
}

/** Placeholders and elisions: a pattern of paths, not one path. */
const PLACEHOLDER = /[<>{}…]|\.\.\.(?!\/)/;
const GLOB = /\*/;
const URL_SCHEME = /^[a-z][a-z0-9+.-]*:/i;
/**
 * A file name alone is checked when it is one of our sources or pages; `.js` and `.json` names are mostly
 * built files and data files (browserHost.js, settings.json), not the repository's.
 */
const SOURCE_FILE = /^[\w-][\w.-]*\.(ts|mts|svelte|mjs|md)$/;

/** A word of inline code as a path: quotes, brackets and trailing punctuation off, `:line` and `#anchor` too. */
function pathOfWord(word: string): string {
  const value = word.includes('=') ? word.slice(word.lastIndexOf('=') + 1) : word;
  return value
    .replace(/^[("'\x60[]+/, '')
    .replace(/[)"'\x60\],;:.]+$/, '')
    .replace(/#.*$/, '')
    .replace(/(:\d+)+$/, '');
}

const withoutTrailingSlash = (path: string) => path.replace(/\/+$/, '');

/** Why a path written in inline code names nothing in the repository, or null when it does (or is no path). */
function checkCodePath(path: string, repository: RepositoryIndex): string | null {
  if (PLACEHOLDER.test(path) || URL_SCHEME.test(path)) return null;
  if (GLOB.test(path)) return checkGlob(path, repository);
  if (!path.includes('/')) {
    if (!SOURCE_FILE.test(path)) return null;
    return repository.fileNames.has(path) ? null : 'no file has this name';
  }
  if (/^(\.{1,2}\/|\/|~|\$)/.test(path)) return null;
  const wanted = withoutTrailingSlash(posix.normalize(path));
  const first = wanted.split('/')[0]!;
  if (repository.topLevel.has(first)) {
    return repository.paths.has(wanted) ? null : 'no such file or folder';
  }
  if (!repository.folderNames.has(first)) return null;
  for (const existing of repository.paths) {
    if (existing === wanted || existing.endsWith(`/${wanted}`)) return null;
  }
  return 'no file or folder ends so';
}

/** A glob from a top-level folder must match some file or folder (`src-main/app/settings*.ts` did not). */
function checkGlob(glob: string, repository: RepositoryIndex): string | null {
  if (!glob.includes('/') || !repository.topLevel.has(glob.split('/')[0]!)) return null;
  const pattern = glob
    .replace(/\/+$/, '')
    .replace(/[.+?^$()|[\]\\]/g, '\\$&')
    .replace(/\*\*\/?/g, '\uE000')
    .replace(/\*/g, '[^/]*')
    .replace(/\uE000/g, '(?:.*/)?');
  const matcher = new RegExp(`^${pattern}$`);
  for (const existing of repository.paths) if (matcher.test(existing)) return null;
  return 'the glob matches nothing';
}

/** Why a link's target names nothing in the repository, or null when it does (or leaves the repository). */
function checkLinkTarget(target: string, page: string, repository: RepositoryIndex): string | null {
  const path = target.replace(/[#?].*$/, '');
  if (path === '' || URL_SCHEME.test(path) || PLACEHOLDER.test(path)) return null;
  const resolved = withoutTrailingSlash(posix.normalize(posix.join(posix.dirname(page), path)));
  return repository.paths.has(resolved) || resolved === '.' ? null : 'no such file or folder';
}

/** The page's text with fenced code blocks blanked, keeping every line where it was. */
function withoutFences(text: string): string {
  let fenced = false;
  return text
    .split('\n')
    .map((line) => {
      if (/^\s*(```|~~~)/.test(line)) {
        fenced = !fenced;
        return '';
      }
      return fenced ? '' : line;
    })
    .join('\n');
}

const lineAt = (text: string, index: number) => text.slice(0, index).split('\n').length;

/** The files a page says it creates (`<!-- new files: a/b.ts c/d.ts -->`). */
function newFilesOf(text: string): Set<string> {
  const declared = [...text.matchAll(/<!--\s*new files:([^]*?)-->/g)].flatMap((comment) =>
    comment[1]!.split(/[\s,]+/).filter(Boolean),
  );
  return new Set(declared);
}

/** Every path of `page` that names nothing, as `page:line: path (why)`. */
function missingPaths(page: string, text: string, repository: RepositoryIndex): string[] {
  const prose = withoutFences(text);
  const created = newFilesOf(text);
  const found: { line: number; report: string }[] = [];
  // Inline code, possibly wrapped over lines; link targets are read below, not as code.
  for (const span of prose.matchAll(/(`+)([^`]+?)\1/g)) {
    for (const word of span[2]!.split(/\s+/)) {
      const path = pathOfWord(word);
      if (created.has(path)) continue;
      const problem = checkCodePath(path, repository);
      if (problem) found.push({ line: lineAt(prose, span.index), report: `\`${path}\` (${problem})` });
    }
  }
  for (const link of prose.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
    const problem = checkLinkTarget(link[1]!, page, repository);
    if (problem) found.push({ line: lineAt(prose, link.index), report: `(${link[1]}) (${problem})` });
  }
  return found.sort((a, b) => a.line - b.line).map(({ line, report }) => `${page}:${line}: ${report}`);
}

/** A comment's word that is a path: it has a `/` and ends in a source file's extension. */
const COMMENT_PATH = /^[\w.*@-][\w.*@/-]*\/[\w.*-]+\.(ts|svelte|md|mjs)$/;

/** The comment text of a source file, line by line (block comments, `//` comments, HTML comments). */
function commentLines(text: string): { line: number; text: string }[] {
  const lines: { line: number; text: string }[] = [];
  let inBlock = false;
  text.split('\n').forEach((line, index) => {
    const trimmed = line.trim();
    if (inBlock || /^(\/\*|<!--)/.test(trimmed)) {
      lines.push({ line: index + 1, text: trimmed });
      // The opening line's own `/*` is skipped; a later line may close with `*/` alone.
      inBlock = !/(\*\/|-->)/.test(inBlock ? trimmed : trimmed.slice(2));
      return;
    }
    const slashes = line.indexOf('// ');
    if (slashes >= 0 && !/:\/\/ /.test(line)) lines.push({ line: index + 1, text: line.slice(slashes) });
  });
  return lines;
}

/** Every path a source file's comments name that names nothing, as `file:line: path (why)`. */
function missingCommentPaths(file: string, text: string, repository: RepositoryIndex): string[] {
  const found: string[] = [];
  for (const { line, text: comment } of commentLines(text)) {
    for (const word of comment.split(/\s+/)) {
      const path = pathOfWord(word);
      if (!COMMENT_PATH.test(path)) continue;
      const problem = checkCodePath(path, repository);
      if (problem) found.push(`${file}:${line}: ${path} (${problem})`);
    }
  }
  return found;
}

/** The lint checks' own tests and fixtures name files they plant on purpose. */
const sourceFiles = (files: readonly string[]) =>
  files.filter(
    (file) =>
      /\.(ts|svelte)$/.test(file) &&
      !file.endsWith('.d.ts') &&
      !file.startsWith('test/unit/lint/') &&
      !file.startsWith('test/fixtures/lint/'),
  );

const documentationPages = (files: readonly string[]) =>
  files.filter((file) => file === 'README.md' || (file.startsWith('docs/') && file.endsWith('.md')));

describe('repository paths in the documentation', () => {
  const files = repositoryFiles();
  const repository = indexOf(files);

  it.each([
    ['README.md', 'See `src-main/app/appCore.ts` and `test/e2e/`.'],
    ['README.md', 'The `app/` layer: `app/commandDispatcher.ts`, `contract/index.ts`.'],
    ['README.md', 'Run `npx vitest run test/unit/lint test/components`, then `npm start`.'],
    ['docs/x.md', 'See [the host](browser-host.md#the-port) and [recipes](recipes/).'],
    ['README.md', 'Read [docs/starting.md](docs/starting.md) and [the web](https://example.com/a/b).'],
    ['README.md', 'Globs and placeholders: `src-main/**/*.ts`, `<userData>/logs/main.log`, `calls/{id}`.'],
    ['README.md', 'A glob that matches: `src-main/app/settings/*.ts`, `test/unit/app/connection*.test.ts`.'],
    [
      'README.md',
      'Not ours: `out/main/index.js`, `node_modules/electron`, `/api/v1.0`, `~/.config/Ringside`.',
    ],
    ['README.md', 'Not paths: `application/json`, `answer/hold`, `HTTPS_PROXY`, `calls:dial`.'],
    ['README.md', 'Names: `ipc.ts`, `Button.svelte`; built or data: `browserHost.js`, `settings.json`.'],
    ['README.md', 'A fence is an example:\n```sh\nnode src-main/gone.ts\n```\n'],
    ['README.md', 'With a line or an anchor: `test/e2e/fixtures.ts:17`, `docs/calls.md#calls`.'],
    [
      'docs/recipes/x.md',
      '<!-- new files: src-main/new.ts -->\nCreate `src-main/new.ts`, a `.svelte.ts` file.',
    ],
  ])('accepts %s: %s', (page, text) => {
    expect(missingPaths(page, text, repository)).toEqual([]);
  });

  it.each([
    [
      'README.md',
      'See `src-main/cache/detailWriterWorker.ts`.',
      'README.md:1: `src-main/cache/detailWriterWorker.ts`',
    ],
    [
      'README.md',
      'The writer:\n`cache/detailWriterWorker.ts`.',
      'README.md:2: `cache/detailWriterWorker.ts`',
    ],
    ['README.md', 'Run `npx vitest run test/unit/gone`.', 'README.md:1: `test/unit/gone`'],
    ['README.md', 'The contract (`contract.ts`).', 'README.md:1: `contract.ts`'],
    ['README.md', 'The settings (`src-main/app/settings*.ts`).', 'README.md:1: `src-main/app/settings*.ts`'],
    [
      'docs/recipes/x.md',
      '<!-- new files: src-main/new.ts -->\nCreate `src-main/new.ts`, then `src-main/other.ts`.',
      'docs/recipes/x.md:2: `src-main/other.ts`',
    ],
    ['docs/x.md', 'See [the host](browserHost.md).', 'docs/x.md:1: (browserHost.md)'],
    ['README.md', 'See [the host](browser-host.md).', 'README.md:1: (browser-host.md)'],
  ])('reports %s: %s', (page, text, expected) => {
    const found = missingPaths(page, text, repository);
    expect(found).toHaveLength(1);
    expect(found[0]).toContain(expected);
  });

  it('finds every path of README.md and docs/ in the repository', () => {
    const pages = documentationPages(files);
    expect(pages).toContain('docs/ARCHITECTURE.md');
    const missing = pages.flatMap((page) =>
      missingPaths(page, readFileSync(resolve(root, page), 'utf8'), repository),
    );
    // One line per path: fix the page (the file moved?), or write it as a pattern if it is one.
    expect(missing.join('\n')).toBe('');
  });

  it('reports a path in a source comment that names nothing', () => {
    const source = [
      '/**',
      ' * Checked in src-main/app/settings/settingsSchema.ts (see shared/contract/settingsRegistry.ts).',
      ' * Not: shared/settingsContract.ts',
      ' */',
      "const url = 'https://example.com/a/b.ts'; // next to app/settingsSchema.ts",
    ].join('\n');
    expect(missingCommentPaths('x.ts', source, repository)).toEqual([
      'x.ts:3: shared/settingsContract.ts (no file or folder ends so)',
      'x.ts:5: app/settingsSchema.ts (no file or folder ends so)',
    ]);
  });

  it('finds every path named in a source comment in the repository', () => {
    const missing = sourceFiles(files).flatMap((file) =>
      missingCommentPaths(file, readFileSync(resolve(root, file), 'utf8'), repository),
    );
    // Fix the comment (the file moved or was renamed?).
    expect(missing.join('\n')).toBe('');
  });
});
