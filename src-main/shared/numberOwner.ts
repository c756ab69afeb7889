/**
 * Which company owns a number, by one rule for every surface (the history, the screen-pop, the call rows, the
 * notifications of both hosts): the number's owner is its best match (persons rank first); a person's company
 * is that person's own first company, a company is its own. Never the company of another match: a number
 * that a person without a company shares with a company's switchboard is the person's, with no company.
 * Colleagues and extensions have none.
 */
import type { NumberMatch } from './contract';

export interface OwningCompany {
  id: number;
  name: string;
}

/** The company of one owner of a number, by the rule above. */
export function companyOfOwner(owner: NumberMatch | null | undefined): OwningCompany | null {
  if (owner?.kind === 'company') return { id: owner.id, name: owner.name };
  const first = owner?.kind === 'person' ? owner.companies[0] : undefined;
  return first ? { id: first.id, name: first.name } : null;
}

/** The company that owns a number, from its owners best first (as the directory lookup returns them). */
export function owningCompany(matches: readonly NumberMatch[]): OwningCompany | null {
  return companyOfOwner(matches[0]);
}

/** The company to show beside the owner's name: a person's; none for a company, whose name is the name. */
export function companyBesideName(owner: NumberMatch | null | undefined): string | null {
  return owner?.kind === 'person' ? (companyOfOwner(owner)?.name ?? null) : null;
}
