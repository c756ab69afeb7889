/** The agent's `clid_number` as the Dial screen shows it (docs/caller-context.md). */
import type { CallerNumberView } from '../../shared/contract';
import { displayNumber } from '../../calls/callerLookup';

export function callerNumberView(
  clidNumber: string | undefined,
  defaultCountry: string,
): CallerNumberView | null {
  const number = clidNumber?.trim();
  if (!number) return null;
  try {
    return { display: displayNumber(number, defaultCountry) };
  } catch {
    // An unsupported default country is a settings problem; the number as the PBX gives it still shows.
    return { display: number };
  }
}
