/**
 * The call `data` a dial from a person's card, the pop card or the history sends (docs/caller-context.md), so
 * the PBX's records link the call to the contact: `person_id`, and `external_id` when the person has one.
 * The main process fills in the external id from the directory cache when the window did not know it.
 */

/** `person_id`, and `external_id` when known. */
export type PersonCallData = Record<string, string | number>;

export function personCallData(
  person: { id: number; externalId?: string | null } | null | undefined,
): PersonCallData | undefined {
  if (!person) return undefined;
  return person.externalId
    ? { person_id: person.id, external_id: person.externalId }
    : { person_id: person.id };
}

/** The dial's data with the person's external id added, when it names a person and lacks one. */
export function withPersonExternalId<T extends { data?: Record<string, unknown> | undefined }>(
  args: T,
  externalIdOf: (personId: number) => string | null,
): T {
  const personId = args.data?.person_id;
  if (
    typeof personId !== 'number' ||
    !Number.isSafeInteger(personId) ||
    args.data?.external_id !== undefined
  ) {
    return args;
  }
  const externalId = externalIdOf(personId);
  return externalId ? { ...args, data: { ...args.data, external_id: externalId } } : args;
}
