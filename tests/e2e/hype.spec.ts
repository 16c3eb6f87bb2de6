/**
 * /hype end to end in Chromium against the sandbox API: marketing creates a hype offer
 * (§5: hype start and end required, start not after end, on create and on edit), support
 * opens a hype purchase from /hype and sees the subscriptions. Every screen through axe
 * at 1440 and 390 px.
 */
import { RECORD_MSG } from '../../shared/records/checks';
import { SANDBOX_ACCOUNTS } from '../../server/seed/accounts';
import { test, expect } from './fixtures';
import { signIn } from './helpers/sign-in';
import { signInElsewhere, type OtherClient } from './helpers/other-client';
import { chooseBySearch, expectAccessible, getObject, listRows, saveAndWait, typeDate } from './helpers/records';
import type { Page } from '@playwright/test';

const account = (u: string) => SANDBOX_ACCOUNTS.find((a) => a.username === u)!;

let admin: OtherClient;
test.beforeAll(async ({ consoleHost }) => {
  admin = await signInElsewhere(consoleHost, 'admin', 'sandbox-admin');
});
test.afterAll(async () => {
  await admin?.end();
});

async function atBothWidths(page: Page, what: string) {
  await expectAccessible(page, `${what} at 1440`);
  await page.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(page, `${what} at 390`);
  await page.setViewportSize({ width: 1440, height: 900 });
}

test('marketing creates a hype offer from /hype: §5 hype start and end required, start not after end, on create and on edit', async ({
  page,
  gotoConsole,
}) => {
  test.setTimeout(180_000);
  const [label] = await listRows(admin, '/v4/catalog/labels/?per_page=1&order_by=id');
  const name = `E2E Hype ${Date.now().toString(36)}`;
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, gotoConsole, account('marketing'), '/hype');
  await expect(page.getByTestId('search-hype_offers')).toBeVisible();
  await expect(page.getByTestId('search-types')).toContainText('Hype Purchases');
  await atBothWidths(page, 'hype offers');

  await page.getByTestId('new-hype-offer').click();
  await expect(page.getByTestId('create-hype_offers')).toBeVisible();
  await chooseBySearch(page, 'field-label_id', String(label.name));
  await page.locator('#field-name').fill(name);
  await page.locator('#field-price').fill('4.99');
  await page.getByTestId('create-submit').click();
  await expect(page.getByTestId('error-start_date')).toHaveText(RECORD_MSG.hypeStartRequired);
  await expect(page.getByTestId('error-end_date')).toHaveText(RECORD_MSG.hypeEndRequired);
  await typeDate(page, 'field-start_date', '03/10/2026');
  await typeDate(page, 'field-end_date', '03/01/2026');
  await page.getByTestId('create-submit').click();
  await expect(page.getByTestId('error-start_date')).toHaveText(RECORD_MSG.hypeStartAfterEnd);
  await atBothWidths(page, 'create hype offer');
  // Enter in the date field submits the create form.
  await typeDate(page, 'field-end_date', '03/10/2026');

  await expect(page).toHaveURL(/\/support\/hype-offers\/\d+$/);
  await expect(page.getByTestId('record-title')).toHaveText(name);
  const id = Number(new URL(page.url()).pathname.split('/').pop());
  expect((await getObject(admin, `/v4/content-ops/hype-offers/${id}/`)).row).toMatchObject({
    name,
    label: { id: label.id },
    start_date: '2026-03-10',
    end_date: '2026-03-10',
  });
  await atBothWidths(page, 'hype offer record');

  // Edit: a start after the end is refused in §5's words, nothing saved; then a good end saves.
  await typeDate(page, 'field-start_date', '04/01/2026');
  await page.getByTestId('save-record').click();
  await expect(page.getByTestId('error-start_date')).toHaveText(RECORD_MSG.hypeStartAfterEnd);
  await typeDate(page, 'field-end_date', '04/30/2026');
  await saveAndWait(page);
  expect((await getObject(admin, `/v4/content-ops/hype-offers/${id}/`)).row).toMatchObject({
    start_date: '2026-04-01',
    end_date: '2026-04-30',
  });
});

test('support opens a hype purchase from /hype and sees the subscriptions', async ({ page, gotoConsole }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, gotoConsole, account('support'), '/hype?type=hype_purchases');
  await expect(page.getByTestId('search-hype_purchases')).toBeVisible();
  // Support reads offers, does not create them.
  await expect(page.getByTestId('new-hype-offer')).toHaveCount(0);
  await page.getByTestId('search-results').locator('a[href^="/support/hype-purchases/"]').first().click();
  await expect(page).toHaveURL(/\/support\/hype-purchases\/\d+$/);
  await expect(page.getByTestId('record-hype_purchases')).toBeVisible();
  await expect(page.getByTestId('read-only-fields')).toContainText('Label');
  await atBothWidths(page, 'hype purchase record');

  await gotoConsole(page, '/hype/subscriptions');
  await expect(page.getByTestId('hype-subscriptions').locator('tbody tr.ant-table-row').first()).toBeVisible();
  await atBothWidths(page, 'hype subscriptions');
});
