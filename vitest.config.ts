import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import LongestFirst from './tests/setup/sequencer';

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
