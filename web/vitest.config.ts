import react from '@vitejs/plugin-react';
import { inlineIcons } from '@wfm/ui/inline-icons';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react(), inlineIcons()],
  test: {
    name: 'web',
    environment: 'jsdom',
    // Node 25 and later put their own localStorage on globalThis (without --localstorage-file it has
    // no methods), and it hides jsdom's: the workers run without it, as on Node 20.
    execArgv: process.allowedNodeEnvironmentFlags.has('--no-experimental-webstorage') ? ['--no-experimental-webstorage'] : [],
    include: ['test/**/*.test.{ts,tsx}'],
    // Not the machine's zone (UTC here): a date written in the visitor's zone where the server's is
    // needed (server rendering, hydration) must show in these tests, as it does for most visitors.
    env: { TZ: 'Pacific/Kiritimati' },
    setupFiles: ['./test/setup.ts'],
    // Whole-app renders with typed input; the machine is shared, so allow more than the 5 s default.
    testTimeout: 20_000,
  },
});
