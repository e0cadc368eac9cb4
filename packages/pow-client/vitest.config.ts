import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'pow-client',
    include: ['test/**/*.test.ts'],
    testTimeout: 20_000,
  },
});
