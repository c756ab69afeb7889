/**
 * Checks what the contact editor sends before anything goes to the PBX, with one message per field
 * (`contacts.2.contact`), and turns it into the PBX's Contact shape. A phone contact must be a number in
 * some format Ringside can read with the default country (the number index is built the same way); an
 * e-mail an address; a web contact an http(s) address. Values are stored as the user wrote them (trimmed).
 */
import type { Contact } from '../../api/schemas';
import {
  CONTACT_TYPE_CODES,
  type ContactInput,
  type DirectoryCreatePersonArgs,
  type DirectoryFieldError,
} from '../../shared/contract';
import { normalizeNumber } from '../../shared/numbers';
import { t, type MessageKey } from '../../shared/i18n';

const EMAIL = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;

const EMPTY_MESSAGES: Record<ContactInput['type'], MessageKey> = {
  [CONTACT_TYPE_CODES.general]: 'store.contactEmptyGeneral',
  [CONTACT_TYPE_CODES.phone]: 'store.contactEmptyPhone',
  [CONTACT_TYPE_CODES.email]: 'store.contactEmptyEmail',
  [CONTACT_TYPE_CODES.web]: 'store.contactEmptyWeb',
};

function isWebAddress(text: string): boolean {
  const url = URL.parse(/^[a-z][a-z0-9+.-]*:/i.test(text) ? text : `https://${text}`);
  return (
    url !== null && (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.includes('.')
  );
}

/** Why this contact's text does not fit its type; null when it does. */
function contactProblem(contact: ContactInput, text: string, defaultCountry: string): string | null {
  if (!text) return t(EMPTY_MESSAGES[contact.type]);
  switch (contact.type) {
    case CONTACT_TYPE_CODES.phone:
      return normalizeNumber(text, defaultCountry) ? null : t('store.contactNotPhone', { text });
    case CONTACT_TYPE_CODES.email:
      return EMAIL.test(text) ? null : t('store.contactNotEmail', { text });
    case CONTACT_TYPE_CODES.web:
      return isWebAddress(text) ? null : t('store.contactNotWeb', { text });
    default:
      return null;
  }
}

export function contactErrors(
  contacts: readonly ContactInput[],
  defaultCountry: string,
): DirectoryFieldError[] {
  const errors: DirectoryFieldError[] = [];
  contacts.forEach((contact, index) => {
    const problem = contactProblem(contact, contact.contact.trim(), defaultCountry);
    if (problem) errors.push({ field: `contacts.${index}.contact`, message: problem });
  });
  return errors;
}

export function personErrors(args: DirectoryCreatePersonArgs, defaultCountry: string): DirectoryFieldError[] {
  const named = [args.firstname, args.lastname, args.displayname ?? ''].some((name) => name.trim() !== '');
  const errors = named ? [] : [{ field: 'firstname', message: t('store.personNameMissing') }];
  return [...errors, ...contactErrors(args.contacts, defaultCountry)];
}

/** The PBX's Contact shape: trimmed text, the PBX's id kept for contacts that already existed. */
export function toPbxContacts(contacts: readonly ContactInput[]): Contact[] {
  return contacts.map(({ id, type, contact, label }) => ({
    ...(id === undefined ? {} : { id }),
    type,
    contact: contact.trim(),
    label: label.trim(),
  }));
}
