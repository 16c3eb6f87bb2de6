/** Driving the record pages' inputs in Chromium (antd selects, date pickers, switches) and reading records straight from the API. */
import { expect, type Page } from '@playwright/test';
import { recordLink } from '../../../shared/search/columns';
import { SANDBOX_ACCOUNTS, type SandboxAccount } from '../../../server/seed/accounts';
import { test } from '../fixtures';
import { axeFindings, sidewaysScroll } from './a11y';
import { chooseOption } from './select';
import { signInElsewhere, type OtherClient } from './other-client';
import type { Goto } from './sign-in';

type Row = Record<string, unknown> & { id: number; version: number };

/** Opens a record page's tab by its name and waits until it is the selected one. */
export async function openTab(page: Page, name: string): Promise<void> {
  await page.getByRole('tab', { name }).click();
  await expect(page.getByRole('tab', { name, selected: true })).toBeVisible();
}

/** A sandbox account by username (server/seed/accounts.ts). */
export const account = (username: string): SandboxAccount => SANDBOX_ACCOUNTS.find((a) => a.username === username)!;

/**
 * The admin client a record spec reads and changes records with behind the console's
 * back: signed in (another device) before the spec's tests, its session ended after them.
 * Call once at the top of a spec file.
 */
export function adminElsewhere(): OtherClient {
  let client: OtherClient | undefined;
  test.beforeAll(async ({ consoleHost }) => {
    client = await signInElsewhere(consoleHost, 'admin', 'sandbox-admin');
  });
  test.afterAll(async () => {
    await client?.end();
  });
  const ready = (): OtherClient => {
    if (!client) throw new Error('the admin client signs in before the tests (adminElsewhere)');
    return client;
  };
  return {
    get accessToken() {
      return ready().accessToken;
    },
    get refreshToken() {
      return ready().refreshToken;
    },
    call: (...args) => ready().call(...args),
    sessions: () => ready().sessions(),
    end: () => ready().end(),
  };
}

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

/** Chooses an option of a select by its text (a multiple select adds it and stays open for more, closing when focus moves on). */
export async function choose(page: Page, inputId: string, option: string): Promise<void> {
  await chooseOption(page, page.locator(`#${inputId}`), option);
}

/** Types into an autocomplete select and chooses the suggestion with this text. */
export async function chooseBySearch(page: Page, inputId: string, text: string): Promise<void> {
  await chooseOption(page, page.locator(`#${inputId}`), text, { search: text });
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
  await expect(page.locator('.loading-view, .list-skeleton')).toHaveCount(0);
  const include = ['.shell__content'];
  if (await page.locator('.ant-modal-root').count()) include.push('.ant-modal-root');
  expect(await axeFindings(page, { include }), `${what}: axe`).toEqual([]);
  const sideways = await sidewaysScroll(page);
  expect(sideways, `${what}: sideways scroll`).toBeLessThanOrEqual(0);
}

/** Opens a record from its search (the id filter), as a user does. */
export async function openFromSearch(page: Page, gotoConsole: Goto, type: string, id: number): Promise<void> {
  const href = recordLink(type, id)!;
  await gotoConsole(page, `/catalog?type=${type}&id=${id}`);
  await page.getByTestId('search-results').locator(`a[href="${href}"]`).first().click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  await expect(page.getByTestId(`record-${type}`)).toBeVisible();
}

/** Saves the record page's form and waits until it holds no unsaved change and shows no save error. */
export async function saveAndWait(page: Page): Promise<void> {
  await page.getByTestId('save-record').click();
  await expect(page.getByTestId('unsaved-count')).toHaveText('No unsaved changes');
  await expect(page.getByTestId('save-error')).toHaveCount(0);
}

/**
 * Moves the first track of a sortable tracks table to position 3 with the keyboard (Space
 * picks it up, two arrows, Space drops it), checking what the screen reader hears.
 */
/**
 * After a keyboard pick-up: dnd-kit's keyboard sensor starts listening for the arrows in a task
 * it queues at pick-up (setTimeout 0), which can run after the announcement; one task later it
 * listens, so an arrow pressed then is not lost.
 */
/**
 * Sets the viewport and waits until the page has run its resize steps: a keyboard drag (dnd-kit) cancels itself on
 * a window resize, and under load Chromium dispatches that event a frame or more after setViewportSize returns.
 */
export async function resizeViewport(page: Page, size: { width: number; height: number }): Promise<void> {
  await page.setViewportSize(size);
  await page.waitForFunction((w) => window.innerWidth === w, size.width);
  // Resize events are dispatched in the rendering step before animation-frame callbacks: after two frames, none is pending.
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
}

export async function keyboardSensorListening(page: Page): Promise<void> {
  await page.evaluate(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));
}

export async function moveFirstTrackToThird(page: Page): Promise<void> {
  const live = page.locator('[id^="DndLiveRegion"]');
  await page.getByTestId('reorder-handle').first().focus();
  await page.keyboard.press('Space');
  await expect(live).toContainText('is over position 1');
  await keyboardSensorListening(page);
  await page.keyboard.press('ArrowDown');
  await expect(live).toContainText('is over position 2');
  await page.keyboard.press('ArrowDown');
  await expect(live).toContainText('is over position 3');
  await page.keyboard.press('Space');
  await expect(live).toContainText('dropped at position 3');
}

/** expectAccessible at 1440 and at 390 px, back at 1440 after. */
export async function bothWidths(page: Page, what: string): Promise<void> {
  await page.setViewportSize({ width: 1440, height: 900 });
  await expectAccessible(page, `${what} at 1440`);
  await page.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(page, `${what} at 390`);
  await page.setViewportSize({ width: 1440, height: 900 });
}
