import { fileURLToPath } from 'node:url';
import { defineConfig, type ViteUserConfig } from 'vitest/config';

const IDENTITY_GLOBAL_SETUP = fileURLToPath(new URL('./testing-identity-setup.ts', import.meta.url));
const IDENTITY_ENV_SETUP = fileURLToPath(new URL('./testing-identity-env.ts', import.meta.url));

export interface ServiceTestConfigOptions {
  /**
   * One real identity process for every test file of the project (its rules ask identity over
   * HTTP: author names, poster names, applicants' usernames); tests reach it at IDENTITY_URL,
   * which buildTestService hands the app.
   */
  identity?: boolean;
}

/** A service's vitest project (services/<name>/vitest.config.ts): its test/**\/*.test.ts files. */
export function serviceTestConfig(name: string, opts: ServiceTestConfigOptions = {}): ViteUserConfig {
  return defineConfig({
    test: {
      name,
      include: ['test/**/*.test.ts'],
      ...(opts.identity ? { globalSetup: [IDENTITY_GLOBAL_SETUP], setupFiles: [IDENTITY_ENV_SETUP] } : {}),
      testTimeout: 30_000,
      hookTimeout: 60_000,
    },
  });
}
