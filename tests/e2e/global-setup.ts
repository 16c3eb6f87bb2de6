/**
 * Playwright's global setup: makes sure the seeded template exists (built once, kept
 * between runs while its sources stay the same; tests/fixtures/seed-template.ts), so each
 * worker's console starts on a copy of a seeded sandbox instead of seeding its own; gives the
 * run a temporary folder of its own (Playwright runs the function returned as the teardown).
 */
import { ensureSeedTemplate, SEED_TEMPLATE_ENV } from '../fixtures/seed-template';
import { useRunTmpDir } from '../fixtures/run-tmp';

export default async function globalSetup(): Promise<() => void> {
  const t = await ensureSeedTemplate({ log: (m) => console.log(m) });
  process.env[SEED_TEMPLATE_ENV] = t.dir;
  return useRunTmpDir('store-console-e2e-');
}
