/**
 * Finds user-visible text written into code instead of taken from the message catalogues: text and
 * user-facing attributes (aria-label, title, placeholder, alt…) in Svelte markup, and sentence-like string
 * literals in TypeScript (components' scripts, renderer lib, main). Log lines, plain `Error`s (which never
 * reach a person: they surface as "internal") and code-like strings are not text. Run it on files to list
 * findings: `npx tsx test/support/untranslatedText.ts src-renderer/views/CallsView.svelte`.
 */
import { readFileSync } from 'node:fs';
import { parse } from 'svelte/compiler';
import ts from 'typescript';

export interface Finding {
  file: string;
  line: number;
  text: string;
}

const TEXT_ATTRIBUTES = new Set([
  'aria-label',
  'aria-description',
  'aria-roledescription',
  'aria-valuetext',
  'aria-placeholder',
  'title',
  'placeholder',
  'alt',
  'label',
]);

/**
 * Properties whose text a person reads or hears (an accessible name, a tooltip, a label built in state): any
 * word in them is text, even a single one ("Close"), unless it is a message key (`calls.hold`).
 */
const TEXT_PROPERTIES =
  /^(label|title|placeholder|alt|tooltip|ariaLabel|ariaDescription|ariaRoleDescription|ariaValueText|ariaPlaceholder|aria-label|aria-description|aria-roledescription|aria-valuetext|aria-placeholder)$/;

/** `calls.hold`, `settings.shortcutLabel`: a catalogue key, not text. */
const MESSAGE_KEY = /^[a-z][\w-]*(\.[\w-]+)+$/;

/** Whether a literal given to a text property or attribute holds words (and is no message key). */
function hasWords(value: string): boolean {
  const trimmed = value.trim();
  return /\p{L}{2}/u.test(trimmed) && !MESSAGE_KEY.test(trimmed);
}

/** Calls whose string arguments are for developers or logs, not for the agent. */
const DEVELOPER_CALLS =
  /^(logger|log|this\.logger|this\.deps\.logger|deps\.logger|console)\.|^(Error|TypeError|RangeError)$|\.(debug|info|warn|error|once)$|^process\.std(out|err)\.write$|\.(prepare|exec)$/;

/** Whether a literal reads as words for a person: a capitalised word with lowercase letters and a space or a sentence end. */
export function looksLikeText(value: string): boolean {
  const trimmed = value.trim();
  if (!/\p{L}{2}/u.test(trimmed)) return false;
  if (/^[\w.-]+\/[\w./-]*$/.test(trimmed) || /^https?:/.test(trimmed)) return false;
  if (/^[a-z]+(:[a-z-]+)+$/.test(trimmed)) return false; // channels, keys
  if (/^(SELECT|INSERT|UPDATE|DELETE|CREATE|DROP|PRAGMA|WITH|ALTER)\b/.test(trimmed)) return false;
  const startsAsWords = /^[\p{Lu}][\p{Ll}’']+([\s,:;.!?…]|$)/u.test(trimmed);
  const sentence = /\p{Ll}[\s\p{L}’',]*[.!?…]$/u.test(trimmed) && /\s/.test(trimmed);
  // A phrase of four or more words with a count or name put in front ("12 missed calls not seen yet").
  const phrase = /^(\d+|x ) +\p{Ll}{2,}( \p{Ll}{2,}){3,}$/u.test(trimmed);
  return (startsAsWords && (/\s/.test(trimmed) || /[.!?…]$/.test(trimmed))) || sentence || phrase;
}

function calleeName(node: ts.Node): string {
  if (ts.isCallExpression(node) || ts.isNewExpression(node)) return node.expression.getText();
  return '';
}

function isDeveloperText(node: ts.Node): boolean {
  for (let parent = node.parent; parent; parent = parent.parent) {
    if (ts.isCallExpression(parent) || ts.isNewExpression(parent)) {
      if (DEVELOPER_CALLS.test(calleeName(parent))) return true;
    }
    if (ts.isImportDeclaration(parent) || ts.isExportDeclaration(parent)) return true;
    if (ts.isPropertyAssignment(parent) && /^(code|type|kind|channel|reason)$/.test(parent.name.getText()))
      return true;
    if (ts.isStatement(parent)) return false;
  }
  return false;
}

function literalText(node: ts.Node): string | undefined {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node)) {
    return [node.head.text, ...node.templateSpans.map((span) => `x ${span.literal.text}`)].join('');
  }
  return undefined;
}

/**
 * A literal on a line marked `i18n-exempt: <why>` (or right under such a line) is not for the agent: a
 * terminal message for developers, a protocol text a browser shows raw.
 */
function exempt(source: string, line: number): boolean {
  const lines = source.split('\n');
  return [lines[line], lines[line - 1]].some((text) => text?.includes('i18n-exempt'));
}

