/**
 * Opening Ringside again while its browser host runs gives a fresh link. Links are single-use and expire, so
 * a second `npm start -- --browser` on the same profile asks the running host for one instead of saying it
 * runs: the host writes `browser-host-link.json` (mode 0600, the user's alone) into the profile with its pid,
 * port and a per-launch secret, and answers `POST LINK_REQUEST_PATH` with a new link to whoever sends that
 * secret (and opens it in the browser when asked, as its own start does, so the redirect file it writes is
 * cleaned up by a process that stays). A web page cannot read the file, and a request with an Origin (any
 * browser's) is refused.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PRIVATE_FILE_MODE } from '../app/privateFiles';
import { SECRET_BYTES } from './browserSessions';

export const LINK_FILE = 'browser-host-link.json';
export const LINK_REQUEST_PATH = '/_ringside/link';
/** How long the newcomer waits for the running host's answer. */
const LINK_REQUEST_TIMEOUT_MS = 5000;

export interface LinkFile {
  pid: number;
  port: number;
  secret: string;
}

export const newLinkSecret = () => randomBytes(SECRET_BYTES).toString('base64url');

/** Written whole, 0600, replacing what a former run left. */
export function writeLinkFile(directory: string, file: LinkFile): () => void {
  const path = join(directory, LINK_FILE);
  rmSync(path, { force: true });
  writeFileSync(path, `${JSON.stringify(file)}\n`, { mode: PRIVATE_FILE_MODE, flag: 'wx' });
  return () => {
    if (readLinkFile(directory)?.pid === file.pid) rmSync(path, { force: true });
  };
}

export function readLinkFile(directory: string): LinkFile | undefined {
  try {
    const parsed = JSON.parse(readFileSync(join(directory, LINK_FILE), 'utf8')) as Partial<LinkFile>;
    const { pid, port, secret } = parsed;
    if (!Number.isSafeInteger(pid) || !Number.isSafeInteger(port) || typeof secret !== 'string')
      return undefined;
    return { pid: pid!, port: port!, secret };
  } catch {
    return undefined;
  }
}

/** Whether an `Authorization` header carries the link secret (in constant time). */
export function isLinkRequestAuthorized(authorization: string | undefined, secret: string): boolean {
  const given = Buffer.from(/^Bearer (\S+)$/.exec(authorization ?? '')?.[1] ?? '');
  const expected = Buffer.from(secret);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** What the newcomer asks for: a link, and whether the running host should open it in the browser. */
export interface LinkRequest {
  open: boolean;
}

/**
 * Asks the host that holds the profile (pid `holderPid`) for a fresh link; undefined when its link file is
 * missing or another process's, or it does not answer with one.
 */
export async function requestFreshLink(
  directory: string,
  holderPid: number,
  { open, fetchLink = fetch }: { open: boolean; fetchLink?: typeof fetch },
): Promise<string | undefined> {
  const file = readLinkFile(directory);
  if (!file || file.pid !== holderPid) return undefined;
  try {
    const response = await fetchLink(`http://127.0.0.1:${file.port}${LINK_REQUEST_PATH}`, {
      method: 'POST',
      // i18n-exempt: an HTTP header, read by no person.
      headers: { authorization: `Bearer ${file.secret}`, 'content-type': 'application/json' },
      body: JSON.stringify({ open } satisfies LinkRequest),
      signal: AbortSignal.timeout(LINK_REQUEST_TIMEOUT_MS),
    });
    if (!response.ok) return undefined;
    const { url } = (await response.json()) as { url?: unknown };
    return typeof url === 'string' && url.startsWith('http://') ? url : undefined;
  } catch {
    return undefined;
  }
}
