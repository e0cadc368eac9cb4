import { defineConfig } from 'vitest/config';
import { inlineIcons } from './build/icon-markup.ts';

export default defineConfig({
  plugins: [inlineIcons()],
  test: {
    name: 'ui',
    environment: 'jsdom',
    // Node 25 and later put their own localStorage on globalThis (without --localstorage-file it has
    // no methods), and it hides jsdom's: the workers run without it, as on Node 20.
    execArgv: process.allowedNodeEnvironmentFlags.has('--no-experimental-webstorage') ? ['--no-experimental-webstorage'] : [],
    include: ['test/**/*.test.{ts,tsx}'],
    setupFiles: ['./test/setup.ts'],
  },
});
