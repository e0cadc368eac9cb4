import { inject } from 'vitest';

// buildTestService gives app.identity this identity (test/identity-global-setup.ts).
process.env.IDENTITY_URL = inject('identityUrl');
