import { fileURLToPath } from 'node:url';
import type { ServiceDefinition } from '@wfm/service-kit';

/** Health, readiness and metrics come from the kit; business routes arrive with their features. */
export const service: ServiceDefinition = {
  name: 'catalog',
  schema: 'catalog',
  migrationsDir: fileURLToPath(new URL('../migrations', import.meta.url)),
  routes: async () => {},
};

export default service;
