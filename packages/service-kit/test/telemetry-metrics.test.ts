/**
 * The operational gauges against real servers: the outbox backlog and its age while NATS is
 * unreachable and after it returns (a NATS of the test's own, killed and restarted), durable consumer
 * lag from JetStream, and BullMQ queue depth and failures on Redis.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Registry } from 'prom-client';
import { createMemoryBus } from '../src/bus/memory.ts';
import { createNatsBus } from '../src/bus/nats.ts';
import type { EventBus } from '../src/bus/types.ts';
import { createSql, type Sql } from '../src/db.ts';
import { registerTaskQueueMetrics } from '../src/tasks/task-metrics.ts';
import { startTaskRunner } from '../src/tasks/task-runner.ts';
import { queueConnection } from '../src/tasks/queue-connection.ts';
import { createLogger } from '../src/logger.ts';
import { registerConsumerLagMetrics, registerOutboxMetrics } from '../src/metrics.ts';
import { runMigrations } from '../src/migrate.ts';
import { writeEvent } from '../src/outbox.ts';
import { startOutboxRelay } from '../src/relay.ts';
import { createTestDatabase, TEST_NATS_URL, TEST_REDIS_URL, type TestDatabase } from '../src/testing.ts';
import { startNatsServer, type FaultServer } from '../src/testing-faults.ts';
import { fixtureDir, sleep, uid, waitFor } from './helpers.ts';

const logger = createLogger('test', 'silent');
const SUBJECT = 'identity.profile.created';
let db: TestDatabase;
let sql: Sql;

beforeAll(async () => {
  db = await createTestDatabase();
  await runMigrations({ databaseUrl: db.url, schema: 'kit_metrics', migrationsDir: fixtureDir('migrations'), logger });
  sql = createSql(db.url, { schema: 'kit_metrics' });
});

afterAll(async () => {
  await sql?.end();
  await db?.drop();
});

/** Each sample of `name` in the registry, by its labels as `k=v,...` ('' without labels). */
async function samples(registry: Registry, name: string): Promise<Record<string, number>> {
  const metric = (await registry.getMetricsAsJSON()).find((m) => m.name === name);
  if (!metric) throw new Error(`${name} is not registered`);
  return Object.fromEntries(
    metric.values.map((v) => [
      Object.entries(v.labels)
        .map(([k, l]) => `${k}=${l}`)
        .join(','),
      v.value,
    ]),
  );
}

