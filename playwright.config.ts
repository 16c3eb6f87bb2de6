import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';
import { useHugePages } from './tests/setup/huge-pages.mjs';

// Large allocations on huge pages in the workers, their consoles and browsers (tests/setup/huge-pages.mjs).
useHugePages();

/**
 * Debian's Chromium headless shell (package chromium-headless-shell, the build Playwright
 * itself runs headless) where it is installed: the same Blink without the browser's own UI
 * processes, about 15% less work a page here. Else Debian's chromium.
 */
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';
const CHROMIUM = existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium';

/**
 * End-to-end tests drive the browser host in the system Chromium (never a
 * downloaded browser). tests/e2e/fixtures.ts starts the host with its embedded API,
 * one per worker, from the seeded template the global setup makes. Two workers (one
 * browser each) on a two-core machine.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  outputDir: 'test-results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // Every test on its own: any worker may run it, in any order (a file whose tests share
  // state says so with mode 'serial': agreement and start).
  fullyParallel: true,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  // The slowest tests: test-reports/e2e.json, read by `npm run bench -- suite`.
  reporter: [['list'], ['json', { outputFile: 'test-reports/e2e.json' }]],
  use: {
    browserName: 'chromium',
    viewport: { width: 1280, height: 800 },
    // The console follows "reduce motion" (no dialog animation), so a click never lands on a
    // dialog's button while it is still moving in: a busy machine clicks where an idle one does.
    reducedMotion: 'reduce',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? CHROMIUM,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
        // One renderer process a browser: each test's new tab joins the warm one the worker's
        // `warmTab` keeps open (tests/e2e/fixtures.ts, replaced every 8 tests) instead of
        // starting its own (editors-a and records: about 13 % less browser CPU, measured with
        // process accounting).
        '--renderer-process-limit=1',
      ],
    },
    trace: 'off',
  },
});
