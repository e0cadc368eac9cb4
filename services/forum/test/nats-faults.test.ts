import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  createLogger,
  createNatsBus,
  DEV_VISITOR_TOKEN_SECRET,
  issueVisitorToken,
  startService,
  type EventBus,
  type RunningService,
} from '@wfm/service-kit';
import { startNatsServer, startPostgresServer, type FaultServer } from '@wfm/service-kit/testing';
import { service } from '../src/app.ts';
import { uniqueWord, validPost } from './helpers.ts';

/**
 * NATS killed (SIGKILL) while visitors write: the write is still acknowledged (it and its event are
 * in PostgreSQL, the event in the outbox), and the event reaches a durable consumer once NATS is
 * back. NATS and PostgreSQL are the test's own, on free ports.
 */
describe('forum writes while NATS is down', () => {
  let nats: FaultServer;
  let pg: FaultServer;
  let forum: RunningService;
  let consumer: EventBus;
  const seen: string[] = [];
  const token = issueVisitorToken(DEV_VISITOR_TOKEN_SECRET);

  beforeAll(async () => {
    [nats, pg] = await Promise.all([startNatsServer(), startPostgresServer()]);
    forum = await startService(service, {
      env: { DATABASE_URL: pg.url, NATS_URL: nats.url, NODE_ENV: 'test', LOG_LEVEL: 'silent' },
      registerSignals: false,
      port: 0,
      host: '127.0.0.1',
    });
    consumer = await createNatsBus({ natsUrl: nats.url, logger: createLogger('nats-faults-test', 'silent'), name: 'fault-test' });
    await consumer.subscribe(
      'forum.post.created',
      (evt) => {
        seen.push((evt.data as { title: string }).title);
      },
      { durable: 'fault-test' },
    );
  }, 60_000);

  afterAll(async () => {
    await consumer?.close();
    await forum?.close();
    await Promise.all([nats?.close(), pg?.close()]);
  });

  const write = (title: string) =>
    fetch(`${forum.url}/api/posts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-anon-token': token },
      body: JSON.stringify(validPost({ title, author_name: 'Anonymous', isAnonymous: true })),
    });

  it('acknowledges the write and delivers its event after NATS returns', async () => {
    const before = `Before the outage ${uniqueWord()}`;
    expect((await write(before)).status).toBe(201);
    await vi.waitFor(() => expect(seen).toContain(before), { timeout: 5_000 });

    await nats.kill();
    const during = `During the outage ${uniqueWord()}`;
    const started = Date.now();
    const res = await write(during);
    // A hang guard, not a speed target: the write never waits for NATS.
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: number };
    const read = await fetch(`${forum.url}/api/posts/${id}`);
    expect(read.status).toBe(200);
    expect(seen).not.toContain(during);

    await nats.start();
    // The relay retries at most 2 s apart and the clients reconnect every 0.5 s.
    await vi.waitFor(() => expect(seen).toContain(during), { timeout: 15_000, interval: 100 });
  }, 45_000);
});
