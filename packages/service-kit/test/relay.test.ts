import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ZodError } from 'zod';
import { createMemoryBus } from '../src/bus/memory.ts';
import { createNatsBus } from '../src/bus/nats.ts';
import type { EventBus } from '../src/bus/types.ts';
import { createSql, type Sql } from '../src/db.ts';
import { createLogger } from '../src/logger.ts';
import { runMigrations } from '../src/migrate.ts';
import { writeEvent } from '../src/outbox.ts';
import { startOutboxRelay as startRelay, type OutboxRelayOptions } from '../src/relay.ts';
import { createTestDatabase, TEST_NATS_URL, type TestDatabase } from '../src/testing.ts';
import { fixtureDir, sleep, uid, waitFor } from './helpers.ts';

const logger = createLogger('test', 'silent');
const SCHEMA = 'kit_relay';
const SUBJECT = 'identity.profile.created';
let db: TestDatabase;
let sql: Sql;
let nats: EventBus;

beforeAll(async () => {
  db = await createTestDatabase();
  await runMigrations({ databaseUrl: db.url, schema: SCHEMA, migrationsDir: fixtureDir('migrations'), logger });
  sql = createSql(db.url, { schema: SCHEMA });
  nats = await createNatsBus({ natsUrl: TEST_NATS_URL, logger });
});

/** Stopped after each test, also when it failed, so no relay outlives its test. */
const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const fn of cleanups.splice(0)) await fn();
  await sql`DELETE FROM outbox`;
});

function startOutboxRelay(opts: OutboxRelayOptions) {
  const relay = startRelay(opts);
  cleanups.push(() => relay.stop());
  return relay;
}

afterAll(async () => {
  await nats?.close();
  await sql?.end();
  await db?.drop();
});

/** Events of this test only: usernames are unique per test. */
async function collect(bus: EventBus, username: string) {
  const got: Array<{ data: unknown; at: number }> = [];
  const stop = await bus.subscribe(SUBJECT, (e) => {
    if ((e.data as { username: string }).username === username) got.push({ data: e.data, at: Date.now() });
  });
  cleanups.push(stop);
  return { got };
}

const outboxRows = async () => (await sql<{ n: number }[]>`SELECT count(*) AS n FROM outbox`)[0]!.n;

/** A bus in front of another that records msgIds and can be switched to fail. */
function flakyBus(inner: EventBus) {
  const state = { down: false, failAfterPublish: 0, msgIds: [] as string[], attempts: 0 };
  const bus: EventBus = {
    ...inner,
    async publish(subject, data, opts) {
      state.attempts++;
      if (state.down) throw new Error('bus unavailable');
      await inner.publish(subject, data, opts);
      state.msgIds.push(opts.msgId);
      if (state.failAfterPublish > 0) {
        state.failAfterPublish--;
        throw new Error('lost the ack');
      }
    },
  };
  return { bus, state };
}

