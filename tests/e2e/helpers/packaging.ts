/** Driving the packaging wizard in Chromium: its selects, main's folder browser, a valid Release Info step. */
import { expect, type Page } from '@playwright/test';

const openDropdown = '.ant-select-dropdown:not(.ant-select-dropdown-hidden)';

/** Picks the first option of an antd select found by its aria-label, optionally typing to filter. */
export async function chooseByLabel(page: Page, label: string, text?: string): Promise<void> {
  const input = page.getByLabel(label, { exact: true });
  await input.click();
  if (text) await input.fill(text);
  await expect(page.locator(`${openDropdown} .ant-select-item-option-active`)).toHaveCount(1);
  await input.press('Enter');
  await expect(page.locator(openDropdown)).toHaveCount(0);
}

/** Fills Release Info with valid values (the UPC's check digit right), enough to go on to Track Details. */
export async function fillReleaseInfo(page: Page, upc = '036000291452'): Promise<void> {
  await page.getByLabel('Release title').fill('Night Drive EP');
  await page.getByLabel('UPC/EAN').fill(upc);
  await page.getByLabel('Catalog number').fill('CAT-001');
  await chooseByLabel(page, 'Label');
  await chooseByLabel(page, 'Release type', 'EP');
  await page.getByLabel('Street date').fill('2026-12-01');
  await page.getByLabel('Release date').fill('2026-12-01');
  await chooseByLabel(page, 'Genre');
}
