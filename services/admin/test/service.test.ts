import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_MIGRATIONS_TABLE } from '@wfm/service-kit';
import { buildTestService, type TestService } from '@wfm/service-kit/testing';
import { service } from '../src/app.ts';

let t: TestService;
beforeAll(async () => {
  t = await buildTestService(service);
});
afterAll(async () => t?.close());

describe('admin service', () => {
  it('migrates its own schema on a fresh database', async () => {
    const applied = await t.sql<{ name: string }[]>`SELECT name FROM ${t.sql('admin')}.${t.sql(SERVICE_MIGRATIONS_TABLE)}`;
    expect(applied.map((m) => m.name)).toEqual(expect.arrayContaining(['001_init', '002_staff_sessions_audit']));
    const outbox = await t.sql`
      SELECT 1 FROM information_schema.tables WHERE table_schema = 'admin' AND table_name = 'outbox'`;
    expect(outbox).toHaveLength(1);
  });

  it('answers health, readiness and metrics', async () => {
    const health = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });

    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ status: 'ready' });

    const metrics = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(metrics.statusCode).toBe(200);
    expect(metrics.body).toContain('# TYPE');
  });

  it('answers unknown paths with a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/anything' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: expect.any(String) });
  });
});