/** A handler that waits until the gate opens. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

describe('outbox metrics', () => {
  let nats: FaultServer;
  let bus: EventBus;

  beforeAll(async () => {
    nats = await startNatsServer();
    bus = await createNatsBus({ natsUrl: nats.url, logger });
  });

  afterAll(async () => {
    await bus?.close();
    await nats?.close();
  });

  it('show the backlog and its age rising while NATS is unreachable, and both back at 0 once it drains', async () => {
    const registry = new Registry();
    registerOutboxMetrics(registry, sql);
    const relay = startOutboxRelay({ sql, schema: 'kit_metrics', bus, logger, initialBackoffMs: 100, maxBackoffMs: 300 });
    try {
      expect(await samples(registry, 'outbox_backlog_events')).toEqual({ '': 0 });
      expect(await samples(registry, 'outbox_oldest_event_age_seconds')).toEqual({ '': 0 });

      await nats.kill();
      for (let i = 0; i < 3; i++) await writeEvent(sql, SUBJECT, { username: `u${uid()}`, created_at: i });
      await sleep(1_500);
      expect(await samples(registry, 'outbox_backlog_events')).toEqual({ '': 3 });
      const age = (await samples(registry, 'outbox_oldest_event_age_seconds'))['']!;
      expect(age).toBeGreaterThanOrEqual(1);
      await sleep(1_100);
      expect((await samples(registry, 'outbox_oldest_event_age_seconds'))['']).toBeGreaterThan(age);

      await nats.start();
      await waitFor(async () => ((await samples(registry, 'outbox_backlog_events'))[''] === 0 ? true : undefined), 15_000);
      expect(await samples(registry, 'outbox_oldest_event_age_seconds')).toEqual({ '': 0 });
    } finally {
      await relay.stop();
    }
  });
});

describe('consumer lag metrics', () => {
  for (const kind of ['nats', 'memory'] as const) {
    it(`show the messages a ${kind} durable subscription has not finished, then 0 once it catches up`, async () => {
      const bus = kind === 'nats' ? await createNatsBus({ natsUrl: TEST_NATS_URL, logger }) : createMemoryBus({ logger });
      const registry = new Registry();
      registerConsumerLagMetrics(registry, bus);
      const durable = `lag-test-${uid()}`;
      const held = gate();
      const stop = await bus.subscribe(SUBJECT, () => held.opened, { durable });
      try {
        for (let i = 0; i < 5; i++) await bus.publish(SUBJECT, { username: `u${uid()}`, created_at: i }, { msgId: uid() });
        const behind = await waitFor(async () => {
          await sleep(1_100); // past the one-second reading the gauges share
          const pending = (await samples(registry, 'event_consumer_pending_messages'))[`consumer=${durable}`] ?? 0;
          const unacked = (await samples(registry, 'event_consumer_ack_pending_messages'))[`consumer=${durable}`] ?? 0;
          return pending + unacked >= 5 ? { pending, unacked } : undefined;
        }, 10_000);
        expect(behind.unacked).toBeGreaterThanOrEqual(1);

        held.open();
        await waitFor(async () => {
          await sleep(1_100);
          const pending = (await samples(registry, 'event_consumer_pending_messages'))[`consumer=${durable}`];
          const unacked = (await samples(registry, 'event_consumer_ack_pending_messages'))[`consumer=${durable}`];
          return pending === 0 && unacked === 0 ? true : undefined;
        }, 15_000);
      } finally {
        held.open();
        await stop();
        await bus.close();
      }
    });
  }
});

describe('job queue metrics', () => {
  it('show the queue depth by state and count failed attempts by job name (BullMQ on Redis)', async () => {
    const registry = new Registry();
    const metrics = registerTaskQueueMetrics(registry);
    const held = gate();
    const queueName = `metrics-test-${uid()}`;
    const runner = await startTaskRunner({
      connection: queueConnection({ redisUrl: TEST_REDIS_URL, databaseUrl: db.url }),
      queueName,
      logger,
      metrics,
      jobOptions: { attempts: 1, removeOnComplete: true },
      handlers: [
        { name: 'held', run: () => held.opened },
        { name: 'broken', run: async () => Promise.reject(new Error('broken on purpose')) },
      ],
    });
    try {
      await expect(runner.run('broken', {}, 10_000)).rejects.toThrow('broken on purpose');
      // The queue reports the failure to run() as the worker reports it to the metrics: either may come first.
      await waitFor(async () => ((await samples(registry, 'job_failures_total'))[`queue=${queueName},job=broken`] === 1 ? true : undefined));
      expect(await samples(registry, 'job_failures_total')).toEqual({ [`queue=${queueName},job=broken`]: 1 });

      for (let i = 0; i < 3; i++) await runner.add('held');
      const depth = await waitFor(async () => {
        const found = await samples(registry, 'job_queue_jobs');
        return found[`queue=${queueName},state=active`] === 1 ? found : undefined;
      });
      expect(depth).toEqual({
        [`queue=${queueName},state=waiting`]: 2,
        [`queue=${queueName},state=prioritized`]: 0,
        [`queue=${queueName},state=delayed`]: 0,
        [`queue=${queueName},state=active`]: 1,
        [`queue=${queueName},state=failed`]: 1,
      });
      held.open();
      await waitFor(async () => ((await samples(registry, 'job_queue_jobs'))[`queue=${queueName},state=waiting`] === 0 ? true : undefined));
    } finally {
      held.open();
      await runner.close();
    }
    // A closed runner is no longer reported.
    expect(await samples(registry, 'job_queue_jobs')).toEqual({});
  });
});
