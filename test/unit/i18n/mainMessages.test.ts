/**
 * Main's PBX, call, review and store messages in Czech and Slovak: errors are worded in the language in use
 * when they are made, and what the history stores (a review's notice, a wrap-up's failure) is worded when it
 * is read, so it follows a language switch.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { NetworkError, NotFound, Timeout } from '../../../src-main/api/errors';
import { newReview } from '../../../src-main/cache';
import { CacheFullError } from '../../../src-main/cache/errors';
import { stateLabel } from '../../../src-main/calls/callStateTable';
import { CallsError } from '../../../src-main/calls/errors';
import { buildReview, causeLabel, stepLabel } from '../../../src-main/calls/history/buildReview';
import { storedFailure, storedNotice, wordNotice } from '../../../src-main/calls/history/storedNotice';
import { QueuesError } from '../../../src-main/calls/queues/queuesError';
import { contactErrors } from '../../../src-main/app/directory/directoryContacts';
import { setActiveLocale } from '../../../src-main/shared/i18n';
import { displayNumber } from '../../../src-main/calls/callerLookup';

/** Numbers as an agent in Czechia sees them. */
const czechNumbers = (raw: string) => displayNumber(raw, 'CZ');

const UNIQUEID = '1773129600.7';
const timeout = (minutes: number) =>
  wordNotice(storedNotice('timeline.reviewTranscriptionTimeoutMinutes', { minutes }));

afterEach(() => setActiveLocale('en'));

describe('main messages in Czech', () => {
  it('words PBX, call and queue errors', () => {
    setActiveLocale('cs');
    expect(new NotFound({ method: 'GET', path: '/user/42' }).message).toBe(
      'Ústředna nenašla, na co se Ringside ptal. Možná to bylo smazáno, nebo je ID chybné.',
    );
    expect(new NetworkError('dns', 'pbx.example.com').message).toMatch(/^Název hostitele ústředny/);
    expect(new Timeout(2500, 'pbx.example.com').message).toContain('na požadavek do 2,5 s.');
    expect(CallsError.notConnected().message).toBe(
      'Ringside není připojen k ústředně. Nastavte ji v Nastavení.',
    );
    expect(QueuesError.notMember(7).message).toBe('Nejste členem fronty 7.');
    expect(new CacheFullError('/tmp/c.sqlite').message).toMatch(/^Disk s mezipamětí adresáře/);
    expect(contactErrors([{ type: 1, contact: 'abc', label: '' }], 'CZ')[0]?.message).toBe(
      '„abc“ není telefonní číslo.',
    );
  });

  it('words call states, hang-up causes and path steps', () => {
    setActiveLocale('cs');
    expect(stateLabel({ state: 'held', direction: 'inbound', stateName: 'held' })).toBe('Podrženo');
    expect(stateLabel({ state: 'unknown', direction: 'inbound', stateName: 'unknown (9)' })).toBe(
      'neznámý stav (9)',
    );
    expect(causeLabel(17)).toBe('Účastník obsazen');
    expect(causeLabel(99)).toBe('Příčina 99');
    expect(stepLabel(2)).toBe('Vstup do fronty');
  });

  it('words review notices with Czech plurals', () => {
    setActiveLocale('cs');
    expect(timeout(1)).toContain('ani po 1 minutě;');
    expect(timeout(3)).toContain('ani po 3 minutách;');
    expect(timeout(30)).toContain('ani po 30 minutách;');
  });
});

describe('main messages in Slovak', () => {
  it('words PBX, call and queue errors', () => {
    setActiveLocale('sk');
    expect(new NotFound({ method: 'GET', path: '/user/42' }, 'gone').message).toBe(
      'Ústredňa nenašla, na čo sa Ringside pýtal (gone). Možno to bolo vymazané, alebo je ID nesprávne.',
    );
    expect(CallsError.noPhone().message).toMatch(/^Ringside zatiaľ nepozná váš telefón/);
    expect(QueuesError.alreadyMember(3).message).toBe('Už ste členom frontu 3.');
  });

  it('words hang-up causes, path steps and plurals', () => {
    setActiveLocale('sk');
    expect(causeLabel(16)).toBe('Normálne ukončenie hovoru');
    expect(stepLabel(7)).toBe('Zavesené');
    expect(timeout(1)).toContain('ani po 1 minúte;');
    expect(timeout(4)).toContain('ani po 4 minútach;');
  });
});

describe('stored review notices', () => {
  it('follow a language switch after they were stored', () => {
    const stored = { ...newReview(UNIQUEID, 0), message: storedNotice('timeline.reviewNotConnected') };
    expect(buildReview(UNIQUEID, stored, null, 'agent', czechNumbers).fetch.message).toBe(
      'Ringside is not connected to the PBX; the review follows once it is.',
    );
    setActiveLocale('cs');
    const review = buildReview(UNIQUEID, stored, null, 'agent', czechNumbers);
    expect(review.fetch.message).toBe(
      'Ringside není připojen k ústředně; přehled hovoru se načte, jakmile připojen bude.',
    );
    expect(review.info).toEqual({ status: 'unavailable', reason: review.fetch.message });
  });

  it('keep a PBX error unworded, and show older plain text as it is', () => {
    const failure = storedFailure(new NotFound({ method: 'GET', path: `/call/${UNIQUEID}` }));
    setActiveLocale('sk');
    expect(wordNotice(failure)).toBe(
      'Ústredňa nenašla, na čo sa Ringside pýtal. Možno to bolo vymazané, alebo je ID nesprávne.',
    );
    expect(wordNotice('The PBX has no record of call 1.')).toBe('The PBX has no record of call 1.');
    expect(wordNotice(null)).toBeNull();
  });

  it('word a review without a record in the language in use', () => {
    setActiveLocale('cs');
    expect(buildReview(UNIQUEID, undefined, null, 'agent', czechNumbers).summary).toEqual({
      status: 'unavailable',
      reason: 'Záznam o hovoru z ústředny zatím nedorazil.',
    });
  });
});
