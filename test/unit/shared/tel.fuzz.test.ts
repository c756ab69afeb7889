import { expect, test } from 'vitest';
import { parseDialTarget } from '../../../src-main/shared/dialModel';
import { dialTextOf, MAX_TEL_URI_LENGTH, parseTelUri } from '../../../src-main/shared/tel';

/** mulberry32: a tiny seeded PRNG, so a failing input can be reproduced from the seed. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SEED = 3966;
const CASES_PER_KIND = 3334; // three kinds, 10,002 strings in all

/** Re-seeded by each test, so each kind is reproducible on its own (`-t mutations`). */
let random = seededRandom(SEED);
const below = (n: number) => Math.floor(random() * n);
const pick = <T>(items: readonly T[]): T => items[below(items.length)] as T;

/** Characters a hostile or broken link might carry besides printable ASCII. */
const NASTY = [
  '\0',
  '\n',
  '\r',
  '\t',
  '\u007f',
  '\u00a0',
  '\u200f',
  '\u202e',
  '\uff0b',
  '\uff11',
  '\u0661',
  '\ud800',
];

function printableAscii(): string {
  let text = random() < 0.5 ? pick(['tel:', 'callto:', 'TEL:', 'callto://']) : '';
  const length = below(random() < 0.05 ? 400 : 40);
  for (let i = 0; i < length; i++)
    text += random() < 0.05 ? pick(NASTY) : String.fromCharCode(0x20 + below(95));
  return text;
}

/** Pieces of the grammar (mostly well-formed) and hostile pieces, glued in random order. */
const GRAMMAR_FRAGMENTS = [
  ...['+', '+1', '+420', '0', '7', '123', '555', '0123', '*', '#', '%23', '%2A', '%2B', '+44 20', '%41'],
  ...['-', '.', '(', ')', ' ', '%20', '%2D', ';', '=', ';ext=', ';EXT=', ';isub=', ';phone-context='],
  ...[';npdi', ';rn=', ';foo=bar', ';x=%24', 'example.com', 'Example.COM.', '-bad.', 'a..b', '//', '/', ':'],
];
const HOSTILE_FRAGMENTS = [
  ...['%', '%0', '%00', '%0A', '%C2%A0', '%zz', 'someone', 'live:', 'FLOWERS', 'A', 'O', '_', '@', '?', ','],
  ...['--inspect', '--gpu-launcher=', '$(id)', '`id`', '"', "'", '|', '&', '<', '>', '\\', '\n', '\0'],
  ...['\u200f', '\uff0b', '\uff14', '\u06f4', 'tel:', 'callto:'],
];
const fragment = () => pick(random() < 0.9 ? GRAMMAR_FRAGMENTS : HOSTILE_FRAGMENTS);

function gluedFragments(): string {
  let text = random() < 0.8 ? pick(['tel:', 'callto:', 'tel://', 'callto://']) : '';
  const count = 1 + below(random() < 0.05 ? 80 : 10);
  for (let i = 0; i < count; i++) text += fragment();
  return text;
}

const VALID_LINKS = [
  'tel:+1-201-555-0123',
  'tel:+1-201-555-0123;ext=1234',
  'tel:+1-201-555-0123;isub=1134;npdi',
  'tel:7042;phone-context=example.com',
  'tel:863-1234;phone-context=+1-914-555',
  'tel:31123;phone-context=+420',
  'tel:+44%2020%207946%200958',
  'tel:+44 20 7946 0958',
  'tel:0777123456',
  'callto://+420777123456/',
  'callto:+420777123456',
];

function mutatedLink(): string {
  let text = pick(VALID_LINKS);
  const mutations = 1 + below(4);
  for (let m = 0; m < mutations; m++) {
    const at = below(text.length + 1);
    const char = random() < 0.2 ? pick(NASTY) : String.fromCharCode(0x20 + below(95));
    switch (below(5)) {
      case 0: // insert
        text = text.slice(0, at) + char + text.slice(at);
        break;
      case 1: // delete
        text = text.slice(0, at) + text.slice(at + 1);
        break;
      case 2: // replace
        text = text.slice(0, at) + char + text.slice(at + 1);
        break;
      case 3: // duplicate a slice
        text = text.slice(0, at) + text.slice(below(text.length), at) + text.slice(at);
        break;
      default: // insert a grammar fragment
        text = text.slice(0, at) + fragment() + text.slice(at);
    }
  }
  return text;
}

/** What may come out of an accepted link: the dial model's digits, nothing the input smuggled in. */
const NUMBER = /^\+?[0-9]{1,15}$/;
const EXTENSION = /^[0-9]{1,8}$/;
const CONTEXT = /^(\+[0-9]+|([a-z0-9]([a-z0-9-]*[a-z0-9])?\.)*[a-z]([a-z0-9-]*[a-z0-9])?)$/;
const REASON = /^[\x20-\x7e]{1,200}$/;

/** Returns what is wrong with the outcome of parsing `link`, or nothing. */
function violation(link: string): string | undefined {
  let result;
  try {
    result = parseTelUri(link);
  } catch (error) {
    return `threw ${String(error)}`;
  }
  if (!result.ok)
    return REASON.test(result.reason) ? undefined : `unsafe reason ${JSON.stringify(result.reason)}`;
  const { ok: _ok, number, extension, context, ...rest } = result;
  if (link.length > MAX_TEL_URI_LENGTH) return 'accepted an over-long link';
  if (!NUMBER.test(number)) return `number ${JSON.stringify(number)}`;
  if (extension !== undefined && !EXTENSION.test(extension)) return `extension ${JSON.stringify(extension)}`;
  if (context !== undefined && !CONTEXT.test(context)) return `context ${JSON.stringify(context)}`;
  if (context !== undefined && number.startsWith('+')) return 'phone-context on a global number';
  if (Object.keys(rest).length > 0) return `unexpected fields ${Object.keys(rest).join(', ')}`;
  // The dialled number is stable: parsing it again as a link gives the same number.
  const again = parseTelUri(`tel:${number}`);
  if (!again.ok || again.number !== number)
    return `re-parsing ${JSON.stringify(number)} gave ${JSON.stringify(again)}`;
  // What the link hands the dial path is always the dial model's canonical text (never refused for shape).
  if (!parseDialTarget(dialTextOf(result))) return `the dial path would refuse ${dialTextOf(result)}`;
  return undefined;
}

test.each([
  ['random printable ASCII', SEED, printableAscii],
  ['grammar fragments glued together', SEED + 1, gluedFragments],
  ['mutations of valid links', SEED + 2, mutatedLink],
])(
  'fuzz: %s (seed %i) never throws and never accepts characters outside the grammar',
  (_kind, seed, generate) => {
    random = seededRandom(seed);
    const failures: string[] = [];
    let acceptedCount = 0;
    for (let i = 0; i < CASES_PER_KIND; i++) {
      const link = generate();
      const problem = violation(link);
      if (problem) failures.push(`${JSON.stringify(link)}: ${problem}`);
      if (parseTelUri(link).ok) acceptedCount++;
    }
    expect(failures.slice(0, 20)).toEqual([]);
    // Both outcomes must be exercised, or the fuzz test says nothing about the accepting paths.
    expect(acceptedCount).toBeGreaterThan(0);
    expect(acceptedCount).toBeLessThan(CASES_PER_KIND);
  },
);
