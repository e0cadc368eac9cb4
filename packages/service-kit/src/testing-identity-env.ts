import { inject } from 'vitest';

// A setupFile of serviceTestConfig(name, { identity: true }): buildTestService and namedVisitor
// reach the project's identity process (testing-identity-setup.ts) at IDENTITY_URL.
process.env.IDENTITY_URL = inject('identityUrl');
