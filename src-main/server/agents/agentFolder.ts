/**
 * Where an agent's own files live in the server's data directory: `agents/<folder>/`, one folder per PBX
 * username, 0700. The folder's name is made from the username, never taken as given: a username is the
 * PBX's text (or an identity provider's claim) and may hold `/`, `..` or characters a file system refuses,
 * so only a readable part of it survives, followed by a hash of the whole that keeps two names apart.
 * Usernames are compared without regard to case (as the PBX does), so `Jana` and `jana` share one folder.
 */
import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PRIVATE_FOLDER_MODE } from '../../app/privateFiles';

/** The folder of every agent's own files inside the server's data directory. */
export const AGENTS_FOLDER = 'agents';

/** How much of the username's readable part is kept (file systems allow 255 bytes; this stays far below). */
const READABLE_LENGTH = 40;
const HASH_LENGTH = 16;

/** The folder name of `username`: `<readable part>-<16 hex of SHA-256 of the lower-cased name>`. */
export function agentFolderName(username: string): string {
  const canonical = username.trim().toLowerCase();
  const readable = canonical
    .normalize('NFKD')
    .replace(/[^a-z0-9_-]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, READABLE_LENGTH);
  const hash = createHash('sha256').update(canonical, 'utf8').digest('hex').slice(0, HASH_LENGTH);
  return `${readable || 'agent'}-${hash}`;
}

/** Creates (0700) and returns the agent's folder inside `dataDirectory`. */
export function agentFolder(dataDirectory: string, username: string): string {
  const folder = join(dataDirectory, AGENTS_FOLDER, agentFolderName(username));
  mkdirSync(folder, { recursive: true, mode: PRIVATE_FOLDER_MODE });
  return folder;
}
