import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.{ts,tsx}'],
    exclude: ['tests/e2e/**', 'tests/**/*.keychain.test.ts', 'node_modules/**'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
