/**
 * Support end to end in Chromium against the sandbox API, as the support account: find an
 * order, refund two items through the confirm dialog and see the refund; the same refund
 * again is refused with the spec's words; dissociate and reassociate an item. The order
 * page through axe at 1440 and 390 px. Adds a credit to a user; opens a user's orders and
 * saves their order items CSV; assigns a coupon to a user; exports new users for a 2-day
 * range (a 3-day range refused). Credits the users of a CSV file (bulk credits). Creates a
 * coupon with minimums in two currencies and uploads a CSV of user ids to it (a wrong
 * heading shows the spec's danger message). On a user's Sign-in & Billing tab: the identities,
 * a one-time password reset link copied and used once, billing disabled and re-enabled; the
 * users CSV of a users search saved to disk.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { basename, join } from 'node:path';
import type { Page } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { SANDBOX_ACCOUNTS } from '../../server/seed/accounts';
import { MSG, shownMessage } from '../../shared/messages';
import { test, expect } from './fixtures';
import { signIn } from './helpers/sign-in';
import { signInElsewhere, type OtherClient } from './helpers/other-client';
import { choose, expectAccessible, listRows } from './helpers/records';
import { ASSIGN_COUPON_MESSAGES } from '../../shared/api/endpoints';
import { CREDIT_MESSAGES } from '../../shared/records';
import { AUTH_PATHS } from '../../shared/api/endpoints/auth';
import { RESET_MESSAGES } from '../../server/auth/reset-links';
import { RANGE_MESSAGES } from '../../renderer/features/support/new-user-export';
import { browseTo } from './helpers/folder-browser';
import { downloadedFile } from './helpers/downloads';

const support = SANDBOX_ACCOUNTS.find((a) => a.username === 'support')!;

let helper: OtherClient;
test.beforeAll(async ({ consoleHost }) => {
  helper = await signInElsewhere(consoleHost, 'support', 'sandbox-support');
});
test.afterAll(async () => {
  await helper?.end();
});

interface Item {
  id: number;
  availability: number;
  refund: unknown;
}

/** An order of the dance store with three available, unrefunded items. */
async function orderWithItems(): Promise<{ id: number; items: Item[] }> {
  for (const o of await listRows(helper, '/v4/accounts/orders/?per_page=100')) {
    const r = await helper.call('GET', `/v4/accounts/orders/${o.id}/items/`);
    const items = (r.body as { items: Item[] }).items.filter((i) => i.refund === null && i.availability === 1);
    if (items.length >= 3) return { id: o.id as number, items };
  }
  throw new Error('no order with three available, unrefunded items in the seed');
}

const row = (page: Page, id: number) => page.getByTestId('order-items').locator(`tr[data-row-key="${id}"]`);
async function select(page: Page, ids: number[]) {
  for (const id of ids) await row(page, id).locator('input[type="checkbox"]').check();
}

test('support finds an order, refunds two items, is refused a second refund, dissociates and reassociates an item', async ({
  page,
  gotoConsole,
}) => {
  test.setTimeout(180_000);
  const order = await orderWithItems();
  const [a, b, c] = order.items.map((i) => i.id);

  await signIn(page, gotoConsole, support, `/support?type=orders&id=${order.id}`);
  await page.locator(`a[href="/support/orders/${order.id}"]`).first().click();
  await expect(page.getByTestId('order-page')).toBeVisible();
  await expect(page.getByTestId('order-summary')).toContainText('IP Address');
  await expectAccessible(page, 'order page');
  await page.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(page, 'order page at 390 px');
  await page.setViewportSize({ width: 1440, height: 900 });

  await select(page, [a, b]);
  await page.getByTestId('refund-selected').click();
  await page.getByRole('dialog').getByRole('button', { name: 'Proceed' }).click();
  await expect(row(page, a).locator('td').last()).toContainText(' on ', { timeout: 15_000 });
  await expect(row(page, b).locator('td').last()).toContainText(' on ');
  const after = (await helper.call('GET', `/v4/accounts/orders/${order.id}/items/`)).body as { items: Item[] };
  expect(after.items.filter((i) => [a, b].includes(i.id)).every((i) => i.refund !== null)).toBe(true);

  // The same refund again (item a with c): refused in the spec's words, nothing refunded.
  await select(page, [a, c]);
  await page.getByTestId('refund-selected').click();
  await page.getByRole('dialog').getByRole('button', { name: 'Proceed' }).click();
  await expect(page.getByTestId('order-error')).toContainText(MSG.refundOnce);
  expect(
    ((await helper.call('GET', `/v4/accounts/orders/${order.id}/items/`)).body as { items: Item[] }).items.find((i) => i.id === c)!.refund,
  ).toBeNull();

  // Dissociate and reassociate item c (§4: 2 dissociated, 1 available).
  await page.getByTestId('order-items').locator(`tr[data-row-key="${a}"] input[type="checkbox"]`).uncheck();
  await page.getByRole('button', { name: 'Dissociate' }).click();
  await expect(row(page, c)).toContainText('Dissociated');
  await select(page, [c]);
  await page.getByRole('button', { name: 'Reassociate' }).click();
  await expect(row(page, c)).toContainText('Available');

  // The items CSV, saved to disk by main.
  await page.getByRole('button', { name: 'Download items CSV' }).click();
  const saved = page.getByText(new RegExp(`^Exported \\d+ rows to order-${order.id}-items-\\d{4}-\\d{2}-\\d{2}( \\(\\d+\\))?\\.csv$`));
  await expect(saved).toBeVisible({ timeout: 60_000 });
  const name = /to (order-.+\.csv)$/.exec((await saved.textContent()) ?? '')![1];
  const file = downloadedFile(name);
  const csv = parse(readFileSync(file, 'utf8')) as string[][];
  rmSync(file, { force: true });
  expect(csv[0][0]).toBe('Order Item ID');
  expect(
    csv
      .slice(1)
      .map((r) => Number(r[0]))
      .sort((x, y) => x - y),
  ).toEqual(expect.arrayContaining([a, b, c]));
});

