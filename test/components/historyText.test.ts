/** The History row's line under the name: the number, and the company of the person the row names. */
import { describe, expect, it } from 'vitest';
import { historySubline } from '../../src-renderer/lib/historyText';
import { numberOwners } from '../fixtures/calls';
import { historyItem, janaCall } from './historyFixtures';

describe('the line under a History row’s name', () => {
  it('says the number and the named person’s company', () => {
    expect(historySubline(janaCall)).toBe('+420 777 123 456 · Nováková Trading');
  });

  it('never names a company the named person does not belong to, as rows recorded before the one rule did', () => {
    const recordedWithAnothersCompany = historyItem(2, {
      remote: janaCall.remote,
      match: numberOwners.jana,
      company: { id: 3, name: 'Svoboda Logistics' },
    });
    expect(historySubline(recordedWithAnothersCompany)).toBe('+420 777 123 456');
  });

  it('does not repeat a company’s own name', () => {
    const acme = historyItem(3, {
      remote: janaCall.remote,
      match: { kind: 'company', id: 5, name: 'ACME s.r.o.', label: 'reception' },
      company: { id: 5, name: 'ACME s.r.o.' },
    });
    expect(historySubline(acme)).toBe('+420 777 123 456');
  });
});
