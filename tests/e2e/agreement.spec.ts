/**
 * The supplier service agreement end to end (issue 14): a supplier that has not accepted
 * the version in force signs in and is taken to /service-agreement instead of the
 * console; the accept button waits until the text has been scrolled to its end; once
 * accepted it reaches the console, and staff see the acceptance (who, which version,
 * from where) on the supplier's Service Agreement tab. axe at 1440 and 390 px.
 */
import type { Page } from '@playwright/test';
import { SERVICE_AGREEMENT } from '../../shared/constants';
import { AGREEMENT_PENDING_ACCOUNT } from '../../server/seed/accounts';
import { test, expect } from './fixtures';
import { account, expectAccessible } from './helpers/records';
import { axeFindings, sidewaysScroll } from './helpers/a11y';
import { signIn, signOutFirst } from './helpers/sign-in';

test.describe.configure({ mode: 'serial' });

/** axe and no sideways scroll on the agreement screen (outside the shell) at 1440 and 390 px. */
async function agreementAccessible(page: Page, what: string) {
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: width > 800 ? 900 : 844 });
    await expect(page.getByTestId('agreement-text')).toBeVisible();
    expect(await axeFindings(page), `${what} at ${width}: axe`).toEqual([]);
    expect(await sidewaysScroll(page), `${what} at ${width}: sideways scroll`).toBeLessThanOrEqual(0);
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

test('a supplier that has not accepted is taken to the agreement, reads it to the end, accepts and reaches the console', async ({
  page,
  gotoConsole,
}) => {
  const a = AGREEMENT_PENDING_ACCOUNT;
  await signOutFirst(page, gotoConsole);
  await page.getByTestId('sign-in').click();
  await page.locator('#username').fill(a.username);
  await page.locator('#password').fill(a.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/service-agreement$/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { level: 1, name: SERVICE_AGREEMENT.title })).toBeVisible();
  await expect(page.getByText(`Version ${SERVICE_AGREEMENT.version}`)).toBeVisible();
  await expect(page.getByTestId('user-menu')).toHaveCount(0);
  await agreementAccessible(page, 'service agreement (not accepted)');

  // Not before the text has been read to its end.
  const accept = page.getByTestId('agreement-accept');
  await expect(accept).toBeDisabled();
  // Another console route leads back here while the agreement is not accepted.
  await gotoConsole(page, '/account');
  await expect(page).toHaveURL(/\/service-agreement$/);
  await page.getByTestId('agreement-text').evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
  await expect(accept).toBeEnabled();
  await accept.click();

  // Back where it was going (the account page), in the console.
  await expect(page).toHaveURL(/\/account$/, { timeout: 20_000 });
  await expect(page.getByTestId('user-menu')).toBeVisible();
  await gotoConsole(page, '/service-agreement');
  await expect(page.getByTestId('agreement-accepted')).toBeVisible();
});

test('staff see who accepted which version on the supplier page', async ({ page, gotoConsole }) => {
  await signIn(page, gotoConsole, account('contentops'), `/catalog/suppliers/${AGREEMENT_PENDING_ACCOUNT.supplierId}`);
  await expect(page.getByTestId('record-suppliers')).toBeVisible();
  await page.getByRole('tab', { name: 'Service Agreement' }).click();
  const tab = page.getByTestId('supplier-agreement');
  await expect(tab).toContainText(`Accepted the current version (${SERVICE_AGREEMENT.version}).`);
  const rows = page.getByTestId('supplier-agreement-acceptances');
  await expect(rows).toContainText(AGREEMENT_PENDING_ACCOUNT.displayName);
  await expect(rows).toContainText(`(${AGREEMENT_PENDING_ACCOUNT.username})`);
  await expect(rows).toContainText('Current');
  await expect(rows).toContainText(/127\.0\.0\.1|::1/);
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: width > 800 ? 900 : 844 });
    await expectAccessible(page, `supplier service agreement tab at ${width}`);
  }
});