test('support adds a credit to a user: refused without currency or reason (§5), then listed', async ({ page, gotoConsole }) => {
  test.setTimeout(120_000);
  const [user] = await listRows(helper, '/v4/accounts/users/?per_page=1&order_by=-registered_at');
  await signIn(page, gotoConsole, support, `/support/users/${user.id}?tab=credits`);
  await expect(page.getByTestId('add-credit')).toBeVisible();
  await expectAccessible(page, 'credits tab');
  await page.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(page, 'credits tab at 390 px');
  await page.setViewportSize({ width: 1440, height: 900 });

  await page.locator('#credit-amount').fill('7.25');
  await page.getByTestId('add-credit-submit').click();
  await expect(page.getByText(CREDIT_MESSAGES.currency)).toBeVisible();
  await expect(page.getByText(CREDIT_MESSAGES.reason)).toBeVisible();
  const before = (await listRows(helper, `/v4/accounts/users/${user.id}/credits/`)).length;

  await choose(page, 'credit-currency', 'Pound');
  await choose(page, 'credit-reason', 'Goodwill');
  await page.getByTestId('add-credit-submit').click();
  await expect(page.getByTestId('credits')).toContainText('Goodwill');
  const after = await listRows(helper, `/v4/accounts/users/${user.id}/credits/`);
  expect(after).toHaveLength(before + 1);
  expect(after[0]).toMatchObject({ amount: '7.25', currency: 'GBP', reason: { name: 'Goodwill' } });
});

test("support opens a user's orders from the user page and follows one to its order page", async ({ page, gotoConsole }) => {
  test.setTimeout(120_000);
  const [order] = await listRows(helper, '/v4/accounts/orders/?per_page=1&order_by=-created_at');
  const userId = (order.user as { id: number }).id;
  await signIn(page, gotoConsole, support, `/support/users/${userId}?tab=orders`);
  const link = page.getByTestId('user-orders').locator(`a[href="/support/orders/${order.id}"]`).first();
  await expect(link).toBeVisible();
  await expectAccessible(page, 'user orders tab');
  await page.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(page, 'user orders tab at 390 px');
  await page.setViewportSize({ width: 1440, height: 900 });

  // The user's order items, saved to disk by main.
  await page.getByRole('button', { name: 'Download order items CSV' }).click();
  const saved = page.getByText(new RegExp(`^Exported \\d+ rows to user-${userId}-order-items-\\d{4}-\\d{2}-\\d{2}( \\(\\d+\\))?\\.csv$`));
  await expect(saved).toBeVisible({ timeout: 60_000 });
  const name = /to (user-.+\.csv)$/.exec((await saved.textContent()) ?? '')![1];
  const file = downloadedFile(name);
  const csv = parse(readFileSync(file, 'utf8')) as string[][];
  rmSync(file, { force: true });
  expect(csv[0].slice(0, 2)).toEqual(['Order ID', 'Order Item ID']);
  expect(csv.slice(1).map((r) => Number(r[0]))).toContain(order.id);

  await link.click();
  await expect(page.getByTestId('order-page')).toBeVisible();
});

