import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServiceDefinition } from './app.ts';
import { serveMetrics } from './metrics.ts';
import { KIT_MIGRATIONS_DIR, KIT_MIGRATIONS_TABLE, migrationNames, SERVICE_MIGRATIONS_TABLE } from './migrate.ts';
import { buildTestService, type TestService } from './testing.ts';

/**
 * What every service must do on a fresh database: apply every migration of its migrations folder
 * and the kit's (the outbox) in its own schema, answer health and readiness, serve metrics on the internal
 * listener and not on its public port, and answer an unknown path with a JSON 404.
 */
export function describeServiceBasics(def: ServiceDefinition): void {
  let t: TestService;
  beforeAll(async () => {
    t = await buildTestService(def);
  });
  afterAll(async () => t?.close());

  describe(`${def.name} service basics`, () => {
    it('migrates its own schema on a fresh database: every file of its migrations folder, in order', async () => {
      const expected = migrationNames(def.migrationsDir);
      expect(expected.length).toBeGreaterThan(0);
      const applied = await t.sql<{ name: string }[]>`
        SELECT name FROM ${t.sql(def.schema)}.${t.sql(SERVICE_MIGRATIONS_TABLE)} ORDER BY run_on, id`;
      expect(applied.map((m) => m.name)).toEqual(expected);
      const kit = await t.sql<{ name: string }[]>`
        SELECT name FROM ${t.sql(def.schema)}.${t.sql(KIT_MIGRATIONS_TABLE)} ORDER BY run_on, id`;
      expect(kit.map((m) => m.name)).toEqual(expect.arrayContaining(migrationNames(KIT_MIGRATIONS_DIR)));
      const outbox = await t.sql`
        SELECT 1 FROM information_schema.tables WHERE table_schema = ${def.schema} AND table_name = 'outbox'`;
      expect(outbox).toHaveLength(1);
    });

    it('answers health and readiness', async () => {
      const health = await t.app.inject({ method: 'GET', url: '/healthz' });
      expect(health.statusCode).toBe(200);
      expect(health.json()).toEqual({ status: 'ok' });

      const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toMatchObject({ status: 'ready' });

    });

    it('serves metrics on the internal listener only, never on its public port', async () => {
      const publicPort = await t.app.inject({ method: 'GET', url: '/metrics' });
      expect(publicPort.statusCode).toBe(404);
      expect(publicPort.json()).toEqual({ message: expect.any(String) });

      const internal = await serveMetrics(t.app.metricsRegistry, { port: 0, host: '127.0.0.1' });
      try {
        const res = await fetch(`${internal.url}/metrics`);
        expect(res.status).toBe(200);
        const text = await res.text();
        expect(text).toContain('# TYPE http_request_duration_seconds histogram');
        expect(text).toContain(`service="${def.name}"`);
        // The outbox gauges of the service, read from the outbox in its own schema.
        expect(text).toMatch(new RegExp(`^outbox_backlog_events\\{service="${def.name}"\\} \\d+$`, 'm'));
        expect(text).toMatch(new RegExp(`^outbox_oldest_event_age_seconds\\{service="${def.name}"\\} [\\d.]+$`, 'm'));
      } finally {
        await internal.close();
      }
    });

    it('answers an unknown path with a JSON 404', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/no-such-call' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: expect.any(String) });
    });
  });
}
