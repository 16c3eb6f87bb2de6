import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { relative } from 'node:path';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The run's file order (issue 31): longest first, so the slow server suites start at once
 * and the many short files fill the workers' gaps at the end. Vitest orders by its own
 * cache of durations, which a fresh clone (CI) does not have; this reads the times
 * recorded in tests/setup/unit-durations.json (`npm run bench -- suite --record` rewrites
 * them from test-reports/unit.json). A file with no record yet runs first: it is new, and
 * its time is recorded next.
 */
class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    let recorded: Record<string, number> = {};
    try {
      recorded = JSON.parse(readFileSync('tests/setup/unit-durations.json', 'utf8')) as Record<string, number>;
    } catch {
      // No record: every file is new.
    }
    const root = this.ctx.config.root;
    const seconds = (f: TestSpecification) => recorded[relative(root, f.moduleId).split('\\').join('/')] ?? Infinity;
    return [...files].sort((a, b) => seconds(b) - seconds(a));
  }
}

export default defineConfig({
  test: {
    include: ['tests/**/*.test.{ts,tsx}'],
    exclude: ['tests/e2e/**', 'tests/**/*.keychain.test.ts', 'node_modules/**'],
    environment: 'node',
    // The seeded template every test server starts from (tests/fixtures/seed-template.ts).
    globalSetup: ['tests/setup/unit-global-setup.ts'],
    // One test file per core (Vitest's default leaves one core idle): the server suites
    // spend much of their time waiting on their database, ffmpeg or a child process.
    maxWorkers: Math.max(2, availableParallelism()),
    // Longest files first, from the recorded durations (a fresh clone has no Vitest cache).
    sequence: { sequencer: LongestFirst },
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // The slowest tests: test-reports/unit.json, read by `npm run bench -- suite`.
    reporters: ['default', ['json', { outputFile: 'test-reports/unit.json' }]],
  },
});
