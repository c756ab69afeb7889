/** The other party of a call, from a dialled or presented number. */
import type { CallDirectory } from './directory';
import { snapshotPhone, type RemoteParty } from './model';
import { normalizedNumber } from './numbers';

/**
 * A phone of this PBX when the number is one of its extensions, else an outside party; `knownName` (a CRM
 * contact's) wins over the phonebook's name for the number.
 */
export function resolveRemoteParty(
  directory: CallDirectory,
  defaultCountry: string,
  dialled: string,
  asGiven: string,
  knownName?: string,
): RemoteParty {
  const phone = dialled.startsWith('+') ? undefined : directory.findPhone({ extension: dialled });
  if (phone) {
    const snapshot = snapshotPhone(phone);
    return {
      kind: 'phone',
      number: phone.extension,
      numberNorm: phone.extension,
      name: snapshot.user?.displayname ?? phone.extension,
      phone: snapshot,
    };
  }
  const numberNorm = normalizedNumber(dialled, defaultCountry);
  return {
    kind: 'external',
    // Outside numbers reach the PBX, and leave it, in international form where they parse.
    number: numberNorm.startsWith('+') ? numberNorm : dialled,
    numberNorm,
    name: knownName ?? directory.nameForNumber?.(asGiven) ?? '',
    phone: null,
  };
}