describe('writeEvent + outbox relay', () => {
  it('publishes a committed event to NATS well under a second, with msgId <schema>:<id>, and deletes the row', async () => {
    const username = `u${uid()}`;
    const { got } = await collect(nats, username);
    const { bus, state } = flakyBus(nats);
    startOutboxRelay({ sql, schema: SCHEMA, bus, logger });
    await sleep(100);

    const written = Date.now();
    const id = await sql.begin(async (tx) => {
      await tx`INSERT INTO items (name) VALUES (${username})`;
      await writeEvent(tx, SUBJECT, { username, created_at: 123 });
      return (await tx<{ id: number }[]>`SELECT max(id) AS id FROM outbox`)[0]!.id;
    });
    await waitFor(() => (got.length === 1 ? true : undefined));
    expect(got[0]!.data).toEqual({ username, created_at: 123 });
    expect(got[0]!.at - written).toBeLessThan(500);
    expect(state.msgIds).toContain(`${SCHEMA}:${id}`);
    await waitFor(async () => ((await outboxRows()) === 0 ? true : undefined));
  });

  it('publishes nothing for a rolled-back transaction', async () => {
    const { bus, state } = flakyBus(createMemoryBus());
    startOutboxRelay({ sql, schema: SCHEMA, bus, logger });
    await sql
      .begin(async (tx) => {
        await writeEvent(tx, SUBJECT, { username: 'rolled-back', created_at: 1 });
        throw new Error('abort');
      })
      .catch(() => undefined);
    await sleep(300);
    expect(state.attempts).toBe(0);
  });

  it('validates the payload against the contracts', async () => {
    await expect(writeEvent(sql, SUBJECT, { username: 'x' } as never)).rejects.toBeInstanceOf(ZodError);
    await expect(writeEvent(sql, 'nope.thing.done' as never, {} as never)).rejects.toThrow(/Unknown event subject/);
    expect(await outboxRows()).toBe(0);
  });

  it('delivers once when a row is published again after a lost acknowledgement (msgId dedup)', async () => {
    const username = `u${uid()}`;
    const { got } = await collect(nats, username);
    const { bus, state } = flakyBus(nats);
    state.failAfterPublish = 1;
    startOutboxRelay({ sql, schema: SCHEMA, bus, logger, initialBackoffMs: 50 });
    await writeEvent(sql, SUBJECT, { username, created_at: 1 });
    await waitFor(() => (state.msgIds.length === 2 ? true : undefined));
    expect(state.msgIds[0]).toBe(state.msgIds[1]);
    await waitFor(async () => ((await outboxRows()) === 0 ? true : undefined));
    await sleep(300);
    expect(got).toHaveLength(1);
  });

  it('keeps events written while the bus is down and delivers them, in order, when it is back', async () => {
    const username = `u${uid()}`;
    const { got } = await collect(nats, username);
    const { bus, state } = flakyBus(nats);
    state.down = true;
    startOutboxRelay({ sql, schema: SCHEMA, bus, logger, initialBackoffMs: 100, maxBackoffMs: 400 });
    for (let i = 0; i < 3; i++) await writeEvent(sql, SUBJECT, { username, created_at: i });

    await waitFor(() => (state.attempts >= 3 ? true : undefined));
    expect(await outboxRows()).toBe(3);
    expect(got).toHaveLength(0);

    state.down = false;
    await waitFor(() => (got.length === 3 ? true : undefined), 5_000);
    expect(got.map((g) => (g.data as { created_at: number }).created_at)).toEqual([0, 1, 2]);
    await waitFor(async () => ((await outboxRows()) === 0 ? true : undefined));
  });

  it('runs beforePublish with the batch subjects before any of them is published', async () => {
    const username = `u${uid()}`;
    const order: string[] = [];
    const inner = createMemoryBus();
    const stop = await inner.subscribe(SUBJECT, (e) => {
      if ((e.data as { username: string }).username === username) order.push('delivered');
    });
    cleanups.push(stop);
    const seen: string[][] = [];
    startOutboxRelay({
      sql,
      schema: SCHEMA,
      bus: inner,
      logger,
      beforePublish: async (subjects) => {
        seen.push([...subjects]);
        order.push('before');
      },
    });
    await writeEvent(sql, SUBJECT, { username, created_at: 1 });
    await waitFor(() => (order.includes('delivered') ? true : undefined));
    expect(order).toEqual(['before', 'delivered']);
    expect(seen).toEqual([[SUBJECT]]);
  });

  it('holds a batch back while beforePublish throws, and publishes it once it succeeds', async () => {
    const username = `u${uid()}`;
    const { bus, state } = flakyBus(createMemoryBus());
    let failing = true;
    let calls = 0;
    startOutboxRelay({
      sql,
      schema: SCHEMA,
      bus,
      logger,
      initialBackoffMs: 50,
      maxBackoffMs: 100,
      beforePublish: async () => {
        calls++;
        if (failing) throw new Error('not recorded');
      },
    });
    await writeEvent(sql, SUBJECT, { username, created_at: 1 });
    await waitFor(() => (calls >= 2 ? true : undefined));
    expect(state.attempts).toBe(0);
    expect(await outboxRows()).toBe(1);
    failing = false;
    await waitFor(() => (state.msgIds.length === 1 ? true : undefined), 2_000);
    await waitFor(async () => ((await outboxRows()) === 0 ? true : undefined));
  });

  it('finds rows without a NOTIFY by polling', async () => {
    const { bus, state } = flakyBus(createMemoryBus());
    startOutboxRelay({ sql, schema: SCHEMA, bus, logger, pollIntervalMs: 200 });
    await sleep(100);
    await sql`INSERT INTO outbox (subject, payload) VALUES (${SUBJECT}, ${sql.json({ username: 'polled', created_at: 1 })})`;
    await waitFor(() => (state.msgIds.length === 1 ? true : undefined), 2_000);
  });

  it('lets replicas share the outbox: every row is published exactly once', async () => {
    const inner = createMemoryBus();
    const { bus, state } = flakyBus(inner);
    for (let i = 0; i < 3; i++) startOutboxRelay({ sql, schema: SCHEMA, bus, logger, batchSize: 5 });
    await Promise.all(
      Array.from({ length: 60 }, (_, i) => writeEvent(sql, SUBJECT, { username: `r${i}`, created_at: i })),
    );
    await waitFor(async () => ((await outboxRows()) === 0 ? true : undefined), 5_000);
    expect(state.msgIds).toHaveLength(60);
    expect(new Set(state.msgIds).size).toBe(60);
  });
});
