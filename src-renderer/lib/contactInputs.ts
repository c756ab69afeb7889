/**
 * A person card's contacts as `directory:updateContacts` takes them: the contact editor starts from these,
 * and so does adding a number from the pop card (both send them as the `base` main merges against).
 */
import type { ContactInput, ContactType, PersonCard } from '../../src-main/shared/contract';

export function contactInputsOf(card: PersonCard): ContactInput[] {
  return card.contacts.map((contact) => ({
    ...(contact.id === null ? {} : { id: contact.id }),
    type: contact.type as ContactType,
    contact: contact.contact,
    label: contact.label,
  }));
}
