/**
 * A supplier's SFTP users (issue 15, §7 content-ops ftp-users) end to end in Chromium
 * against the sandbox API: content ops adds a user on the supplier's "SFTP Users" tab and
 * sees its password once, adds and removes a public key, disables the user and resets
 * its password; the tab through axe at 1440 and 390 px; marketing (reads suppliers,
 * does not manage SFTP users) sees who manages them and no controls.
 */
import { newSshKeyPair } from '../../shared/packaging/ssh-key';
import { FTP_USER_MSG } from '../../shared/messages';
import { SANDBOX_ACCOUNTS } from '../../server/seed/accounts';
import { test, expect } from './fixtures';
import { signIn } from './helpers/sign-in';
import { expectAccessible, bothWidths } from './helpers/records';

test('content ops adds an SFTP user (password shown once), a key, disables it and resets its password', async ({ page, gotoConsole }) => {
  test.setTimeout(180_000);
  const username = `e2e-${Date.now().toString(36)}`;
  await signIn(
    page,
    gotoConsole,
    SANDBOX_ACCOUNTS.find((a) => a.username === 'contentops')!,
    '/catalog/suppliers/1?tab=sftp-users',
  );
  const tab = page.getByTestId('supplier-sftp-users');
  await expect(tab).toBeVisible();
  await bothWidths(page, 'SFTP users tab');

  await page.locator('#sftp-new-username').fill('Bad Name');
  await page.getByRole('button', { name: 'Add SFTP user' }).click();
  await expect(tab).toContainText(FTP_USER_MSG.usernameFormat);

  await page.locator('#sftp-new-username').fill(username);
  await page.getByRole('button', { name: 'Add SFTP user' }).click();
  const password = page.getByTestId('sftp-password');
  await expect(password).toHaveText(/^[A-Za-z0-9_-]{24}$/);
  const first = await password.textContent();
  const row = tab.locator('tr', { hasText: username });
  await expect(row).toContainText('Enabled');
  await bothWidths(page, 'SFTP users tab with a user');

  // A public key: a wrong one is refused by name, a real one listed by fingerprint, then removed.
  const key = newSshKeyPair('e2e-laptop');
  await row.getByRole('button', { name: `Add key for ${username}` }).click();
  const dialog = page.getByRole('dialog');
  await dialog.locator('#sftp-public-key').fill('not a key');
  await dialog.getByRole('button', { name: 'Add key' }).click();
  await expect(dialog).toContainText(FTP_USER_MSG.notAPublicKey);
  await expectAccessible(page, 'add key dialog');
  await dialog.locator('#sftp-public-key').fill(key.public);
  await dialog.getByRole('button', { name: 'Add key' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(row).toContainText('e2e-laptop');
  await expect(row).toContainText('SHA256:');
  await row.getByRole('button', { name: /^Remove key SHA256:/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(row).not.toContainText('e2e-laptop');

  await row.getByRole('button', { name: `Disable ${username}` }).click();
  await expect(row).toContainText('Disabled');
  await row.getByRole('button', { name: `Reset password of ${username}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Proceed' }).click();
  await expect(password).not.toHaveText(first!);
  await expect(password).toHaveText(/^[A-Za-z0-9_-]{24}$/);

  // Shown once: gone after a reload, the user still listed.
  await page.reload();
  await expect(tab.locator('tr', { hasText: username })).toContainText('Disabled');
  await expect(page.getByTestId('sftp-password')).toHaveCount(0);
});

test('staff who read suppliers but do not manage SFTP users (marketing) see who does, and no controls', async ({ page, gotoConsole }) => {
  await signIn(
    page,
    gotoConsole,
    SANDBOX_ACCOUNTS.find((a) => a.username === 'marketing')!,
    '/catalog/suppliers/1?tab=sftp-users',
  );
  await expect(page.getByTestId('supplier-sftp-users')).toContainText('managed by the store');
  await expect(page.getByRole('button', { name: 'Add SFTP user' })).toHaveCount(0);
});
