/**
 * Vitest's global setup: makes sure the seeded template exists (built once, kept between
 * runs while its sources stay the same; tests/fixtures/seed-template.ts) and tells the
 * test workers where it is; gives the run a temporary folder of its own, removed at the end.
 */
import { ensureSeedTemplate, SEED_TEMPLATE_ENV } from '../fixtures/seed-template';
import { useRunTmpDir } from '../fixtures/run-tmp';

export default async function setup(): Promise<() => void> {
  const t = await ensureSeedTemplate({ log: (m) => console.log(m) });
  process.env[SEED_TEMPLATE_ENV] = t.dir;
  return useRunTmpDir('store-console-unit-');
}
