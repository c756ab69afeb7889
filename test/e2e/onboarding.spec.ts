/**
 * First run and Settings in the built renderer, with the real AppCore: the demo PBX by default, onboarding
 * to a real PBX (a wrong secret gets the invalid_client message next to the field, the right one shows the
 * PBX's status), switching back to the demo and forth without a restart, and credentials-rejected leading
 * to Settings.
 */
import { X509Certificate } from 'node:crypto';
import type { Page } from '@playwright/test';
import type { DemoPbx } from '../../src-main/demo-pbx';
import { selfSignedCertificate } from '../unit/app/helpers';
import { configurePbx, expect, test } from './onboarding.harness';
import { recordSecret } from './secretScan';

const host = (pbx: DemoPbx) => new URL(pbx.baseUrl).host;

/** Secrets typed in these tests besides the PBXs' own; the suite's secret scan looks for them too. */
const WRONG_SECRET = 'not-the-secret';
const OLD_SECRET = 'an-old-secret';

async function expectConnected(page: Page, to: string): Promise<void> {
  const status = page.getByRole('status').filter({ hasText: 'PBX connection' });
  await expect(status).toContainText('Connected');
  await expect(status).toContainText(`Connected to ${to}.`);
}

test.describe('onboarding', () => {
  test('starts on the demo PBX, then connects a real PBX: wrong secret, right secret, phone, agent', async ({
    page,
    customerPbx,
    userData,
  }, testInfo) => {
    await page.setViewportSize({ width: 1280, height: 2200 });
    await page.goto('/');
    const banner = page.getByRole('region', { name: 'Demo PBX' });
    await expect(banner).toContainText('simulated');
    await expectConnected(page, 'the demo PBX');

    await banner.getByRole('link', { name: 'Connect your PBX' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    await page.getByRole('button', { name: 'Connect a real PBX' }).click();
    await expect(page.getByRole('heading', { name: 'Step 1 of 2: your PBX' })).toBeFocused();

    await page.getByLabel('PBX URL').fill(customerPbx.baseUrl);
    await page.getByLabel('Client id').fill(customerPbx.credentials.clientId);
    const secretField = page.getByLabel('Client secret');
    await expect(secretField).toHaveAttribute('type', 'password');
    await expect(page.getByText('Session only: this system has no keychain')).toBeVisible();
    recordSecret('wrong secret typed in onboarding', WRONG_SECRET);
    await secretField.fill(WRONG_SECRET);
    await page.getByRole('button', { name: 'Test connection' }).click();

    const invalidClient =
      'The PBX rejected the client id or secret (invalid_client). Check the service account’s client id and secret.';
    await expect(page.locator('#client-secret-error')).toHaveText(invalidClient);
    await expect(secretField).toHaveAttribute('aria-invalid', 'true');
    await expect(secretField).toHaveAttribute('aria-describedby', /client-secret-error/);
    await expect(page.getByText(`Signing in failed: ${invalidClient}`)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Step 2 of 2: you' })).toHaveCount(0);

    await secretField.fill(customerPbx.credentials.clientSecret);
    await page.getByRole('button', { name: 'Test connection' }).click();
    await expect(page.getByText('Connected. The PBX granted a token valid for 60 min.')).toBeVisible();
    await expect(page.locator('#client-secret-error')).toHaveCount(0);
    const components = page.getByRole('table', { name: 'Components' });
    await expect(components.getByRole('rowheader', { name: 'telephony' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Trunks' }).getByRole('row')).not.toHaveCount(1);
    const phonesTable = page.getByRole('table', { name: 'Phones' });
    await expect(phonesTable.getByRole('columnheader', { name: 'Available' })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('onboarding-tested.png'), fullPage: true });

    await expect(page.getByRole('heading', { name: 'Step 2 of 2: you' })).toBeVisible();
    await page.getByLabel('Agent username').fill('no.such.agent');
    await page.getByRole('button', { name: 'Check' }).click();
    await expect(page.getByText('The PBX has no user with the login name “no.such.agent”')).toBeVisible();
    await page.getByLabel('Agent username').fill(customerPbx.agent.username);
    await page.getByRole('button', { name: 'Check' }).click();
    await expect(page.getByText(/✓ .+ \(user \d+\) is a user of this PBX\./)).toBeVisible();

    const agentPhone = customerPbx.agent.phoneByExtension as { extension: string };
    await page.getByRole('button', { name: 'Choose from the PBX’s phones' }).click();
    const picker = page.getByLabel('Phone extension');
    const option = picker.locator('option', { hasText: new RegExp(`^${agentPhone.extension} — `) });
    await picker.selectOption({ label: (await option.textContent())!.trim() });
    await expect(page.getByLabel('Extension', { exact: true })).toHaveValue(agentPhone.extension);
    await expect(page.getByLabel('Partition', { exact: true })).toHaveValue('1');

    await page.getByRole('button', { name: 'Save and connect' }).click();
    await expectConnected(page, host(customerPbx));
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeFocused();
    await expect(banner).toHaveCount(0);
    await expect(page.getByRole('radio', { name: 'My PBX' })).toBeChecked();
    await expect(page.getByLabel('Client secret')).toHaveValue('');
    await expect(page.getByLabel('Client secret')).toHaveAttribute(
      'placeholder',
      'Stored — leave empty to keep it',
    );
    await page.screenshot({ path: testInfo.outputPath('settings-configured.png'), fullPage: true });

    // Nothing Ringside wrote holds either secret: not the settings file, not the log.
    const files = userData.files();
    expect(files.map((file) => file.path).join('\n')).toMatch(
      /settings\.json[\s\S]*main\.log|main\.log[\s\S]*settings\.json/,
    );
    expect(userData.logText()).toContain('settings saved (mode configured)');
    for (const file of files) {
      expect(file.text, file.path).not.toContain(customerPbx.credentials.clientSecret);
      expect(file.text, file.path).not.toContain(WRONG_SECRET);
    }
  });

  test('switches to the demo PBX and back without a restart', async ({ page, appCore, customerPbx }) => {
    await configurePbx(appCore, customerPbx, customerPbx.credentials.clientSecret);
    await page.goto('/#/settings');
    await expectConnected(page, host(customerPbx));

    await page.getByRole('radio', { name: 'The built-in demo PBX' }).check();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByRole('region', { name: 'Demo PBX' })).toBeVisible();
    await expectConnected(page, 'the demo PBX');
    await expect(page.getByRole('main').getByText('Saved. Ringside uses the demo PBX.')).toBeVisible();

    await page.getByRole('radio', { name: 'My PBX' }).check();
    await expect(page.getByLabel('PBX URL')).toHaveValue(customerPbx.baseUrl);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expectConnected(page, host(customerPbx));
    await expect(page.getByRole('region', { name: 'Demo PBX' })).toHaveCount(0);
  });

  test('rejected credentials lead to Settings, where the secret is corrected', async ({
    page,
    appCore,
    customerPbx,
  }) => {
    recordSecret('outdated secret saved in onboarding', OLD_SECRET);
    await configurePbx(appCore, customerPbx, OLD_SECRET);
    await page.goto('/#/about');
    await expect(page.getByRole('status').filter({ hasText: 'PBX connection' })).toContainText(
      'Credentials rejected',
    );
    const alert = page.getByRole('alert');
    await expect(alert).toContainText(
      'Credentials rejected: The PBX rejected the client id or secret (invalid_client). Check the service account’s client id and secret.',
    );
    await alert.getByRole('link', { name: 'Open Settings' }).click();

    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
    await page.getByLabel('Client secret').fill(customerPbx.credentials.clientSecret);
    await page.getByLabel('Client secret').press('Enter');
    await expectConnected(page, host(customerPbx));
    await expect(page.getByRole('main').getByText('Saved.', { exact: true })).toBeVisible();
  });

  test('a failed save keeps what was typed and puts the focus on the field to correct', async ({ page }) => {
    await page.goto('/#/settings');
    await page.getByRole('button', { name: 'Show all settings' }).click();
    await page.getByRole('radio', { name: 'My PBX' }).check();
    await page.getByLabel('PBX URL').fill('http://pbx.example.com');
    await page.getByLabel('Client id').fill('ringside-api');
    await page.getByLabel('Call check interval (milliseconds)').fill('100');
    await page.getByRole('button', { name: 'Save', exact: true }).click();

    const url = page.getByLabel('PBX URL');
    await expect(url).toBeFocused();
    await expect(page.locator('#pbx-url-error')).toContainText('Use https://');
    await expect(page.locator('#poll-interval-error')).toContainText('from 250 to 10000');
    await expect(url).toHaveValue('http://pbx.example.com');
    await expect(page.getByLabel('Client id')).toHaveValue('ringside-api');
    // Still on the demo PBX: nothing was applied.
    await expect(page.getByRole('region', { name: 'Demo PBX' })).toBeVisible();
  });

  test('a trusted certificate file shows its subject, fingerprint and expiry; another file is refused', async ({
    page,
  }) => {
    const pem = selfSignedCertificate('pbx.example.internal');
    const certificate = new X509Certificate(pem);
    await page.goto('/#/settings');
    await page.getByRole('button', { name: 'Show all settings' }).click();
    await page.getByRole('radio', { name: 'My PBX' }).check();

    const chooser = page.getByLabel('Choose a certificate file…');
    await chooser.setInputFiles({
      name: 'pbx.pem',
      mimeType: 'application/x-pem-file',
      buffer: Buffer.from(pem),
    });
    const details = page.getByRole('definition');
    await expect(details.filter({ hasText: 'CN=pbx.example.internal' }).first()).toBeVisible();
    await expect(details.filter({ hasText: certificate.fingerprint256 })).toBeVisible();
    await expect(details.filter({ hasText: String(certificate.validToDate.getFullYear()) })).toBeVisible();

    await page.getByLabel('Choose another file…').setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('not a certificate'),
    });
    await expect(page.locator('#certificate-error')).toContainText(
      'notes.txt: The chosen file contains no certificate.',
    );
    // The previous certificate stays.
    await expect(details.filter({ hasText: certificate.fingerprint256 })).toBeVisible();
    await page.getByRole('button', { name: 'Remove' }).click();
    await expect(details.filter({ hasText: certificate.fingerprint256 })).toHaveCount(0);
  });
});
