import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'catalog',
    include: ['test/**/*.test.ts'],
    // One real identity service for the author-name checks (real HTTP), shared by every file.
    globalSetup: ['test/identity-global-setup.ts'],
    setupFiles: ['test/setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
