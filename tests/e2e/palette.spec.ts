/**
 * The command palette (issue 18), by keyboard only: Ctrl+K from anywhere opens it, "track <id>"
 * and Enter open the track's page (its title announced, issue 29); Esc closes it and focus returns where
 * it was; a supplier is offered neither an admin area nor a type it may not read; the palette
 * switches the brand and starts the export of the list on screen; Help lists the shortcuts;
 * axe at 1440 and 390 px with the palette open.
 */
import { readFileSync, rmSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import type { Page } from '@playwright/test';
import { AREA_RULES, BRAND_NAMES, can } from '../../shared/access';
import { SANDBOX_ACCOUNTS } from '../../server/seed/accounts';
import { test, expect } from './fixtures';
import { principalOf, signIn } from './helpers/sign-in';
import { adminForFile } from './helpers/other-client';
import { bothWidths, listRows } from './helpers/records';
import { downloadedFile } from './helpers/downloads';

const account = (u: string) => SANDBOX_ACCOUNTS.find((a) => a.username === u)!;
const admin = adminForFile();

/** Ctrl+K; the palette is open with its input focused. */
async function openPalette(page: Page) {
  await page.keyboard.press('Control+k');
  const dialog = page.getByRole('dialog', { name: 'Command palette' });
  await expect(dialog).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Command' })).toBeFocused();
  return dialog;
}

/** The highlighted option (the input's aria-activedescendant). */
async function activeOption(page: Page) {
  const id = await page.getByRole('combobox', { name: 'Command' }).getAttribute('aria-activedescendant');
  expect(id).toBeTruthy();
  return page.locator(`[id="${id}"]`);
}

test('keyboard only: Ctrl+K, "track <id>", Enter opens the track page; Esc gives focus back; Help lists the keys', async ({
  page,
  gotoConsole,
}) => {
  const [track] = await listRows(admin(), '/v4/catalog/tracks/?per_page=1&order_by=id');
  await signIn(page, gotoConsole, account('admin'), '/help');
  await expect(page.getByTestId('help-shortcuts')).toContainText('Ctrl+K');
  // Esc: focus returns to the control that had it.
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  const dialog = await openPalette(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(skip).toBeFocused();

  // From the dashboard, whose title is announced when it loads (focus on the page announcer).
  await gotoConsole(page, '/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await openPalette(page);
  await page.keyboard.type(`track ${track.id}`);
  const first = await activeOption(page);
  await expect(first).toHaveAttribute('role', 'option');
  await expect(first).toHaveAttribute('aria-selected', 'true');
  await expect(first).toContainText(`Open track #${track.id}`);
  // The arrows move the highlight and wrap around.
  const count = await page.getByRole('option').count();
  await page.keyboard.press('ArrowUp');
  await expect(page.getByRole('option').nth(count - 1)).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('option').first()).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/catalog/tracks/${track.id}$`));
  await expect(page.getByTestId('record-tracks')).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Command palette' })).toBeHidden();
  const title = (await page.getByRole('heading', { level: 1 }).textContent())!.trim();
  await expect(page.getByTestId('page-announcer')).toBeFocused();
  await expect(page.getByTestId('page-announcer')).toHaveText(title);
});

test('only what the scopes allow: a supplier is offered no admin area and no type it may not read; the palette switches brand', async ({
  page,
  gotoConsole,
}) => {
  const who = account('supplier');
  const [first, other] = who.brands;
  expect(can(principalOf(who), AREA_RULES['/label-manager'])).toBe(false);
  await signIn(page, gotoConsole, who, '/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await openPalette(page);
  const options = page.getByRole('option');
  await expect(options.filter({ hasText: 'Statements' })).toHaveCount(1);
  await expect(options.filter({ hasText: 'Label Managers' })).toHaveCount(0);
  await page.keyboard.type('label man');
  await expect(options.first()).toBeVisible();
  await expect(options.filter({ hasText: 'Label Managers' })).toHaveCount(0);
  await page.keyboard.press('Control+a');
  await page.keyboard.type('user 5');
  await expect(options.first()).toBeVisible();
  await expect(options.filter({ hasText: 'Open user #5' })).toHaveCount(0);

  await page.keyboard.press('Control+a');
  await page.keyboard.type('brand');
  await expect(await activeOption(page)).toContainText(`Switch brand to ${BRAND_NAMES[other as keyof typeof BRAND_NAMES]}`);
  await expect(page.getByTestId('brand-switch')).toContainText(BRAND_NAMES[first as keyof typeof BRAND_NAMES]);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('brand-switch')).toContainText(BRAND_NAMES[other as keyof typeof BRAND_NAMES]);
  await expect(page).toHaveURL(/\/dashboard(#.*)?$/);
});

test("on a search list the palette starts its export, as the list's button does", async ({ page, gotoConsole }) => {
  test.setTimeout(120_000);
  await signIn(page, gotoConsole, account('admin'), '/catalog?type=releases&title=a');
  await expect(page.getByTestId('search-results').locator('tbody tr.ant-table-row').first()).toBeVisible();
  await openPalette(page);
  await page.keyboard.type('export');
  await expect(await activeOption(page)).toContainText('Export this list to CSV');
  await page.keyboard.press('Enter');
  const toast = page.getByText(/^Exported [\d,]+ rows to releases-\d{4}-\d{2}-\d{2}( \(\d+\))?\.csv$/);
  await expect(toast).toBeVisible({ timeout: 60_000 });
  // The file the toast names is in the browser host's downloads folder (chosen when the host started).
  const [, count, name] = /^Exported ([\d,]+) rows to (.+)$/.exec((await toast.textContent())!)!;
  const file = downloadedFile(name);
  try {
    const rows = parse(readFileSync(file, 'utf8')) as string[][];
    expect(rows.length - 1).toBe(Number(count.replace(/,/g, '')));
    expect(rows.length).toBeGreaterThan(1);
  } finally {
    rmSync(file, { force: true });
  }
  // Away from a search list, no export is offered.
  await gotoConsole(page, '/help');
  await expect(page.getByRole('heading', { level: 1, name: 'Help' })).toBeVisible();
  await openPalette(page);
  await page.keyboard.type('export');
  await expect(page.getByRole('option').filter({ hasText: 'Export this list to CSV' })).toHaveCount(0);
});

test('axe at 1440 and 390 px with the palette open', async ({ page, gotoConsole }) => {
  await signIn(page, gotoConsole, account('admin'), '/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await openPalette(page);
  await bothWidths(page, 'command palette (empty)');
  await page.keyboard.type('track 1');
  await expect(page.getByRole('option').first()).toContainText('Open track #1');
  await bothWidths(page, 'command palette (track 1)');
});
