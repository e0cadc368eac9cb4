import { defineConfig } from 'vitest/config';

// Every workspace is its own project with its own vitest.config.ts; e2e holds the cross-process
// tests (distributed run over real NATS) and the browser tests in real Chromium.
export default defineConfig({
  test: {
    projects: [
      'packages/*/vitest.config.ts',
      'services/*/vitest.config.ts',
      'gateway/vitest.config.ts',
      'web/vitest.config.ts',
      'admin-web/vitest.config.ts',
      'infra/vitest.config.ts',
      'e2e/vitest.config.ts',
      'scripts/vitest.config.ts',
    ],
  },
});
