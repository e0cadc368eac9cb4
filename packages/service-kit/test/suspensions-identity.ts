import type { TestProject } from 'vitest/node';
import { identityGlobalSetup } from '../src/testing-identity.ts';

export interface RunningIdentity {
  url: string;
  stop(): Promise<void>;
}

/** A real identity process (own database, test secrets) for one test file: it keeps the suspensions. */
export async function startIdentity(): Promise<RunningIdentity> {
  const provided: Record<string, string> = {};
  const project = { provide: (key: string, value: string) => void (provided[key] = value) } as unknown as TestProject;
  const stop = await identityGlobalSetup(project);
  return { url: provided.identityUrl!, stop };
}