test("support sees a user's sign-in identities, copies a one-time password reset link that works once, and disables billing", async ({
  page,
  gotoConsole,
}) => {
  test.setTimeout(120_000);
  let user: { id: number; subject: string } | undefined;
  for (const u of await listRows(helper, '/v4/accounts/users/?per_page=20&order_by=-registered_at')) {
    const ids = (await helper.call('GET', `/v4/accounts/users/${u.id}/identities/`)).body as { results: { subject: string }[] };
    if (ids.results.length) {
      user = { id: u.id as number, subject: ids.results[0].subject };
      break;
    }
  }
  expect(user).toBeDefined();
  await signIn(page, gotoConsole, support);
  // The clipboard of the console support is signed in on (its own, in this worker).
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(page.url()).origin });
  await gotoConsole(page, `/support/users/${user!.id}?tab=account`);
  await expect(page.getByTestId('user-identities')).toContainText(user!.subject);
  await expectAccessible(page, 'user sign-in & billing tab');
  await page.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(page, 'user sign-in & billing tab at 390 px');
  await page.setViewportSize({ width: 1440, height: 900 });

  // The reset link, copied to the clipboard, opens the identity provider's page: it works once.
  await page.getByTestId('copy-reset-link').click();
  await expect(page.getByText(/^Password reset link copied/)).toBeVisible();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(new URL(link).pathname).toBe(AUTH_PATHS.passwordReset);
  const idp = await page.context().newPage();
  await idp.goto(link);
  await idp.locator('#password').fill('e2e-new-password-1');
  await idp.locator('#password_again').fill('e2e-new-password-1');
  await idp.getByRole('button', { name: 'Set password' }).click();
  await expect(idp.getByText(RESET_MESSAGES.done)).toBeVisible();
  await idp.goto(link);
  await expect(idp.getByText(RESET_MESSAGES.used)).toBeVisible();
  await idp.close();

  // Billing: disabled on this tab, saved, and the Details form follows (then re-enabled there would not be stale).
  const billing = async () =>
    ((await helper.call('GET', `/v4/accounts/users/${user!.id}/billing/`)).body as { billing_disabled: boolean }).billing_disabled;
  expect(await billing()).toBe(false);
  await page.getByTestId('billing-disabled').click();
  await expect(page.locator('.ant-message').getByText('Billing disabled')).toBeVisible();
  await expect.poll(billing).toBe(true);
  await page.getByTestId('billing-disabled').click();
  await expect(page.locator('.ant-message').getByText('Billing enabled')).toBeVisible();
  await expect.poll(billing).toBe(false);
  // The page's form took the user's new version: a save on Details is not refused as stale.
  await page.getByRole('tab', { name: 'Details' }).click();
  await page.locator('#field-first_name').fill('Resetta');
  await page.getByTestId('save-record').click();
  await expect(page.locator('.ant-message').getByText('Saved user')).toBeVisible();
  await expect(page.getByTestId('save-error')).toHaveCount(0);
});

test('support saves the users CSV of a users search to disk, with every account field', async ({ page, gotoConsole }) => {
  test.setTimeout(120_000);
  const [user] = await listRows(helper, '/v4/accounts/users/?per_page=1&order_by=-registered_at');
  await signIn(page, gotoConsole, support, `/support?type=users&id=${user.id}`);
  await page.getByRole('button', { name: 'Download users CSV' }).click();
  const saved = page.getByText(/^Exported \d+ rows? to users-\d{4}-\d{2}-\d{2}( \(\d+\))?\.csv$/);
  await expect(saved).toBeVisible({ timeout: 60_000 });
  const name = /to (users-.+\.csv)$/.exec((await saved.textContent()) ?? '')![1];
  const file = downloadedFile(name);
  const csv = parse(readFileSync(file, 'utf8')) as string[][];
  rmSync(file, { force: true });
  expect(csv[0]).toEqual(expect.arrayContaining(['ID', 'Username', 'Billing Disabled', 'Bypass Fraud Checks']));
  expect(csv.slice(1).map((r) => Number(r[0]))).toEqual([user.id]);
});

