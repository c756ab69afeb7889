/**
 * The client secret after a whole session of use: saved through Settings, used by "Test connection" and by
 * the live connection, and still in no file under the user data directory and in no log line. Where there
 * is no keychain (as here), the secret lasts only for the session, and the app says so after a restart.
 */
import { AppCore } from '../../src-main/app/appCore';
import { statSync } from 'node:fs';
import { MemorySecretStore } from '../../src-main/app/settings/secretStore';
import { openSettingsStore } from '../../src-main/app/settings/settingsFile';
import { silentLogger } from '../../src-main/shared/logger';
import { resolveAppCoreDeps } from './fixtures';
import { configurePbx, expect, test } from './onboarding.harness';

test('the secret is in no file and no log after saving it and using the connection', async ({
  page,
  customerPbx,
  userData,
}) => {
  const secret = customerPbx.credentials.clientSecret;
  await page.goto('/#/settings');
  await page.getByRole('button', { name: 'Show all settings' }).click();
  await page.getByRole('radio', { name: 'My PBX' }).check();
  await page.getByLabel('PBX URL').fill(customerPbx.baseUrl);
  await page.getByLabel('Client id').fill(customerPbx.credentials.clientId);
  await page.getByLabel('Client secret').fill(secret);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const status = page.getByRole('status').filter({ hasText: 'PBX connection' });
  await expect(status).toContainText(`Connected to ${new URL(customerPbx.baseUrl).host}.`);

  // The field is never filled back; "Test connection" with it empty uses the stored secret.
  await expect(page.getByLabel('Client secret')).toHaveValue('');
  await page.getByRole('button', { name: 'Test connection' }).click();
  await expect(page.getByText('Connected. The PBX granted a token')).toBeVisible();
  const pageText = await page.content();
  expect(pageText).not.toContain(secret);

  const files = userData.files();
  const settingsFile = files.find((file) => file.path.endsWith('settings.json'));
  expect(settingsFile?.text).toContain(customerPbx.baseUrl);
  // Written by the app's own settings store: the user's alone, as in the app.
  expect(statSync(settingsFile!.path).mode & 0o777).toBe(0o600);
  expect(userData.logText()).toMatch(/settings saved \(mode configured\)[\s\S]*connection: connected/);
  for (const file of files) expect(file.text, file.path).not.toContain(secret);
});

test('without a keychain the secret lasts for the session only, and after a restart the app asks for it', async ({
  appCore,
  customerPbx,
  userData,
}) => {
  await configurePbx(appCore, customerPbx, customerPbx.credentials.clientSecret);
  expect((await appCore.commands['connection:get']()).status).toBe('connected');
  await appCore.dispose();

  // Ringside starts again: same settings file, a new session with nothing remembered.
  const restarted = new AppCore(
    resolveAppCoreDeps({
      logger: silentLogger,
      settingsStore: openSettingsStore({ directory: userData.directory, logger: silentLogger }),
      secretStore: new MemorySecretStore(),
      mode: undefined,
    }),
  );
  await restarted.start();
  try {
    expect(await restarted.commands['connection:get']()).toMatchObject({
      status: 'unconfigured',
      message: expect.stringMatching(/keeps the client secret only until it quits\. Enter it in Settings/),
    });
    expect(await restarted.commands['settings:get']()).toMatchObject({
      secretStorage: 'session-only',
      secretStored: false,
      activeMode: 'configured',
    });
  } finally {
    await restarted.dispose();
  }
});
