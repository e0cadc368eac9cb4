import react from '@vitejs/plugin-react';
import { inlineIcons } from '@wfm/ui/inline-icons';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react(), inlineIcons()],
  test: {
    name: 'admin-web',
    environment: 'jsdom',
    // Node 25 and later put their own localStorage on globalThis (without --localstorage-file it has
    // no methods), and it hides jsdom's: the workers run without it, as on Node 20.
    execArgv: process.allowedNodeEnvironmentFlags.has('--no-experimental-webstorage') ? ['--no-experimental-webstorage'] : [],
    include: ['test/**/*.test.{ts,tsx}'],
    setupFiles: ['./test/setup.ts'],
    // Whole-app renders with lazy pages and several user steps; the machine is shared.
    testTimeout: 20_000,
  },
});
