/**
 * Statements end to end in Chromium against the sandbox API: the sandbox supplier sees only
 * its own statements (the screen offers no other party, and the API refuses another
 * supplier's), with the carry-forward threshold shown and amounts with separators; it
 * downloads one statement's CSV through main, whose lines add up to the statement's balance.
 * The screen through axe at 1440 and 390 px. Finance opens a supplier's statements from the
 * supplier's record page; the screen is titled by the supplier's name.
 */
import { readFileSync, rmSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { SANDBOX_ACCOUNTS } from '../../server/seed/accounts';
import { STATEMENT_PAYMENT_THRESHOLD } from '../../shared/constants';
import { formatAmount, periodLabel } from '../../shared/statements';
import { test, expect } from './fixtures';
import { signIn } from './helpers/sign-in';
import { signInElsewhere, type OtherClient } from './helpers/other-client';
import { expectAccessible } from './helpers/records';
import { downloadedFile } from './helpers/downloads';

const account = (u: string) => SANDBOX_ACCOUNTS.find((a) => a.username === u)!;

interface St {
  id: number;
  currency: string;
  period_start: string;
  period_end: string;
  balance: string;
  lines: { amount: string }[];
}

let supplierApi: OtherClient;
test.beforeAll(async ({ consoleHost }) => {
  supplierApi = await signInElsewhere(consoleHost, 'supplier', 'sandbox-supplier');
});
test.afterAll(async () => {
  await supplierApi?.end();
});

test('a supplier sees only its own statements and downloads a statement CSV', async ({ page, gotoConsole }) => {
  test.setTimeout(180_000);
  const own = await supplierApi.call('GET', '/v4/catalog/suppliers/1/statements/music/', { headers: { 'x-brand': 'brand:dance' } });
  expect(own.status).toBe(200);
  const statements = (own.body as { results: St[] }).results;
  expect(statements.length).toBeGreaterThan(0);
  // Another supplier's statements are not there for this user.
  expect((await supplierApi.call('GET', '/v4/catalog/suppliers/2/statements/music/')).status).toBe(404);

  await signIn(page, gotoConsole, account('supplier'));
  // A supplier id in the address is not followed: the screen shows the user's own supplier.
  await gotoConsole(page, '/statements?supplier=2');
  await expect(page.getByRole('heading', { level: 1, name: 'Statements' })).toBeVisible();
  // Titled by the supplier's name (issue 29), its ID beside.
  const mine = (await supplierApi.call('GET', '/v4/my/supplier/')).body as { id: number; name: string };
  expect(mine.id).toBe(1);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Statements — ${mine.name}`);
  await expect(page.getByText('Supplier · ID 1 ·')).toBeVisible();
  await expect(page.getByTestId('statements-party')).toHaveCount(0);
  await expect(page.getByTestId('statements-rules')).toContainText(`Balances under ${STATEMENT_PAYMENT_THRESHOLD.toFixed(2)}`);
  const table = page.getByTestId('statements-table');
  const newest = statements[0];
  const firstRow = table.locator(`tr[data-row-key="${newest.id}"]`);
  await expect(firstRow).toContainText(periodLabel({ start: newest.period_start, end: newest.period_end }));
  await expect(firstRow).toContainText(formatAmount(newest.balance, newest.currency));
  await expectAccessible(page, 'statements');
  await page.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(page, 'statements at 390 px');
  await page.setViewportSize({ width: 1440, height: 900 });

  // One statement's lines as CSV, saved to disk by main.
  await firstRow.getByRole('button', { name: 'Download CSV' }).click();
  const saved = page.getByText(new RegExp(`^Exported \\d+ rows to statement-${newest.id}-\\d{4}-\\d{2}-\\d{2}( \\(\\d+\\))?\\.csv$`));
  await expect(saved).toBeVisible({ timeout: 60_000 });
  const name = /to (statement-.+\.csv)$/.exec((await saved.textContent()) ?? '')![1];
  const file = downloadedFile(name);
  const csv = parse(readFileSync(file, 'utf8'), { columns: true }) as Record<string, string>[];
  rmSync(file, { force: true });
  expect(csv).toHaveLength(newest.lines.length);
  expect(csv.every((r) => r['Statement ID'] === String(newest.id))).toBe(true);
  expect(csv.map((r) => r.Amount)).toEqual(newest.lines.map((l) => l.amount));
  const cents = csv.reduce((sum, r) => sum + Math.round(Number(r.Amount) * 100), 0);
  expect(cents).toBe(Math.round(Number(newest.balance) * 100));
});

test("finance opens a supplier's statements from its record page", async ({ page, gotoConsole }) => {
  test.setTimeout(120_000);
  await signIn(page, gotoConsole, account('finance'), '/catalog/suppliers/1');
  await expect(page.getByTestId('record-title')).not.toBeEmpty();
  const name = (await page.getByTestId('record-title').textContent()) ?? '';
  expect(name).not.toBe('');
  await page.getByTestId('record-statements-link').click();
  await expect(page).toHaveURL(/\/statements\?supplier=1$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Statements — ${name}`);
  await expect(page.getByTestId('statements-table')).toBeVisible();
  // One total per currency paid in (the sandbox pays in several §9 currencies), each with its symbol.
  await expect(page.getByTestId('statements-paid-total')).toHaveText(
    /^Paid to date: [^\d\s]*\d[\d,]*\.\d{2}( · [^\d\s]*\d[\d,]*\.\d{2})*$/,
  );
});
