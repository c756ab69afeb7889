/**
 * The phone a team server's agent works on, derived from their PBX user and never their own choice: an
 * administrator's override for the username when there is one, else the user's primary extension (the PBX
 * lets only an extension of type `phone` be it), driven by its extension number. A user without either has
 * no phone: they may look and search, but dialling and call control are refused (policy `noPhone`).
 */
import type { Extension, User } from '../../api/schemas';
import type { PhoneSelectorDto } from '../../shared/contract';

/** An administrator's `{ username: extension number }`; usernames compared without regard to case. */
export type PhoneOverrides = Readonly<Record<string, string>>;

export function overrideFor(overrides: PhoneOverrides, username: string): string | undefined {
  const wanted = username.trim().toLowerCase();
  for (const [name, extension] of Object.entries(overrides)) {
    if (name.trim().toLowerCase() === wanted && extension.trim() !== '') return extension.trim();
  }
  return undefined;
}

/** The agent's phone: the override, else the primary extension's number; null when neither. */
export function agentPhoneOf(
  user: Pick<User, 'username' | 'primary_extension'>,
  extensions: readonly Pick<Extension, 'id' | 'number' | 'type'>[],
  overrides: PhoneOverrides = {},
): PhoneSelectorDto | null {
  const override = overrideFor(overrides, user.username);
  if (override !== undefined) return { extension: override };
  if (user.primary_extension === null) return null;
  const primary = extensions.find(
    (extension) => extension.id === user.primary_extension && extension.type === 'phone',
  );
  return primary && primary.number !== '' ? { extension: primary.number } : null;
}
