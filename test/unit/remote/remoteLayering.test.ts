/**
 * remote/'s place in the layering (eslint.config.js): the desktop's client of a team server builds on app/'s
 * types and shared/, and on the cache's files and search (its offline copy of the directory), never on the
 * PBX's client or what reads the PBX (the cache's sync; the server keeps the PBX's secret), nor on Electron,
 * the web host or the server; no lower layer imports remote/.
 */
import { describe, expect, it } from 'vitest';
import { layeringComplaints as complaints } from '../../support/layeringComplaints';

describe('remote/ in the layering', { timeout: 60_000 }, () => {
  it.each([
    ["import { app as imported } from 'electron';", 'src-main/remote/planted.ts', /import electron/],
    [
      "import { PbxClient as imported } from '../api';",
      'src-main/remote/planted.ts',
      /remote\/ may not import src-main\/api\//,
    ],
    [
      "import { DirectorySync as imported } from '../cache/sync/directorySync';",
      'src-main/remote/planted.ts',
      /remote\/ may not import src-main\/cache\/sync\//,
    ],
    [
      "import { CallsService as imported } from '../calls';",
      'src-main/remote/planted.ts',
      /remote\/ may not import src-main\/calls\//,
    ],
    [
      "import { SessionStore as imported } from '../server/identity/sessionStore';",
      'src-main/remote/planted.ts',
      /remote\/ may not import src-main\/server\//,
    ],
    [
      "import { RemoteCore as imported } from '../remote';",
      'src-main/app/planted.ts',
      /app\/ may not import src-main\/remote\//,
    ],
    [
      "import { RemoteCore as imported } from '../remote';",
      'src-main/shared/planted.ts',
      /shared\/ may not import src-main\/remote\//,
    ],
  ])('refuses %s in %s', async (code, filePath, expected) => {
    expect(await complaints(code, filePath)).toEqual([expect.stringMatching(expected)]);
  });

  it('lets remote/ import app/ and shared/', async () => {
    const code = "import { EventHub as imported } from '../app/eventHub';";
    expect(await complaints(code, 'src-main/remote/planted.ts')).toEqual([]);
  });

  it('lets remote/ import the cache’s files and search (its offline directory copy)', async () => {
    const code = "import { DirectoryCache as imported } from '../cache/directory/directoryCache';";
    expect(await complaints(code, 'src-main/remote/planted.ts')).toEqual([]);
  });
});
