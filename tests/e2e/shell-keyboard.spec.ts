/**
 * The shell by keyboard and across brands (issue 12): the skip links are the first Tab
 * stops and every control shows a focus ring; the header search opens a result in at most
 * 8 key presses from a page's load; after a navigation the new page's title is announced
 * from the page announcer, just before the skip links (issue 29: focus does not land past
 * them on the heading; Tab reaches "Skip to main content" first); a dirty form makes the
 * brand switch ask first (Cancel keeps the brand, Proceed switches and stays in the area);
 * the technical details are staff-only and collapsed.
 */
import type { Page } from '@playwright/test';
import { AREA_RULES, BRAND_NAMES, can, principalFrom } from '../../shared/access';
import { UI_TEXT } from '../../shared/ui-texts';
import { SANDBOX_ACCOUNTS } from '../../server/seed/accounts';
import { test, expect } from './fixtures';
import { signIn } from './helpers/sign-in';
import { adminForFile } from './helpers/other-client';
import { listRows } from './helpers/records';
import { OPEN_DROPDOWN, switchBrand } from './helpers/select';

const account = (u: string) => SANDBOX_ACCOUNTS.find((a) => a.username === u)!;

const admin = adminForFile();

/** Whether the focused element shows a focus ring: a solid outline at least 2 px wide. */
function focusRing(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const s = getComputedStyle(document.activeElement as HTMLElement);
    return s.outlineStyle === 'solid' && parseFloat(s.outlineWidth) >= 2;
  });
}

test('the skip links are the first Tab stops, shown when focused, and every control shows a focus ring', async ({ page, gotoConsole }) => {
  await signIn(page, gotoConsole, account('admin'), '/help');
  await expect(page.getByRole('heading', { level: 1, name: 'Help' })).toBeVisible();
  const skipMain = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skipMain).not.toBeInViewport();
  await page.keyboard.press('Tab');
  await expect(skipMain).toBeFocused();
  await expect(skipMain).toBeInViewport();
  expect(await focusRing(page)).toBe(true);
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to search' })).toBeFocused();
  // Onward: the navigation's controls show the ring too.
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.activeElement?.closest('.shell__sider, .shell__header') !== null)).toBe(true);
  expect(await focusRing(page)).toBe(true);
  // The skip link to the content moves focus there, not the address.
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Shift+Tab');
  await expect(skipMain).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('#main-content')).toBeFocused();
  await expect(page).toHaveURL(/\/help$/);
});

test('keyboard only: from a page load, the header search opens a result in at most 8 key presses, and its title is announced', async ({
  page,
  gotoConsole,
}) => {
  const [track] = await listRows(admin(), '/v4/catalog/tracks/?per_page=1&order_by=id');
  await signIn(page, gotoConsole, account('admin'));
  // Help, as the skip-link test above: the dashboard's title takes focus when it loads (to look into).
  await gotoConsole(page, '/help');
  await expect(page.getByRole('heading', { level: 1, name: 'Help' })).toBeVisible();
  let presses = 0;
  const press = async (key: string) => {
    presses += 1;
    await page.keyboard.press(key);
  };
  await press('Tab'); // Skip to main content
  await press('Tab'); // Skip to search
  await press('Enter');
  await expect(page.getByLabel('Search text')).toBeFocused();
  // The words searched for are typed, not counted as key presses.
  await page.keyboard.type(String(track.title));
  // The server's suggestions have arrived (before them the list holds only "See all results").
  const options = page.locator(`${OPEN_DROPDOWN} .ant-select-item-option`);
  await expect(options.first()).toContainText(String(track.title));
  await press('ArrowDown');
  await press('Enter');
  await expect(page).toHaveURL(/\/catalog\/tracks\/\d+$/);
  await expect(page.getByTestId('record-tracks')).toBeVisible();
  const title = (await page.getByRole('heading', { level: 1 }).textContent())!.trim();
  await expect(page.getByTestId('page-announcer')).toBeFocused();
  await expect(page.getByTestId('page-announcer')).toHaveText(title);
  expect(presses).toBeLessThanOrEqual(8);
});

