/** The vitest globalSetup of serviceTestConfig(name, { identity: true }): one identity process per project. */
export { identityGlobalSetup as default } from './testing-identity.ts';
