import type { ServiceDefinition } from '@wfm/service-kit';
import { SERVICES } from '@wfm/contracts/shared';

/** Imports every service's definition (`@wfm/<name>` exports it from src/app.ts). */
export async function loadServiceDefinitions(): Promise<ServiceDefinition[]> {
  return Promise.all(
    SERVICES.map(async (s) => {
      const mod = (await import(`@wfm/${s.name}`)) as { service?: ServiceDefinition; default?: ServiceDefinition };
      const def = mod.service ?? mod.default;
      if (!def) throw new Error(`@wfm/${s.name} does not export its ServiceDefinition`);
      return def;
    }),
  );
}
