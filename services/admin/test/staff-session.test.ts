import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestService, type TestService } from '@wfm/service-kit/testing';
import { service } from '../src/app.ts';

let t: TestService;
beforeAll(async () => {
  t = await buildTestService(service);
});
afterAll(async () => t?.close());

describe('GET /internal/staff-session', () => {
  it('answers 401 Authentication required: there are no staff sessions yet', async () => {
    for (const headers of [{}, { cookie: 'wfm_staff=anything' }]) {
      const res = await t.app.inject({ method: 'GET', url: '/internal/staff-session', headers });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Authentication required' });
    }
  });
});
