import { defineConfig } from 'vitest/config';

/** Tests that need the real OS keychain: run inside scripts/with-keyring.sh. */
export default defineConfig({
  test: {
    include: ['tests/**/*.keychain.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    reporters: ['default', ['json', { outputFile: 'test-reports/keychain.json' }]],
  },
});