test('support assigns a coupon to a user by its code; a global coupon is refused', async ({ page, gotoConsole }) => {
  test.setTimeout(120_000);
  const [user] = await listRows(helper, '/v4/accounts/users/?per_page=1&order_by=-registered_at');
  const [other] = await listRows(helper, '/v4/accounts/users/?per_page=1&order_by=registered_at');
  const code = `E2EU${Date.now().toString(36).toUpperCase()}`;
  const made = await helper.call('POST', '/v4/content-ops/coupons/', {
    body: { code, discount_type_id: 1, discount_amount: 5, user_ids: [other.id] },
  });
  const global = await helper.call('POST', '/v4/content-ops/coupons/', {
    body: { code: `${code}G`, discount_type_id: 1, discount_amount: 5 },
  });
  expect([made.status, global.status]).toEqual([201, 201]);

  await signIn(page, gotoConsole, support, `/support/users/${user.id}?tab=coupons`);
  await expect(page.getByTestId('user-coupons')).toBeVisible();
  await page.locator('#assign-coupon-code').fill(`${code}G`);
  await page.getByTestId('assign-coupon').click();
  await expect(page.getByText(ASSIGN_COUPON_MESSAGES.global)).toBeVisible();
  await expectAccessible(page, 'user coupons tab');
  await page.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(page, 'user coupons tab at 390 px');
  await page.setViewportSize({ width: 1440, height: 900 });

  await page.locator('#assign-coupon-code').fill(code);
  await page.getByTestId('assign-coupon').click();
  await expect(page.getByTestId('user-coupons-table')).toContainText(code);
  const after = (await helper.call('GET', `/v4/content-ops/coupons/${(made.body as { id: number }).id}/`)).body as { user_ids: number[] };
  expect(after.user_ids).toEqual(expect.arrayContaining([user.id, other.id]));
});

test('support exports new users for a 2-day range to a CSV file; a 3-day range is refused', async ({ page, gotoConsole }) => {
  test.setTimeout(120_000);
  const day = (offset: number) => {
    const d = new Date(Date.now() + offset * 86_400_000);
    return `${String(d.getMonth() + 1).padStart(2, '0')}/${String(d.getDate()).padStart(2, '0')}/${d.getFullYear()}`;
  };
  const setRange = async (from: string, to: string) => {
    await page.locator('#new-user-range').click();
    await page.locator('#new-user-range').fill(from);
    await page.locator('#new-user-range').press('Enter');
    await page.locator('#new-user-range-end').fill(to);
    await page.locator('#new-user-range-end').press('Enter');
  };
  await signIn(page, gotoConsole, support, '/new-user-export');
  await expect(page.getByTestId('new-user-export')).toBeVisible();
  await expectAccessible(page, 'new-user export');
  await page.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(page, 'new-user export at 390 px');
  await page.setViewportSize({ width: 1440, height: 900 });

  await setRange(day(-2), day(0));
  await expect(page.getByTestId('new-user-range-error')).toHaveText(RANGE_MESSAGES.tooLong);
  await expect(page.getByTestId('export-button')).toHaveCount(0);

  await setRange(day(-1), day(0));
  await expect(page.getByTestId('new-user-range-error')).toHaveCount(0);
  await page.getByTestId('export-button').click();
  const done = page.getByText(
    /^Exported [\d,]+ rows to new-users-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}( \(\d+\))?\.csv$/,
  );
  await expect(done).toBeVisible({ timeout: 60_000 });
  const name = /to (new-users-.+\.csv)$/.exec((await done.textContent()) ?? '')![1];
  const file = downloadedFile(name);
  const rows = parse(readFileSync(file, 'utf8')) as string[][];
  rmSync(file, { force: true });
  expect(rows[0]).toEqual(expect.arrayContaining(['ID', 'Username', 'Email']));
  expect(rows.map((r) => r[1])).toContain('support');
});

