/**
 * Sales end to end in Chromium against the sandbox API: finance opens the summary for the
 * last 24 months and the charts draw; exports the detail to a CSV through a sales-export
 * job whose rows match the screen's count; a supplier sees only its own lines. The screen
 * through axe at 1440 and 390 px.
 */
import { readFileSync, rmSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { SANDBOX_ACCOUNTS } from '../../server/seed/accounts';
import { test, expect } from './fixtures';
import { signIn } from './helpers/sign-in';
import { expectAccessible, listRows } from './helpers/records';
import { signInElsewhere } from './helpers/other-client';

const account = (u: string) => SANDBOX_ACCOUNTS.find((a) => a.username === u)!;

test.describe.configure({ mode: 'serial' });

test('finance opens the sales summary for the last 24 months, the charts draw, and the detail exports to CSV', async ({ page, gotoConsole }) => {
  test.setTimeout(180_000);
  await signIn(page, gotoConsole, account('finance'));
  await gotoConsole(page, '/sales');
  await expect(page.getByTestId('sales-page')).toBeVisible();
  await page.getByTestId('sales-run').click();
  for (const chart of ['sales-chart-time', 'sales-chart-store', 'sales-chart-sale-type', 'sales-chart-genre']) {
    await expect(page.getByTestId(chart).locator('canvas').first()).toBeVisible({ timeout: 60_000 });
  }
  const countText = (await page.getByTestId('sales-line-count').textContent()) ?? '';
  const count = Number(/^([\d,]+) sales lines/.exec(countText)![1].replace(/,/g, ''));
  expect(count).toBeGreaterThan(0);
  await expectAccessible(page, 'sales');
  await page.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(page, 'sales at 390 px');
  await page.setViewportSize({ width: 1440, height: 900 });

  await page.getByTestId('export-button').click();
  const done = page.getByText(/^Exported [\d,]+ rows to sales-\d{4}-\d{2}-\d{2}( \(\d+\))?\.csv$/);
  await expect(done).toBeVisible({ timeout: 120_000 });
  const name = /to (sales-.+\.csv)$/.exec((await done.textContent()) ?? '')![1];
  const file = join(process.env.CONSOLE_DOWNLOADS_DIR || join(homedir(), 'Downloads'), name);
  const rows = parse(readFileSync(file, 'utf8')) as string[][];
  rmSync(file, { force: true });
  expect(rows[0].slice(0, 3)).toEqual(['sale_date', 'brand', 'store']);
  expect(rows.length - 1).toBe(count);
  expect(new Set(rows.slice(1).map((r) => r[1]))).toEqual(new Set(['brand:dj']));
});

test('a supplier sees only its own sales lines', async ({ page, gotoConsole, consoleHost }) => {
  test.setTimeout(120_000);
  // The supplier's own labels, as the API lists them to it (a supplier sees only its own).
  const helper = await signInElsewhere(consoleHost, 'supplier', 'sandbox-supplier');
  const own = new Set((await listRows(helper, '/v4/catalog/labels/?per_page=100')).map((l) => l.name as string));
  await helper.end();
  await signIn(page, gotoConsole, account('supplier'));
  await gotoConsole(page, '/sales');
  await page.getByTestId('sales-run').click();
  await expect(page.getByTestId('sales-lines')).toBeVisible({ timeout: 60_000 });
  const labels = await page.getByTestId('sales-lines').locator('tbody tr td:nth-child(5)').allTextContents();
  expect(labels.length).toBeGreaterThan(0);
  for (const l of labels) expect(own.has(l), l).toBe(true);
});

test('the dashboard shows finance its brand\'s sales of the month and the chart draws; content ops the deliveries needing attention', async ({ page, gotoConsole }) => {
  test.setTimeout(120_000);
  await signIn(page, gotoConsole, account('finance'));
  await gotoConsole(page, '/dashboard');
  await expect(page.getByTestId('dashboard-sales')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('dashboard-chart').locator('canvas').first()).toBeVisible({ timeout: 30_000 });
  // Followers of the brand, the most followed linking to their records.
  const followers = page.getByTestId('dashboard-followers');
  await expect(followers).toContainText(/new this month \(same days last month: \d+\)/);
  await expect(followers.getByRole('link').first()).toHaveAttribute('href', /\/(artists|labels)\/\d+$/);
  await expect(page.getByTestId('dashboard-deliveries')).toHaveCount(0);
  await expectAccessible(page, 'dashboard');
  await page.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(page, 'dashboard at 390 px');
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, gotoConsole, account('contentops'));
  await gotoConsole(page, '/dashboard');
  await expect(page.getByTestId('dashboard-deliveries')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('dashboard-sales')).toHaveCount(0);
});
