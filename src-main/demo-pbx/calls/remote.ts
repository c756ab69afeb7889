/** The other party of a call, from a dialled or presented number. */
import type { CallDirectory } from './directory';
import { normalizedNumber } from './numbers';
import { phonePartyIdentity, snapshotPhone, type PhoneSnapshot } from './phoneSnapshot';

/** The other party of a call, as the PBX saw it when the call started. */
export interface RemoteParty {
  /** `phone`: another extension of this PBX; `external`: through the trunk. */
  kind: 'phone' | 'external';
  /** As presented to the PBX (caller id) or as dialled. */
  number: string;
  /** E.164 for external numbers (when it parses), the extension for internal ones. */
  numberNorm: string;
  name: string;
  /** For `phone`: the phone, so its user and group count for permissions. */
  phone: PhoneSnapshot | null;
}

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
    return { kind: 'phone', ...phonePartyIdentity(snapshot), phone: snapshot };
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