test.describe('coupons', () => {
  // The CSV files live under the home folder, where the host's folder browser lists.
  let folder: string;
  test.beforeAll(() => {
    folder = mkdtempSync(join(homedir(), 'coupon-e2e-'));
  });
  test.afterAll(() => rmSync(folder, { recursive: true, force: true }));

  test('support credits the users of a CSV file (bulk credits): refused without currency or reason and with a wrong heading, then credited once', async ({
    page,
    gotoConsole,
  }) => {
    test.setTimeout(180_000);
    const users = (await listRows(helper, '/v4/accounts/users/?per_page=2&order_by=-registered_at')).map((u) => u.id as number);
    writeFileSync(join(folder, 'bulk-wrong.csv'), `id\n${users[0]}\n`);
    writeFileSync(join(folder, 'bulk.csv'), `person_id\n${users[0]}\n${users[1]}\n`);
    const credits = async () =>
      (await Promise.all(users.map((u) => listRows(helper, `/v4/accounts/users/${u}/credits/`)))).map((l) => l.length);
    const before = await credits();

    await signIn(page, gotoConsole, support, '/support');
    await page.getByTestId('bulk-credits-link').click();
    await expect(page.getByTestId('bulk-credits')).toBeVisible();
    await expectAccessible(page, 'bulk credits at 1440');
    await page.setViewportSize({ width: 390, height: 844 });
    await expectAccessible(page, 'bulk credits at 390');
    await page.setViewportSize({ width: 1440, height: 900 });

    await page.locator('#credit-amount').fill('1.25');
    await page.getByTestId('bulk-credits-upload').click();
    await expect(page.getByText(CREDIT_MESSAGES.currency)).toBeVisible();
    await expect(page.getByText(CREDIT_MESSAGES.reason)).toBeVisible();
    await choose(page, 'credit-currency', 'Euro');
    await choose(page, 'credit-reason', 'Goodwill');

    await page.getByTestId('bulk-credits-upload').click();
    await browseTo(page, [basename(folder), 'bulk-wrong.csv']);
    const refused = page.getByTestId('bulk-credits-error');
    await expect(refused).toContainText(shownMessage(MSG.csvColumnRequired));
    await expect(refused).toHaveClass(/ant-alert-error/);
    expect(await credits()).toEqual(before);

    await expect(page.getByRole('dialog')).toHaveCount(0);
    await page.getByTestId('bulk-credits-upload').click();
    await browseTo(page, [basename(folder), 'bulk.csv']);
    await expect(page.getByTestId('bulk-credits-done')).toContainText('Credited 2 users €1.25 each.');
    expect(await credits()).toEqual(before.map((n) => n + 1));
  });

  test('support creates a coupon with minimums in two currencies and uploads a CSV of user ids; a wrong heading is refused', async ({
    page,
    gotoConsole,
  }) => {
    test.setTimeout(180_000);
    const users = (await listRows(helper, '/v4/accounts/users/?per_page=3&order_by=id')).map((u) => u.id as number);
    writeFileSync(join(folder, 'wrong.csv'), `id\n${users[0]}\n`);
    writeFileSync(join(folder, 'users.csv'), `name,user_id\nA,${users[0]}\nB,${users[1]}\nC,${users[2]}\n`);
    const code = `E2E${Date.now().toString(36).toUpperCase()}`;

    await signIn(page, gotoConsole, support, '/create?type=coupons');
    await page.locator('#field-code').fill(code);
    await choose(page, 'field-discount_type_id', 'Amount');
    await page.locator('#field-discount_amount').fill('5');
    await page.locator('#field-min_order-USD').fill('25');
    await page.locator('#field-min_order-GBP').fill('1999.5');
    await expectAccessible(page, 'create coupon at 1440');
    await page.getByTestId('create-submit').click();
    await expect(page).toHaveURL(/\/support\/coupons\/\d+$/);
    const id = Number(new URL(page.url()).pathname.split('/').pop());
    const created = (await helper.call('GET', `/v4/content-ops/coupons/${id}/`)).body as Record<string, unknown>;
    // Enabled was left off: the coupon is created disabled, not redeemable until turned on.
    expect(created).toMatchObject({ code, min_order: { USD: 25, GBP: 1999.5 }, user_ids: [], enabled: false });

    await gotoConsole(page, `/support/coupons/${id}?tab=users`);
    await expect(page.getByTestId('coupon-users-count')).toHaveText('This coupon is global: it is for every user.');
    await page.getByRole('button', { name: 'Upload users CSV…' }).click();
    await browseTo(page, [basename(folder), 'wrong.csv']);
    const refused = page.getByTestId('coupon-users-error');
    await expect(refused).toContainText(shownMessage(MSG.csvColumnRequired));
    await expect(refused).toHaveClass(/ant-alert-error/);
    await expectAccessible(page, 'coupon users refused at 1440');

    // The folder browser of the first pick has closed before the second opens.
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await page.getByRole('button', { name: 'Upload users CSV…' }).click();
    await browseTo(page, [basename(folder), 'users.csv']);
    await expect(page.getByTestId('coupon-users-count')).toHaveText('This coupon is for 3 users.');
    await expect(page.getByTestId('coupon-users-error')).toHaveCount(0);
    expect(((await helper.call('GET', `/v4/content-ops/coupons/${id}/`)).body as { user_ids: number[] }).user_ids).toEqual(
      [...users].sort((x, y) => x - y),
    );
    await page.setViewportSize({ width: 390, height: 844 });
    await expectAccessible(page, 'coupon users at 390');
  });
});
