import type { ConnectionStatus } from '../../src-main/shared/contract';
import { AppCore } from '../../src-main/app/appCore';
import { platformText } from '../../src-renderer/lib/labels';
import { expect, resolveAppCoreDeps, test as harness } from './fixtures';
import { PLANNED_SCREENS } from '../fixtures/screens';

/** The real AppCore, with its connection state settable from the test (until a PBX drives it). */
class ConnectionDrivenAppCore extends AppCore {
  drive(status: ConnectionStatus, message: string): void {
    this.setConnection(status, message);
  }
}

const test = harness.extend<{ appCore: ConnectionDrivenAppCore }>({
  appCore: async ({ appCoreDeps }, use) => {
    const core = new ConnectionDrivenAppCore(resolveAppCoreDeps(appCoreDeps));
    await use(core);
    await core.dispose();
  },
});

test.describe('app frame', () => {
  test.describe('with AppCore in demo mode', () => {
    test.use({ appCoreDeps: { mode: 'demo' } });

    test('shows the app info and connection state AppCore reports', async ({ page, appCore }) => {
      const info = await appCore.commands['app:info']();
      const connection = await appCore.commands['connection:get']();
      await page.goto('/#/about');

      const about = page.getByRole('main');
      await expect(about.getByRole('heading', { level: 1, name: 'About' })).toBeVisible();
      await expect(about.getByText(info.name, { exact: true })).toBeVisible();
      await expect(about.getByText(`Version ${info.version}`)).toBeVisible();
      await expect(about.getByRole('definition').filter({ hasText: info.versions.node })).toBeVisible();
      await expect(about.locator('dt', { hasText: 'Mode' }).locator('+ dd')).toHaveText('Demo PBX');
      await expect(about.locator('dt', { hasText: 'Platform' }).locator('+ dd')).toHaveText(
        platformText(info.platform),
      );

      const status = page.getByRole('status');
      await expect(status).toContainText('Not configured');
      await expect(status).toContainText(connection.message);
      await expect(page).toHaveTitle('About · Ringside');
    });
  });

  test('the status bar follows connection changes AppCore emits', async ({ page, appCore }) => {
    const core = appCore;
    await page.goto('/');
    const status = page.getByRole('status');
    await expect(status).toContainText('Not configured');

    core.drive('connecting', 'Connecting to pbx.example.com…');
    await expect(status).toContainText('Connecting…');
    await expect(status).toContainText('Connecting to pbx.example.com…');

    core.drive('offline', 'The PBX did not answer; retrying in 8 s.');
    await expect(status).toContainText('Offline');
    await expect(status).toHaveAttribute('data-tone', 'warning');

    // Text from the main process is shown as text, never parsed as HTML.
    core.drive('connected', '<img src=x onerror=alert(1)> connected');
    await expect(status).toContainText('<img src=x onerror=alert(1)> connected');
    await expect(status.locator('img')).toHaveCount(0);
  });

  test('lists only the screens that are built', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link')).toHaveText([...PLANNED_SCREENS]);
    await expect(nav.getByRole('link', { name: 'Dial' })).toHaveAttribute('aria-current', 'page');
    // A link to a screen that does not exist lands on a real one.
    await page.goto('/#/reports');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dial');
  });

  test('keyboard: the skip link leads to the content and Tab reaches the navigation', async ({ page }) => {
    await page.goto('/');
    // The frame shows once the language is known; a key pressed before that has nothing to move to.
    await expect(page.getByRole('navigation')).toBeVisible();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('main')).toBeFocused();
    await expect(page).toHaveURL(/\/$/);

    await page.reload();
    await expect(page.getByRole('navigation')).toBeVisible();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('navigation').getByRole('link', { name: 'Dial' })).toBeFocused();
  });

  test('window.ringside refuses what the preload refuses', async ({ page }) => {
    await page.goto('/');
    // In the browser host, window.ringside appears once the WebSocket's hello has come, after the page's load.
    await page.waitForFunction(() => window.ringside !== undefined);
    const outcomes = await page.evaluate(async () => {
      const api = window.ringside as unknown as {
        invoke(channel: string, ...args: unknown[]): Promise<unknown>;
      };
      const unknownChannel = await api.invoke('app:quit').then(
        () => 'resolved',
        (error: Error) => error.message,
      );
      return { unknownChannel, badArgs: await api.invoke('app:info', { extra: true }) };
    });
    expect(outcomes.unknownChannel).toContain('not a Ringside command');
    expect(outcomes.badArgs).toMatchObject({ ok: false, error: { code: 'invalid-argument' } });
  });

  test('a CSP violation would be caught', async ({ page, pageProblems }) => {
    await page.goto('/');
    await page.evaluate(() => {
      const style = document.createElement('style');
      style.textContent = 'body { color: red }';
      document.head.append(style);
    });
    await expect.poll(() => pageProblems.join('\n')).toContain('Content Security Policy');
    // Proven: the harness sees violations. Clear them so this test's teardown check passes.
    pageProblems.length = 0;
  });

  test('follows the OS theme', async ({ page }, testInfo) => {
    const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/#/about');
    await expect(page.getByRole('heading', { name: 'About' })).toBeVisible();
    const light = await background();
    await page.screenshot({ path: testInfo.outputPath('app-frame-light.png') });

    await page.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(background).not.toBe(light);
    await page.screenshot({ path: testInfo.outputPath('app-frame-dark.png') });
  });
});
