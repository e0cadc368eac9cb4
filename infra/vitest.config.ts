import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'infra',
    include: ['tests/**/*.test.ts'],
    testTimeout: 30_000,
  },
});
