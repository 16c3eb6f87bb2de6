/**
 * Playwright's global setup: makes sure the seeded template exists (built once, kept
 * between runs while its sources stay the same; tests/fixtures/seed-template.ts), so each
 * worker's console starts on a copy of a seeded sandbox instead of seeding its own.
 */
import { ensureSeedTemplate, SEED_TEMPLATE_ENV } from '../fixtures/seed-template';

export default async function globalSetup(): Promise<void> {
  const t = await ensureSeedTemplate({ log: (m) => console.log(m) });
  process.env[SEED_TEMPLATE_ENV] = t.dir;
}
