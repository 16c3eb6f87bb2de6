/** Driving the record pages' inputs in Chromium (antd selects, date pickers, switches) and reading records straight from the API. */
import { expect, type Page } from '@playwright/test';
import { axeFindings, sidewaysScroll } from './a11y';
import type { OtherClient } from './other-client';

type Row = Record<string, unknown> & { id: number; version: number };

/** GET one object (and its ETag) as another client. */
export async function getObject(client: OtherClient, path: string): Promise<{ row: Row; etag: string }> {
  const res = await client.call('GET', path);
  expect(res.status, `GET ${path}`).toBe(200);
  return { row: res.body as Row, etag: res.etag! };
}

/** The results of a list call as another client. */
export async function listRows(client: OtherClient, path: string): Promise<Row[]> {
  const res = await client.call('GET', path);
  expect(res.status, `GET ${path}`).toBe(200);
  return (res.body as { results: Row[] }).results;
}

const openDropdown = '.ant-select-dropdown:not(.ant-select-dropdown-hidden)';

/** Chooses an option of a select by its text. */
export async function choose(page: Page, inputId: string, option: string): Promise<void> {
  await page.locator(`#${inputId}`).click();
  await page.locator(`${openDropdown} .ant-select-item-option[title="${option}"]`).click();
  await expect(page.locator(openDropdown)).toHaveCount(0);
}

/** Adds an option to a multiple select by its text (its list stays open for more, and closes when focus moves on). */
export async function addChoice(page: Page, inputId: string, option: string): Promise<void> {
  await page.locator(`#${inputId}`).click();
  await page.locator(`${openDropdown} .ant-select-item-option[title="${option}"]`).click();
}

/** Types into an autocomplete select and chooses the suggestion with this text. */
export async function chooseBySearch(page: Page, inputId: string, text: string): Promise<void> {
  const input = page.locator(`#${inputId}`);
  await input.click();
  await input.fill(text);
  await page.locator(`${openDropdown} .ant-select-item-option[title="${text}"]`).first().click();
}

/** Types a date as the console shows it (MM/DD/YYYY). */
export async function typeDate(page: Page, inputId: string, shown: string): Promise<void> {
  const input = page.locator(`#${inputId}`);
  await input.click();
  await input.fill(shown);
  await input.press('Enter');
  await expect(input).toHaveValue(shown);
}

/**
 * axe finds nothing in the screen (the shell's content area, and an open dialog), and
 * nothing scrolls sideways at this width. The shell around it (navigation, header) is
 * checked by the shell's own tests.
 */
export async function expectAccessible(page: Page, what: string): Promise<void> {
  await expect(page.locator('.shell__content')).toBeVisible();
  await expect(page.locator('.loading-view')).toHaveCount(0);
  const include = ['.shell__content'];
  if (await page.locator('.ant-modal-root').count()) include.push('.ant-modal-root');
  expect(await axeFindings(page, { include }), `${what}: axe`).toEqual([]);
  const sideways = await sidewaysScroll(page);
  expect(sideways, `${what}: sideways scroll`).toBeLessThanOrEqual(0);
}
