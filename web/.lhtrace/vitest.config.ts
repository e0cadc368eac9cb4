import { defineConfig } from 'vitest/config';
export default defineConfig({
  test: { root: import.meta.dirname, include: ['trace.test.ts'], globalSetup: ['../../e2e/global-setup.ts'], testTimeout: 900_000, hookTimeout: 300_000 },
});