test('after a navigation the new page\'s title is announced from before the skip links: Tab reaches "Skip to main content" first', async ({
  page,
  gotoConsole,
}) => {
  await signIn(page, gotoConsole, account('admin'), '/dashboard');
  const announcer = page.getByTestId('page-announcer');
  await page.locator('[data-nav-path="/help"]').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Help' })).toBeVisible();
  await expect(announcer).toBeFocused();
  await expect(announcer).toHaveText('Help');
  await page.locator('[data-nav-path="/account"]').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible();
  await expect(announcer).toBeFocused();
  await expect(announcer).toHaveText('Account');
  // Focus stayed before the skip links: they are the next Tab stops.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to search' })).toBeFocused();
});

test('a dirty form makes the brand switch ask first: Cancel keeps the brand and the edits, Proceed switches and stays in the area', async ({
  page,
  gotoConsole,
}) => {
  const who = account('admin');
  const [first, other] = who.brands;
  const [track] = await listRows(admin(), '/v4/catalog/tracks/?per_page=1&order_by=id');
  await signIn(page, gotoConsole, who, `/catalog/tracks/${track.id}`);
  await expect(page.getByTestId('record-tracks')).toBeVisible();
  await page.locator('#field-mix_name').fill('Unsaved mix');
  await expect(page.getByTestId('unsaved-count')).toHaveText('1 unsaved change');

  const pick = () => switchBrand(page, BRAND_NAMES[other]);
  await pick();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(UI_TEXT.unsavedMessage);
  await expect(page.getByTestId('brand-switch')).toContainText(BRAND_NAMES[first]);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('brand-switch')).toContainText(BRAND_NAMES[first]);
  await expect(page).toHaveURL(new RegExp(`/catalog/tracks/${track.id}$`));
  await expect(page.locator('#field-mix_name')).toHaveValue('Unsaved mix');

  await pick();
  await page.getByRole('dialog').getByRole('button', { name: 'Proceed' }).click();
  await expect(page.getByTestId('brand-switch')).toContainText(BRAND_NAMES[other]);
  // The new brand opens the catalogue too (from the shared rules): the switch stays in it, asked once.
  expect(can(principalFrom([who.app, who.role, ...who.brands].join(' '), [], other), AREA_RULES['/catalog'])).toBe(true);
  await expect(page).toHaveURL(/\/catalog(\?[^/]*)?$/);
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('without a dirty form the brand switch asks nothing, and goes home when the new brand closes the area', async ({
  page,
  gotoConsole,
}) => {
  const who = account('admin');
  const [first, other] = who.brands;
  // An area the first brand opens and the other does not (Hype is the dance brand's), from the shared rules.
  const principal = (brand: string) => principalFrom([who.app, who.role, ...who.brands].join(' '), [], brand);
  expect([can(principal(first), AREA_RULES['/hype']), can(principal(other), AREA_RULES['/hype'])]).toEqual([true, false]);
  await signIn(page, gotoConsole, who, '/hype');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await switchBrand(page, BRAND_NAMES[other]);
  await expect(page.getByTestId('brand-switch')).toContainText(BRAND_NAMES[other]);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('technical details (route paths, scopes, the API host) are collapsed, and shown to staff only', async ({ page, gotoConsole }) => {
  await signIn(page, gotoConsole, account('admin'), '/resources');
  const details = page.getByTestId('technical-details');
  await expect(details).toBeVisible();
  await expect(page.getByText('/catalog', { exact: true })).toBeHidden();
  await details.getByRole('button', { name: 'Technical details' }).click();
  await expect(page.getByTestId('route-paths')).toContainText('/catalog');
  await gotoConsole(page, '/account');
  await expect(page.getByText('API host')).toBeHidden();
  await page.getByTestId('technical-details').getByRole('button', { name: 'Technical details' }).click();
  await expect(page.getByText('API host')).toBeVisible();
  await expect(page.getByText('Scopes')).toBeVisible();

  await signIn(page, gotoConsole, account('supplier'));
  for (const path of ['/resources', '/account']) {
    await gotoConsole(page, path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByTestId('technical-details')).toHaveCount(0);
    await expect(page.getByText('API host')).toHaveCount(0);
    await expect(page.getByText('/catalog', { exact: true })).toHaveCount(0);
  }
});
