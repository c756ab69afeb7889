/**
 * The browser host's place in the layering (eslint.config.js): web/ builds on app/ and below and npm
 * packages, never on Electron or the shell, and reaches the demo PBX only through the injected launcher
 * (a dynamic import in its composition root); no lower layer may import web/.
 */
import { describe, expect, it } from 'vitest';
import { layeringComplaints as complaints } from '../../support/layeringComplaints';

describe('web/ in the layering', { timeout: 60_000 }, () => {
  it.each([
    ["import { app as imported } from 'electron';", 'src-main/web/planted.ts', /import electron/],
    [
      "import { bindIpc as imported } from '../shell/ipc';",
      'src-main/web/planted.ts',
      /web\/ may not import src-main\/shell\//,
    ],
    [
      "import { startDemoPbx as imported } from '../demo-pbx';",
      'src-main/web/planted.ts',
      /web\/ may not import src-main\/demo-pbx\//,
    ],
    [
      "import { startBrowserHost as imported } from '../web/browserHost';",
      'src-main/app/planted.ts',
      /app\/ may not import src-main\/web\//,
    ],
    [
      "import { WS_PATH as imported } from '../../web/browserHost';",
      'src-main/app/settings/planted.ts',
      /app\/ may not import src-main\/web\//,
    ],
    [
      "import { startBrowserHost as imported } from '../web/browserHost';",
      'src-main/shared/planted.ts',
      /shared\/ may not import src-main\/web\//,
    ],
    [
      "import { startBrowserHost as imported } from '../web/browserHost';",
      'src-main/demo-pbx/planted.ts',
      /demo-pbx\/ may not import src-main\/web\//,
    ],
    [
      "import { startBrowserHost as imported } from '../web/browserHost';",
      'src-main/cache/planted.ts',
      /cache\/ may not import src-main\/web\//,
    ],
  ])('refuses %s in %s', async (code, filePath, expected) => {
    expect(await complaints(code, filePath)).toContainEqual(expect.stringMatching(expected));
  });

  it.each([
    ["import { AppCore as imported } from '../app/appCore';", 'src-main/web/planted.ts'],
    ["import { WS_PATH as imported } from '../shared/wsProtocol';", 'src-main/web/planted.ts'],
    ["import imported from 'fastify';", 'src-main/web/planted.ts'],
    ["import { startBrowserHost as imported } from './web/browserHost';", 'src-main/index.ts'],
  ])('allows %s in %s', async (code, filePath) => {
    expect(await complaints(code, filePath)).toEqual([]);
  });
});