/** The literal is the value of a text property (`label: 'Close'`) or attribute (`setAttribute('title', …)`). */
function isNamedText(node: ts.Node): boolean {
  const parent = node.parent;
  if (ts.isPropertyAssignment(parent) && parent.initializer === node) {
    const name = ts.isStringLiteral(parent.name) ? parent.name.text : parent.name.getText();
    return TEXT_PROPERTIES.test(name);
  }
  if (ts.isBinaryExpression(parent) && parent.right === node && ts.isPropertyAccessExpression(parent.left)) {
    return TEXT_PROPERTIES.test(parent.left.name.text);
  }
  if (
    ts.isCallExpression(parent) &&
    parent.arguments[1] === node &&
    /\.setAttribute$/.test(calleeName(parent))
  ) {
    const attribute = parent.arguments[0];
    return !!attribute && ts.isStringLiteral(attribute) && TEXT_ATTRIBUTES.has(attribute.text);
  }
  return false;
}

/** Sentence-like literals in TypeScript source. `lineOffset` places a Svelte script in its file. */
export function findInScript(file: string, source: string, lineOffset = 0): Finding[] {
  const sourceFile = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const findings: Finding[] = [];
  const visit = (node: ts.Node): void => {
    const value = literalText(node);
    if (value !== undefined) {
      const { line } = sourceFile.getLineAndCharacterOfPosition(node.getStart());
      const text = looksLikeText(value) || (isNamedText(node) && hasWords(value));
      if (text && !isDeveloperText(node) && !exempt(source, line)) {
        findings.push({ file, line: line + 1 + lineOffset, text: value });
      }
      if (!ts.isTemplateExpression(node)) return;
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return findings;
}

interface SvelteNode {
  type: string;
  start: number;
  data?: string;
  name?: string;
  value?: unknown;
  [key: string]: unknown;
}

function lineAt(source: string, offset: number): number {
  return source.slice(0, offset).split('\n').length;
}

/** Text nodes and user-facing attributes with letters in Svelte markup, and its scripts' literals. */
export function findInSvelte(file: string, source: string): Finding[] {
  const ast = parse(source, { modern: true });
  const findings: Finding[] = [];
  const walk = (node: unknown): void => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) return node.forEach(walk);
    const svelteNode = node as SvelteNode;
    if (
      svelteNode.type === 'Text' &&
      typeof svelteNode.data === 'string' &&
      /\p{L}{2}/u.test(svelteNode.data)
    ) {
      findings.push({ file, line: lineAt(source, svelteNode.start), text: svelteNode.data.trim() });
    }
    if (
      svelteNode.type === 'Literal' &&
      typeof svelteNode.value === 'string' &&
      looksLikeText(svelteNode.value)
    ) {
      findings.push({ file, line: lineAt(source, svelteNode.start), text: svelteNode.value });
    }
    if (svelteNode.type === 'TemplateLiteral') {
      // `aria-label={`Dial ${number}`}`: the literal parts, a placeholder standing for each value.
      const quasis = svelteNode['quasis'] as { value: { cooked: string } }[];
      const value = quasis.map((quasi) => quasi.value.cooked).join('x ');
      if (looksLikeText(value)) findings.push({ file, line: lineAt(source, svelteNode.start), text: value });
    }
    if (svelteNode.type === 'Attribute') {
      // Static attribute text is words only in the attributes a person hears or sees (not class, id, href…).
      const parts = Array.isArray(svelteNode.value) ? (svelteNode.value as SvelteNode[]) : [svelteNode.value];
      for (const part of parts as SvelteNode[]) {
        if (part?.type !== 'Text') walk(part);
        else if (TEXT_ATTRIBUTES.has(svelteNode.name ?? '') && /\p{L}{2}/u.test(part.data ?? '')) {
          findings.push({
            file,
            line: lineAt(source, part.start),
            text: `${svelteNode.name}="${part.data}"`,
          });
        }
      }
      return;
    }
    for (const [key, value] of Object.entries(svelteNode)) {
      if (key !== 'parent' && key !== 'instance' && key !== 'module' && key !== 'css') walk(value);
    }
  };
  walk(ast.fragment);
  for (const script of [ast.instance, ast.module]) {
    if (!script) continue;
    const content = script.content as unknown as { start: number; end: number };
    const code = source.slice(content.start, content.end);
    findings.push(...findInScript(file, code, lineAt(source, content.start) - 1));
  }
  return findings;
}

export function findUntranslated(files: readonly string[]): Finding[] {
  return files.flatMap((file) => {
    const source = readFileSync(file, 'utf8');
    return file.endsWith('.svelte') ? findInSvelte(file, source) : findInScript(file, source);
  });
}

if (process.argv[1]?.endsWith('untranslatedText.ts')) {
  for (const finding of findUntranslated(process.argv.slice(2))) {
    console.log(`${finding.file}:${finding.line}: ${JSON.stringify(finding.text)}`);
  }
}
