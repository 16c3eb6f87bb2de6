/** Driving the packaging wizard in Chromium: its selects, main's folder browser, a valid Release Info step. */
import { expect, type Page } from '@playwright/test';
import { browseTo } from './folder-browser';
import { OPEN_DROPDOWN } from './select';

/** Picks the first option of an antd select found by its aria-label, optionally typing to filter. */
export async function chooseByLabel(page: Page, label: string, text?: string): Promise<void> {
  const input = page.getByLabel(label, { exact: true });
  await input.click();
  if (text) await input.fill(text);
  await expect(page.locator(`${OPEN_DROPDOWN} .ant-select-item-option-active`)).toHaveCount(1);
  await input.press('Enter');
  await expect(page.locator(OPEN_DROPDOWN)).toHaveCount(0);
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

/**
 * Track Details: the cover art (`<base>/cover.png`, 1400×1400 PNG) and the audio folder
 * (`<base>/audio`) chosen through main's folder browser; `base` is a folder in the home folder.
 */
export async function pickCoverAndAudio(page: Page, base: string): Promise<void> {
  const top = base.split('/').pop()!;
  await page.getByTestId('cover-art').getByRole('button', { name: 'Browse…' }).click();
  await browseTo(page, [top, 'cover.png']);
  await expect(page.getByTestId('cover-art-summary')).toContainText('1400×1400 PNG');
  await page.getByRole('button', { name: 'Add audio folder…' }).click();
  const dialog = await browseTo(page, [top, 'audio']);
  await dialog.getByRole('button', { name: 'Choose this folder' }).click();
}
