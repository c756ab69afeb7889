/**
 * The secrets a browser holds for the team server (a session cookie, an enrollment link's token): 256 random
 * bits, base64url. The server keeps only their SHA-256, so a copy of its database opens no session.
 */
import { createHash, randomBytes } from 'node:crypto';

const TOKEN_BYTES = 32;
/** A session's or link's public id (for listing and revoking), not a secret. */
const ID_BYTES = 12;
/** base64url of TOKEN_BYTES: what a well-formed token looks like before any lookup. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const newSecretToken = (): string => randomBytes(TOKEN_BYTES).toString('base64url');

export const newPublicId = (): string => randomBytes(ID_BYTES).toString('base64url');

/** Whether a value could be a token at all: anything else is refused without touching the database. */
export const isWellFormedToken = (candidate: unknown): candidate is string =>
  typeof candidate === 'string' && TOKEN_PATTERN.test(candidate);

/** What is stored and looked up in place of the token. */
export const tokenHash = (token: string): Buffer => createHash('sha256').update(token, 'utf8').digest();
