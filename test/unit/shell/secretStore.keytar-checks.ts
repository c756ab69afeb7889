/**
 * Run by secretStore.keytar.test.ts in a child process with a real Secret Service (gnome-keyring under
 * dbus-run-session): exercises the real KeytarSecretStore and prints what it saw as one JSON line.
 * Run it yourself with `node --import tsx test/unit/shell/secretStore.keytar-checks.ts` inside a session.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { secretAccount } from '../../../src-main/app/settings/secretStore';
import { KeytarSecretStore, loadKeytar } from '../../../src-main/app/settings/secretStoreKeytar';

const secret = process.argv[2] ?? 'keytar-check-secret';
/** A throw-away HOME holding the keyring: searched for a plain-text copy while the secret is stored. */
const scanDirectory = process.argv[3];

/** The files under `directory` that contain `text`, and how many files there are. */
function filesContaining(directory: string, text: string) {
  const files = readdirSync(directory, { recursive: true, withFileTypes: true }).filter((entry) =>
    entry.isFile(),
  );
  const containing = files.filter((file) => readFileSync(join(file.parentPath, file.name)).includes(text));
  return { files: files.length, containing: containing.map((file) => file.name) };
}
const keytar = loadKeytar();
const store = new KeytarSecretStore(keytar);
const account = secretAccount('ringside-api', 'https://pbx.example.com:8443/api/v1.0');

await store.probe();
const before = await store.get(account);
await store.set(account, secret);
const after = await store.get(account);
// Straight from the keychain, to see the service and account names it is filed under.
const filed = await keytar.getPassword('Ringside', account);
const plainText = scanDirectory ? filesContaining(scanDirectory, secret) : null;
await store.set(account, `${secret}-changed`);
const replaced = await store.get(account);
const deleted = await store.delete(account);
const afterDelete = await store.get(account);
const deletedAgain = await store.delete(account);

process.stdout.write(
  `${JSON.stringify({ account, before, after, filed, plainText, replaced, deleted, afterDelete, deletedAgain })}\n`,
);
