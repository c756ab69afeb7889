/**
 * The team server's place in the layering (eslint.config.js): server/ builds on app/ and below, never on
 * Electron, the shell or the demo PBX; it reuses the browser host's WebSocket binding and headers (web/); no
 * other folder of src-main/ imports server/.
 */
import { describe, expect, it } from 'vitest';
import { layeringComplaints as complaints } from '../../support/layeringComplaints';

describe('server/ in the layering', { timeout: 60_000 }, () => {
  it.each([
    ["import { app as imported } from 'electron';", 'src-main/server/identity/planted.ts', /import electron/],
    [
      "import { bindIpc as imported } from '../../shell/ipc';",
      'src-main/server/identity/planted.ts',
      /server\/ may not import src-main\/shell\//,
    ],
    [
      "import { startDemoPbx as imported } from '../../demo-pbx';",
      'src-main/server/identity/planted.ts',
      /server\/ may not import src-main\/demo-pbx\//,
    ],
    [
      "import { SessionStore as imported } from '../server/identity/sessionStore';",
      'src-main/app/planted.ts',
      /app\/ may not import src-main\/server\//,
    ],
    [
      "import { SessionStore as imported } from '../server/identity/sessionStore';",
      'src-main/web/planted.ts',
      /web\/ may not import src-main\/server\//,
    ],
  ])('refuses %s in %s', async (code, filePath, expected) => {
    expect(await complaints(code, filePath)).toEqual([expect.stringMatching(expected)]);
  });

  it('lets server/ import app/ and below, and the browser host’s WebSocket binding', async () => {
    const code = "import { PRIVATE_FILE_MODE as imported } from '../../app/privateFiles';";
    expect(await complaints(code, 'src-main/server/identity/planted.ts')).toEqual([]);
    const binding = "import { TabSockets as imported } from '../web/tabSockets';";
    expect(await complaints(binding, 'src-main/server/planted.ts')).toEqual([]);
  });
});
