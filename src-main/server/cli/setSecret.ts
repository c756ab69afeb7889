/**
 * `npm run server -- set-secret --config FILE`: the PBX client secret from standard input (its first line,
 * so `echo`, a password manager's pipe or `systemd-ask-password` all work, and it never appears in the
 * process list or the shell's history as an argument would), stored in the configuration's `pbx.secretFile`
 * readable by its owner alone. The file is written beside its place and renamed over it, so the server never
 * reads half a secret; a file it replaces keeps its owner (run by root, the server's user still reads it).
 */
import {
  closeSync,
  fchownSync,
  fstatSync,
  fsyncSync,
  openSync,
  renameSync,
  rmSync,
  statSync,
  writeSync,
} from 'node:fs';
import { t } from '../../shared/i18n';
import { PRIVATE_FILE_MODE } from '../../app/privateFiles';
import { configuredSecretFile } from '../config';

export type SetSecretOutcome = { ok: true; path: string } | { ok: false; message: string };

async function firstLine(input: AsyncIterable<string | Buffer>): Promise<string> {
  let text = '';
  for await (const chunk of input) {
    text += chunk.toString();
    if (text.includes('\n')) break;
  }
  return text.split(/\r?\n/, 1)[0]!.trim();
}

export async function setSecret(
  configFile: string,
  input: AsyncIterable<string | Buffer>,
): Promise<SetSecretOutcome> {
  const target = configuredSecretFile(configFile);
  if ('problems' in target) return { ok: false, message: target.message };
  const secret = await firstLine(input);
  if (secret === '') return { ok: false, message: t('serverConfig.setSecretEmpty') };
  const draft = `${target.path}.${process.pid}.new`;
  try {
    const former = ownerOf(target.path);
    const fd = openSync(draft, 'wx', PRIVATE_FILE_MODE);
    try {
      const draftOwner = fstatSync(fd);
      if (former && (former.uid !== draftOwner.uid || former.gid !== draftOwner.gid)) {
        fchownSync(fd, former.uid, former.gid);
      }
      writeSync(fd, `${secret}\n`);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(draft, target.path);
  } catch (error) {
    rmSync(draft, { force: true });
    return {
      ok: false,
      message: t('serverConfig.setSecretUnwritable', { path: target.path, reason: (error as Error).message }),
    };
  }
  return { ok: true, path: target.path };
}

function ownerOf(path: string): { uid: number; gid: number } | undefined {
  try {
    const { uid, gid } = statSync(path);
    return { uid, gid };
  } catch {
    return undefined;
  }
}
