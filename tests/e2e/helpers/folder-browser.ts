/** Picking files and folders in the browser host, where main's folder browser (a dialog) stands in for native dialogs. */
import { expect, type Page } from '@playwright/test';

/** Walks main's folder browser from the home folder into `names` (a last name with a suffix is a file: the pick). */
export async function browseTo(page: Page, names: string[]) {
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('browser-path')).toBeVisible();
  for (const [i, n] of names.entries()) {
    await dialog.getByLabel(n, { exact: true }).click();
    // a folder opens in place (wait for it); a file is the pick and closes the dialog
    if (i < names.length - 1 || !/\.[a-z0-9]+$/i.test(n)) await expect(dialog.getByTestId('browser-path')).toHaveText(new RegExp(`/${n}$`));
  }
  return dialog;
}
