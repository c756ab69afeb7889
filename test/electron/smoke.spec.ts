/**
 * Smoke test of the real desktop app, unpackaged (`electron .` from the project root, as `npm start` runs
 * it: the production build, so `--inspect`, which Playwright needs, still works), with a fresh user data
 * directory: the window shows the dial pad, a dialled call reaches the demo PBX (the Calls screen lists what
 * the PBX reports), the tray icon exists, and quitting ends the process with 0. Then what only a real
 * Electron can show of docs/SECURITY.md: the page is on app://ringside under its CSP, window.open, foreign
 * navigation and permissions are refused, DevTools cannot open. (The fuses of a packaged binary are read
 * back by test/unit/packaging/packagedApp.test.ts.) Skipped, with the reason, where there is no Electron
 * binary or no display.
 */
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { _electron as electron, expect, test, type ElectronApplication } from '@playwright/test';
import { hasDisplay, inspectElectron, needsNoSandbox } from '../../scripts/launcher/index.mjs';

const projectRoot = join(import.meta.dirname, '..', '..');
const electronState = inspectElectron({
  electronDir: join(projectRoot, 'node_modules', 'electron'),
  env: process.env,
  platform: process.platform,
});
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;

test.skip(
  electronState.status !== 'installed',
  'No Electron binary in node_modules/electron: `npm start` or `npx install-electron` installs it (docs/starting.md).',
);
test.skip(
  !hasDisplay(process.platform, process.env),
  'No display to open a window on (DISPLAY and WAYLAND_DISPLAY are unset): run it in a desktop session or under xvfb-run.',
);
// The app keeps its data in app.getPath('userData') and has no override of its own; on Linux Electron derives
// it from XDG_CONFIG_HOME, so a fresh one is possible there only.
test.skip(
  process.platform !== 'linux',
  'A fresh user data directory needs XDG_CONFIG_HOME, which only Linux reads (src-main/index.ts has no override).',
);

/** Waits for the process to end; resolves to its exit code, or to the signal that ended it. */
function processEnd(child: ChildProcess): Promise<number | string> {
  if (child.exitCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')));
}

/** Starts the built app on a fresh profile; `close` quits it (if it still runs) and removes the profile. */
async function launchRingside(): Promise<{
  app: ElectronApplication;
  ended: Promise<number | string>;
  configHome: string;
  close(): Promise<void>;
}> {
  expect(
    existsSync(join(projectRoot, 'out', 'main', 'index.js')),
    'the app is built: run `npm run build`',
  ).toBe(true);
  const configHome = mkdtempSync(join(tmpdir(), 'ringside-electron-smoke-'));
  // ELECTRON_RUN_AS_NODE would make Electron a plain Node.
  const env = Object.fromEntries(
    Object.entries(process.env).filter(
      (entry): entry is [string, string] => entry[1] !== undefined && entry[0] !== 'ELECTRON_RUN_AS_NODE',
    ),
  );
  env['XDG_CONFIG_HOME'] = configHome;
  // The browser host's profile override, set too so the profile stays fresh once the desktop app reads it.
  env['RINGSIDE_USER_DATA'] = join(configHome, 'Ringside');
  const app = await electron.launch({
    executablePath: electronState.status === 'installed' ? electronState.executablePath : undefined,
    args: ['.', ...(needsNoSandbox({ platform: process.platform, isRoot }) ? ['--no-sandbox'] : [])],
    cwd: projectRoot,
    env,
  });
  const ended = processEnd(app.process());
  return {
    app,
    ended,
    configHome,
    close: async () => {
      await app.close().catch(() => undefined);
      rmSync(configHome, { recursive: true, force: true });
    },
  };
}

test('the desktop app dials the demo PBX, has a tray icon, and quits cleanly', async () => {
  const { app, ended, configHome, close } = await launchRingside();
  try {
    expect(await app.evaluate(({ app: electronApp }) => electronApp.getPath('userData'))).toContain(
      configHome,
    );

    const window = await app.firstWindow();
    const connection = window.getByRole('status').filter({ hasText: 'PBX connection' });
    await expect(connection).toContainText('Connected to the demo PBX.', { timeout: 20_000 });

    await window.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dial' }).click();
    await expect(window.getByRole('heading', { level: 1, name: 'Dial' })).toBeVisible();
    await expect(window.getByRole('button', { name: 'Delete the last character' })).toBeVisible();
    const field = window.getByRole('textbox', { name: 'Number' });
    await field.fill('+420 777 123 456');
    await field.press('Enter');
    await expect(window.getByTestId('dial-result')).toContainText('Calling');

    // The Calls screen lists the calls the demo PBX reports for the agent's phone.
    await window.getByTestId('dial-result').getByRole('link', { name: 'Show calls' }).click();
    const call = window.getByRole('article').filter({ hasText: 'Outgoing' });
    await expect(call).toHaveCount(1, { timeout: 10_000 });
    await call.getByRole('button', { name: 'Hang up' }).click();
    await expect(call).toHaveCount(0, { timeout: 10_000 });

    // No API lists tray icons; the main process's heap holds one Tray per icon.
    const trays = await app.evaluate(({ Tray }) =>
      process.getBuiltinModule('node:v8').queryObjects(Tray, { format: 'count' }),
    );
    expect(trays).toBeGreaterThanOrEqual(1);

    await app.evaluate(({ app: electronApp }) => electronApp.quit());
    expect(await ended).toBe(0);
  } finally {
    await close();
  }
});

test('the window is the app origin under its CSP, and refuses popups, navigation, permissions, DevTools', async () => {
  const { app, close } = await launchRingside();
  try {
    const page = await app.firstWindow();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 20_000 });
    expect(page.url()).toMatch(/^app:\/\/ringside\/index\.html(#.*)?$/);

    // The CSP (a header of app://, as well as the meta tag): no eval, no inline script, nothing foreign.
    expect(
      await page.evaluate(() => {
        try {
          return String(eval('1 + 1'));
        } catch {
          return 'refused';
        }
      }),
    ).toBe('refused');
    expect(
      await page.evaluate(() =>
        fetch('https://example.com/').then(
          () => 'fetched',
          () => 'refused',
        ),
      ),
    ).toBe('refused');

    // window.open is denied; navigating away is refused; every permission is denied.
    expect(await page.evaluate(() => window.open('https://example.com/') === null)).toBe(true);
    await page.evaluate(() => {
      window.location.href = 'https://example.com/';
    });
    await page.waitForTimeout(500);
    expect(page.url()).toMatch(/^app:\/\/ringside\//);
    expect(await page.evaluate(() => Notification.requestPermission())).toBe('denied');

    // A production build: DevTools cannot be opened, not even by the main process.
    const devTools = await app.evaluate(({ BrowserWindow }) => {
      const contents = BrowserWindow.getAllWindows()[0]!.webContents;
      contents.openDevTools();
      return contents.isDevToolsOpened();
    });
    expect(devTools).toBe(false);

    // Unknown and traversing app:// paths: 404 and 403, never a file from outside out/renderer.
    const statuses = await page.evaluate(async () => {
      const load = (src: string) =>
        new Promise<string>((resolve) => {
          const script = document.createElement('script');
          script.src = src;
          script.onload = () => resolve('loaded');
          script.onerror = () => resolve('failed');
          document.head.append(script);
        });
      return [await load('app://ringside/nothing.js'), await load('app://ringside/..%2f..%2fpackage.json')];
    });
    expect(statuses).toEqual(['failed', 'failed']);
  } finally {
    await close();
  }
});
