/**
 * /account end to end against the sandbox API: the profile edit is saved on the
 * server and survives a reload; the server's detail reaches the screen when a save is
 * refused (§7 body-error variant); the user's sessions are listed and one can be
 * ended (the other device is signed out; ending this one signs out here).
 */
import { test, expect } from './fixtures';
import { shot } from './helpers/shots';
import { CONFIRM, MSG } from '../../shared/messages';
import { SANDBOX_ACCOUNTS } from '../../server/seed/accounts';
import { signIn } from './helpers/sign-in';
import { signInElsewhere } from './helpers/other-client';

const marketing = SANDBOX_ACCOUNTS.find((a) => a.role === 'staff:marketing')!;
const finance = SANDBOX_ACCOUNTS.find((a) => a.role === 'staff:finance')!;
const ME = '/v4/accounts/me/';

/** Puts the seed display name back (other specs of this worker expect it). */
async function restoreName(host: { idpUrl: string; apiUrl: string }, account: typeof marketing) {
  const other = await signInElsewhere(host, account.username, account.password);
  const { etag } = await other.call('GET', ME);
  await other.call('PATCH', ME, { body: { display_name: account.displayName }, headers: { 'if-match': etag! } });
  await other.end();
}

test('the display name is saved on the server and survives a reload', async ({ page, gotoConsole, consoleHost }) => {
  try {
    await signIn(page, gotoConsole, marketing);
    await page.locator('[data-nav-path="/account"]').click();
    await expect(page.getByTestId('display-name')).toHaveValue(marketing.displayName);
    await page.getByTestId('display-name').fill('Mo the Marketer');
    await page.getByTestId('save-profile').click();
    await expect(page.getByTestId('user-name')).toHaveText('Mo the Marketer');
    await expect(page.getByTestId('save-profile')).toBeDisabled();

    await page.reload();
    await expect(page.getByTestId('user-name')).toHaveText('Mo the Marketer');
    await expect(page.getByTestId('display-name')).toHaveValue('Mo the Marketer');
    // Another client reads the same profile from the API.
    const other = await signInElsewhere(consoleHost, marketing.username, marketing.password);
    expect(((await other.call('GET', ME)).body as { display_name: string }).display_name).toBe('Mo the Marketer');
    await other.end();
  } finally {
    await restoreName(consoleHost, marketing);
  }
});

test("a refused save shows the server's detail", async ({ page, gotoConsole, consoleHost }) => {
  try {
    await signIn(page, gotoConsole, marketing);
    await page.locator('[data-nav-path="/account"]').click();
    await expect(page.getByTestId('display-name')).toBeVisible();
    // Someone changes the profile elsewhere after this screen loaded its version.
    const other = await signInElsewhere(consoleHost, marketing.username, marketing.password);
    const { etag } = await other.call('GET', ME);
    expect((await other.call('PATCH', ME, { body: { first_name: 'Changed' }, headers: { 'if-match': etag! } })).status).toBe(200);
    await other.end();

    await page.getByTestId('display-name').fill('Stale Edit');
    await page.getByTestId('save-profile').click();
    const detail = 'This object was changed by someone else. Reload to see the latest version.';
    await expect(page.getByTestId('profile-error')).toHaveText(MSG.saveFailed('user', detail));
    // The edit is kept, and the shell still shows the saved name.
    await expect(page.getByTestId('display-name')).toHaveValue('Stale Edit');
    await expect(page.getByTestId('user-name')).toHaveText(marketing.displayName);
    await shot(page, `account-save-refused.png`, { fullPage: true });
    await page.getByRole('button', { name: 'Discard changes' }).click();
  } finally {
    await restoreName(consoleHost, marketing);
  }
});

test('the sessions table: ending another session signs that device out; ending this one signs out here', async ({
  page,
  gotoConsole,
  consoleHost,
}) => {
  await signIn(page, gotoConsole, finance);
  await page.locator('[data-nav-path="/account"]').click();
  const rows = page.getByTestId('session-row');
  // Earlier tests may have left this account signed in elsewhere: count from here.
  await expect(rows.getByTestId('this-session')).toHaveCount(1);
  const before = await rows.count();
  const other = await signInElsewhere(consoleHost, finance.username, finance.password);
  await page.reload();
  await expect(rows).toHaveCount(before + 1);
  const mine = rows.filter({ has: page.getByTestId('this-session') });
  await expect(mine).toHaveCount(1);
  await shot(page, `account-sessions.png`, { fullPage: true });

  // End the other device's session (the newest other one), behind the delete-themed confirm dialog.
  const theirs = rows.filter({ hasNot: page.getByTestId('this-session') }).first();
  await theirs.getByTestId('end-session').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(CONFIRM.defaultTitle);
  await dialog.getByRole('button', { name: CONFIRM.themes.delete.cancel }).click();
  await expect(rows).toHaveCount(before + 1);
  expect((await other.call('GET', ME)).status).toBe(200);
  await theirs.getByTestId('end-session').click();
  await page.getByRole('dialog').getByRole('button', { name: CONFIRM.themes.delete.ok }).click();
  await expect(rows).toHaveCount(before);
  await expect(rows.getByTestId('this-session')).toBeVisible();
  expect((await other.call('GET', ME)).status).toBe(401);

  // Ending this session signs out.
  await rows
    .filter({ has: page.getByTestId('this-session') })
    .getByTestId('end-session')
    .click();
  await page.getByRole('dialog').getByRole('button', { name: CONFIRM.themes.delete.ok }).click();
  await expect(page).toHaveURL(/\/auth$/, { timeout: 15_000 });
  await expect(page.getByTestId('sign-in')).toBeVisible();
  await gotoConsole(page, '/account');
  await expect(page).toHaveURL(/\/auth$/);
});
