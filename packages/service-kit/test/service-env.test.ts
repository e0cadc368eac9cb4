import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ServiceDefinition } from '../src/app.ts';
import { serviceEnv } from '../src/app.ts';
import { createMemoryBus } from '../src/bus/memory.ts';
import { serviceEnvSchema } from '../src/env.ts';
import { ConfigError } from '../src/errors.ts';
import { createLogger } from '../src/logger.ts';
import { startService } from '../src/server.ts';
import { buildTestService, createTestDatabase, type TestDatabase } from '../src/testing.ts';
import { fixtureService } from './helpers.ts';

const logger = createLogger('test', 'silent');
const fixtureEnvSchema = serviceEnvSchema.extend({
  FIXTURE_GREETING: z.string().min(3, 'must be at least 3 characters').default('hello'),
  FIXTURE_LIMIT: z.coerce.number().int().positive(),
});

/** The fixture service with its own variables, answering what its routes were handed. */
const withEnv: ServiceDefinition = {
  ...fixtureService,
  env: fixtureEnvSchema,
  routes: [async (app) => {
    app.get('/env', async () => {
      const env = serviceEnv(app, fixtureEnvSchema);
      return { greeting: env.FIXTURE_GREETING, limit: env.FIXTURE_LIMIT, nodeEnv: env.NODE_ENV };
    });
  }],
};

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db?.drop();
});

describe("the definition's env schema", () => {
  it('is parsed once by startService and handed to routes as app.config.env, from the given environment only', async () => {
    const bus = createMemoryBus();
    const svc = await startService(withEnv, {
      env: { DATABASE_URL: db.url, NODE_ENV: 'test', FIXTURE_LIMIT: '12' },
      bus,
      logger,
      port: 0,
      host: '127.0.0.1',
      registerSignals: false,
      metrics: false,
    });
    try {
      const res = await fetch(`${svc.url}/env`);
      expect(await res.json()).toEqual({ greeting: 'hello', limit: 12, nodeEnv: 'test' });
      expect(svc.app.config.env.DATABASE_URL).toBe(db.url);
    } finally {
      await svc.close();
      await bus.close();
    }
  });

  it("refuses to start without the service's own required variable or with a malformed one, naming them", async () => {
    const start = (env: Record<string, string>) =>
      startService(withEnv, { env: { DATABASE_URL: db.url, NODE_ENV: 'test', ...env }, bus: createMemoryBus(), logger, registerSignals: false, runMigrations: false });
    await expect(start({})).rejects.toThrow(ConfigError);
    await expect(start({})).rejects.toThrow('FIXTURE_LIMIT is required');
    await expect(start({ FIXTURE_LIMIT: '5', FIXTURE_GREETING: 'hi' })).rejects.toThrow('FIXTURE_GREETING must be at least 3 characters');
  });

  it('buildTestService parses the given variables with the same schema', async () => {
    const t = await buildTestService(withEnv, { env: { FIXTURE_LIMIT: '3', FIXTURE_GREETING: 'howdy' } });
    try {
      const res = await t.app.inject({ method: 'GET', url: '/env' });
      expect(res.json()).toEqual({ greeting: 'howdy', limit: 3, nodeEnv: 'test' });
    } finally {
      await t.close();
    }
    await expect(buildTestService(withEnv)).rejects.toThrow('FIXTURE_LIMIT is required');
  });
});
