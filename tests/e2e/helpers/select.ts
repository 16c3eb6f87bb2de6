/**
 * Choosing an option of an antd Select in Chromium, the way a keyboard user does: open the
 * list, (type to filter,) move the active option with the arrow keys, Enter.
 *
 * Why not a mouse click on the option: the list is a popup aligned to its field after each
 * scroll, and a click that Playwright has to retry scrolls the page into view with another
 * alignment; the popup is then aligned again between the mouse's press and release, the
 * release lands on something else, and the click picks nothing (seen in CI: the field still
 * "Any" with its list open). Keys go to the focused field, wherever the popup is drawn.
 */
import { expect, type Locator, type Page } from '@playwright/test';

/** The open list of an antd Select (a closed one stays in the page, hidden). */
export const OPEN_DROPDOWN = '.ant-select-dropdown:not(.ant-select-dropdown-hidden)';

interface ChooseOptions {
  /** Text typed into the field's search first (a `showSearch` select or an autocomplete). */
  search?: string;
}

/**
 * Opens the select `field` (its root or its input), makes the option titled `label` the
 * active one with the arrow keys and chooses it with Enter (a multiple select adds it and
 * stays open). Fails naming the options seen when the list has no such option.
 */
export async function chooseOption(page: Page, field: Locator, label: string, options: ChooseOptions = {}): Promise<void> {
  const dropdown = page.locator(OPEN_DROPDOWN);
  // Open the list, clicking again only while it is still closed: a click that lands while the
  // field is being drawn again (the shell just after sign-in, on a busy machine) opens nothing.
  await expect(async () => {
    if ((await dropdown.count()) === 0) await field.click();
    await expect(dropdown).toHaveCount(1, { timeout: 2_000 });
  }).toPass();
  if (options.search !== undefined) {
    await page.keyboard.type(options.search);
    // The list is filtered (or a remote search answered) when the option is in it.
    await expect(dropdown.getByTitle(label, { exact: true }).first()).toBeAttached();
  }
  const active = dropdown.locator('.ant-select-item-option-active');
  const activeTitle = async () => {
    await expect(active).toHaveCount(1);
    return (await active.getAttribute('title')) ?? (await active.textContent()) ?? '';
  };
  // The arrow wraps from the last option to the first: an option seen twice means the list has been walked.
  // (A keydown is a discrete event: React has drawn the new active option when press() returns.)
  const seen: string[] = [];
  for (let title = await activeTitle(); title !== label; title = await activeTitle()) {
    if (seen.includes(title)) throw new Error(`no option "${label}" in the list (it offers ${seen.map((s) => `"${s}"`).join(', ')})`);
    seen.push(title);
    await page.keyboard.press('ArrowDown');
  }
  await page.keyboard.press('Enter');
  // A single select closes on its choice; a multiple one stays open for more.
  const multiple = await field.evaluate((el) => el.closest('.ant-select')?.classList.contains('ant-select-multiple') ?? false);
  if (!multiple) await expect(dropdown).toHaveCount(0);
}

/** Switches the header's brand switch to the brand shown as `name`. */
export async function switchBrand(page: Page, name: string): Promise<void> {
  await chooseOption(page, page.getByTestId('brand-switch'), name);
}
