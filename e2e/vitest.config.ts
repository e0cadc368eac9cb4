import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'e2e',
    include: ['**/*.test.ts'],
    // Lighthouse runs in its own phase (vitest.lighthouse.config.ts, LIGHTHOUSE=1 npm test).
    exclude: ['lighthouse.test.ts', '**/node_modules/**'],
    globalSetup: ['./global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    // Browser and multi-process tests share one site and the two cores: run files one at a time.
    fileParallelism: false,
    // expect.poll gives up after 1 s by default: on a loaded 2-core CI machine a page can take longer
    // to load and render its first fetch (the phone search test failed that way in full runs only).
    expect: { poll: { timeout: 15_000 } },
  },
});
