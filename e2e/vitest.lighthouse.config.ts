import { defineConfig } from 'vitest/config';

// Lighthouse alone, after every other test (scripts/test.ts): a performance score taken while the
// parallel run loads both cores measures the machine, not the pages (e2e/lighthouse.test.ts).
export default defineConfig({
  test: {
    name: 'lighthouse',
    root: import.meta.dirname,
    include: ['lighthouse.test.ts'],
    globalSetup: ['./global-setup.ts'],
    testTimeout: 180_000,
    hookTimeout: 180_000,
    fileParallelism: false,
  },
});
