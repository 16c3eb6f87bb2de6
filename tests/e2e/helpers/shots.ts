/**
 * Screenshots for people to look at what was built (test-results/screenshots, or
 * SCREENSHOT_DIR), taken only when SCREENSHOTS=1: each one makes Chromium paint the whole
 * page again, and a test run needs none of them to pass.
 *
 *   SCREENSHOTS=1 npm run test:e2e -- tests/e2e/shell.spec.ts
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';

export const SHOT_DIR = process.env.SCREENSHOT_DIR ?? 'test-results/screenshots';
const ON = process.env.SCREENSHOTS === '1';

export async function shot(page: Page, name: string, opts: { fullPage?: boolean } = {}): Promise<void> {
  if (!ON) return;
  mkdirSync(SHOT_DIR, { recursive: true });
  await page.screenshot({ path: join(SHOT_DIR, name), ...opts });
}
