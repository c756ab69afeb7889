/**
 * One table over every way a number text reaches the dial path: as a `tel:` link (parsed by shared/tel.ts,
 * then `requestDial`), as the shortcut's selected text (`requestDial`) and typed on the dial pad
 * (`calls:dial`). For each, exactly what the PBX is asked to dial, whether the link and the shortcut ask
 * first although "Ask before dialling" is off, or the refusal. Default country CZ.
 */
import { describe, expect, it } from 'vitest';
import { CallerLookup } from '../../../src-main/calls/callerLookup';
import { DialService, type PlaceCallClient } from '../../../src-main/calls/dial/dialService';
import { MemoryRecentNumbersStore, RecentNumbers } from '../../../src-main/calls/dial/recentNumbers';
import type { DialCaution, DialRequest } from '../../../src-main/shared/contract';
import { readTelLink } from '../../../src-main/shell/telLinks';
import { spyLogger } from './fixtures';

/** What one surface does with the text: dials (asking first for a caution), or refuses with a reason. */
type Outcome = { dial: string; extension?: string; asks?: DialCaution } | { refused: RegExp };

/** The same outcome on every surface. */
const all = (outcome: Outcome): [Outcome, Outcome, Outcome] => [outcome, outcome, outcome];
/** Links and the shortcut ask although the setting is off; the dial pad is the agent's own typing. */
const asks = (dial: string, caution: DialCaution): [Outcome, Outcome, Outcome] => [
  { dial, asks: caution },
  { dial, asks: caution },
  { dial },
];
const refused = (reason: RegExp): Outcome => ({ refused: reason });
const notARead = refused(/cannot be read as a phone number/);
const notANumber = refused(/is not a phone number/);
const featureCodeFromLink = refused(/'\*' and '#' \(PBX feature codes\) are dialled from the dial pad only/);
const featureCodeFromShortcut = refused(/is a PBX feature code: dial it from the dial pad/);
/** A feature code: dialled as typed from the dial pad only. */
const featureCode = (dial: string): [Outcome, Outcome, Outcome] => [
  featureCodeFromLink,
  featureCodeFromShortcut,
  { dial },
];
const tooManyDigits = refused(/the number has more than 15 digits/);

/** [text, then what it does as a link, as the shortcut's selected text, and typed on the dial pad] */
const table: [string, ...[link: Outcome, shortcut: Outcome, dialpad: Outcome]][] = [
  ['+420777123456', ...all({ dial: '+420777123456' })],
  ['+420 777 123 456', ...all({ dial: '+420777123456' })],
  ['777 123 456', ...all({ dial: '+420777123456' })],
  ['00420777123456', ...all({ dial: '+420777123456' })],
  // another country than the default one (CZ), an international network, a satellite service
  ['+44 20 7946 0958', ...asks('+442079460958', 'foreign-country')],
  ['+882 3456 7890', ...asks('+88234567890', 'international-network')],
  ['+870 773 111 111', ...asks('+870773111111', 'international-network')],
  ['201', ...all({ dial: '201' })],
  ['+420777123456;ext=12', ...all({ dial: '+420777123456', extension: '12' })],
  // emergency numbers: 112 everywhere, the Czech ones, and behind an outside-line prefix
  ['112', ...asks('112', 'emergency')],
  ['155', ...asks('155', 'emergency')],
  ['158', ...asks('158', 'emergency')],
  ['0112', ...asks('0112', 'emergency')],
  // 911 is not an emergency number in the Czech Republic: a short internal number there
  ['911', ...all({ dial: '911' })],
  // numbers that cost money
  ['+420 900 123 456', ...asks('+420900123456', 'premium-rate')],
  ['906123456', ...asks('+420906123456', 'premium-rate')],
  ['+420 840 123 456', ...asks('+420840123456', 'shared-cost')],
  // feature codes: the dial pad only
  ['*31#', ...featureCode('*31#')],
  ['#31#', ...featureCode('#31#')],
  ['*31#0777123456', ...featureCode('*31#0777123456')],
  ['* 21 * 201 #', ...featureCode('*21*201#')],
  // `#` inside a link is never read as an extension; typed after a number it is one, as in the directory
  ['123%23456', featureCodeFromLink, notARead, notARead],
  ['201#45', featureCodeFromLink, { dial: '201', extension: '45' }, { dial: '201', extension: '45' }],
  ['12*34', featureCodeFromLink, notARead, notARead],
  // E.164's 15 digits, and the extension's 8
  ['1'.repeat(250), tooManyDigits, notARead, notARead],
  ['+1234567890123456', tooManyDigits, notARead, notARead],
  ['+420777123456;ext=123456789', refused(/the extension has more than 8 digits/), notARead, notARead],
  // not numbers at all
  ['--inspect', refused(/starts with '-'/), notANumber, notANumber],
  ['1-800-FLOWERS', refused(/not allowed in a phone number: 'F'/), notARead, notARead],
];

function dialService() {
  const placed: string[] = [];
  const requests: DialRequest[] = [];
  const client: PlaceCallClient = {
    placeCall: async (_selector, to) => {
      placed.push(to);
      return `Calling ${to}`;
    },
  };
  const service = new DialService({
    lookup: new CallerLookup(
      () => undefined,
      () => 'CZ',
    ),
    recents: new RecentNumbers(new MemoryRecentNumbersStore(), spyLogger()),
    connection: () => ({ client, selector: { identifier: 'agent-phone' } }),
    confirmBeforeDial: () => false,
    requestConfirmation: (request) => requests.push(request),
    afterDial: () => {},
    clock: { now: () => 0 },
    logger: spyLogger(),
    newRequestId: () => `request-${requests.length + 1}`,
  });
  return { service, placed };
}

/** `requestDial` as links and the shortcut use it, with the setting off; a refusal is its reason. */
async function requested(text: string, source: 'link' | 'shortcut'): Promise<Outcome | string> {
  const { service, placed } = dialService();
  const outcome = await service.request(text, source);
  if (outcome.status === 'refused') return outcome.reason;
  if (outcome.status === 'confirm') {
    expect(placed).toEqual([]);
    const { dial, number, caution } = outcome.request;
    return withExtension({ dial, ...(caution ? { asks: caution } : {}) }, number.extension);
  }
  expect(placed).toEqual([outcome.result.dialled]);
  return withExtension({ dial: outcome.result.dialled }, outcome.result.number.extension);
}

async function throughLink(text: string): Promise<Outcome | string> {
  const found = readTelLink(`tel:${text}`);
  return found.ok ? requested(found.dial, 'link') : found.reason;
}

/** `calls:dial` from the dial pad; a refusal is its message. */
async function throughDialPad(text: string): Promise<Outcome | string> {
  const { service, placed } = dialService();
  try {
    const result = await service.dial({ number: text, source: 'dialpad' });
    expect(placed).toEqual([result.dialled]);
    return withExtension({ dial: result.dialled }, result.number.extension);
  } catch (error) {
    expect(placed).toEqual([]);
    return (error as Error).message;
  }
}

function withExtension(outcome: Outcome, extension: string | undefined): Outcome {
  return extension ? { ...outcome, extension } : outcome;
}

function check(actual: Outcome | string, expected: Outcome): void {
  if ('refused' in expected) expect(actual).toEqual(expect.stringMatching(expected.refused));
  else expect(actual).toEqual(expected);
}

describe('one dial model over links, the shortcut and the dial pad', () => {
  it.each(table)('%s', async (text, link, shortcut, dialpad) => {
    check(await throughLink(text), link);
    check(await requested(text, 'shortcut'), shortcut);
    check(await throughDialPad(text), dialpad);
  });
});
