import { inject } from 'vitest';

// buildTestService gives the service this identity (test/identity-global-setup.ts).
process.env.IDENTITY_URL = inject('identityUrl');
