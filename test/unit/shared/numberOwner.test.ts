/** Which company owns a number: one rule for the history, the screen-pop, the call rows and notifications. */
import { describe, expect, it } from 'vitest';
import type { NumberMatch } from '../../../src-main/shared/contract';
import { companyBesideName, owningCompany } from '../../../src-main/shared/numberOwner';
import { numberOwners } from '../../fixtures/calls';

const { jana, petr } = numberOwners;
const acme: NumberMatch = { kind: 'company', id: 5, name: 'ACME s.r.o.', label: 'reception' };
const colleague: NumberMatch = { kind: 'user', id: 2, name: 'Eva Malá', label: 'work' };

describe('the company that owns a number', () => {
  it('is the best match’s own, never another person’s with the same number', () => {
    expect(owningCompany([jana, petr])).toBeNull();
    expect(owningCompany([jana, acme])).toBeNull();
    expect(owningCompany([petr, jana])).toEqual({ id: 3, name: 'Svoboda Logistics' });
  });

  it('is the company itself for its own number; none for a colleague or an unknown number', () => {
    expect(owningCompany([acme, colleague])).toEqual({ id: 5, name: 'ACME s.r.o.' });
    expect(owningCompany([colleague])).toBeNull();
    expect(owningCompany([])).toBeNull();
  });

  it('stands beside a person’s name, and is not repeated beside a company’s', () => {
    expect(companyBesideName(petr)).toBe('Svoboda Logistics');
    expect(companyBesideName(acme)).toBeNull();
    expect(companyBesideName(null)).toBeNull();
  });
});
