import { defineConfig } from 'vitest/config';
import { useHugePages } from './tests/setup/huge-pages.mjs';

// Large allocations on huge pages in every process the run starts (tests/setup/huge-pages.mjs).
useHugePages();

/** Tests that need the real OS keychain: run inside scripts/with-keyring.sh. */
export default defineConfig({
  test: {
    include: ['tests/**/*.keychain.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    reporters: ['default', ['json', { outputFile: 'test-reports/keychain.json' }]],
  },
});
