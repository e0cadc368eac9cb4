import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { jetstreamManager, type JetStreamManager } from '@nats-io/jetstream';
import { EVENT_STREAM, EVENT_STREAM_SUBJECTS } from '@wfm/contracts/shared';
import { createNatsBus } from '../src/bus/nats.ts';
import type { EventBus } from '../src/bus/types.ts';
import { createLogger } from '../src/logger.ts';
import { TEST_NATS_URL } from '../src/testing.ts';
import { sleep, uid, waitFor } from './helpers.ts';

const logger = createLogger('test', 'silent');
let a: EventBus;
let b: EventBus;
let nc: NatsConnection;
let jsm: JetStreamManager;
const durables: string[] = [];

beforeAll(async () => {
  [a, b] = await Promise.all([
    createNatsBus({ natsUrl: TEST_NATS_URL, logger, name: 'kit-test-a' }),
    createNatsBus({ natsUrl: TEST_NATS_URL, logger, name: 'kit-test-b' }),
  ]);
  nc = await connect({ servers: TEST_NATS_URL });
  jsm = await jetstreamManager(nc);
});

afterAll(async () => {
  await Promise.all([a?.close(), b?.close()]);
  for (const name of durables) await jsm.consumers.delete(EVENT_STREAM, name).catch(() => undefined);
  await nc?.close();
});

const durableName = () => {
  const name = `kit_test_${uid()}`;
  durables.push(name);
  return name;
};

describe('NATS JetStream bus', () => {
  it('keeps the stream over every service prefix with a duplicate window of at least 2 minutes', async () => {
    const info = await jsm.streams.info(EVENT_STREAM);
    expect(info.config.subjects).toEqual(expect.arrayContaining(EVENT_STREAM_SUBJECTS));
    expect(info.config.duplicate_window).toBeGreaterThanOrEqual(2 * 60 * 1e9);
  });

  it('delivers a message published twice with the same msgId once', async () => {
    const subject = `forum.kit${uid()}.created`;
    const got: unknown[] = [];
    const stop = await a.subscribe(subject, (e) => void got.push(e.data));
    await a.publish(subject, { n: 1 }, { msgId: `dup-${subject}` });
    await b.publish(subject, { n: 1 }, { msgId: `dup-${subject}` });
    await a.publish(subject, { n: 2 }, { msgId: `other-${subject}` });
    await waitFor(() => (got.length >= 2 ? true : undefined));
    await sleep(200);
    expect(got).toEqual([{ n: 1 }, { n: 2 }]);
    await stop();
  });

  it('fans out: every plain subscriber (every replica) gets every new message, by wildcard', async () => {
    const entity = `kit${uid()}`;
    const before = `forum.${entity}.created`;
    await a.publish(before, { old: true }, { msgId: `old-${entity}` });

    const gotA: string[] = [];
    const gotB: string[] = [];
    const stopA = await a.subscribe(`forum.${entity}.*`, (e) => void gotA.push(e.subject));
    const stopB = await b.subscribe(`forum.${entity}.>`, (e) => void gotB.push(e.subject));
    for (const verb of ['created', 'updated', 'deleted']) {
      await a.publish(`forum.${entity}.${verb}`, { verb }, { msgId: `${entity}-${verb}` });
    }
    await waitFor(() => (gotA.length === 3 && gotB.length === 3 ? true : undefined));
    const expected = ['created', 'updated', 'deleted'].map((v) => `forum.${entity}.${v}`);
    expect(gotA).toEqual(expected);
    expect(gotB).toEqual(expected);
    await Promise.all([stopA(), stopB()]);
  });

  it('splits messages among replicas sharing a durable name, each exactly once', async () => {
    const durable = durableName();
    const subject = `jobs.kit${uid()}.created`;
    const gotA: number[] = [];
    const gotB: number[] = [];
    const stopA = await a.subscribe(subject, (e) => void gotA.push((e.data as { i: number }).i), { durable });
    const stopB = await b.subscribe(subject, (e) => void gotB.push((e.data as { i: number }).i), { durable });
    const n = 40;
    await Promise.all(Array.from({ length: n }, (_, i) => a.publish(subject, { i }, { msgId: `${subject}-${i}` })));
    await waitFor(() => (gotA.length + gotB.length >= n ? true : undefined), 10_000);
    await sleep(300);
    expect([...gotA, ...gotB].sort((x, y) => x - y)).toEqual(Array.from({ length: n }, (_, i) => i));
    await Promise.all([stopA(), stopB()]);
  });

  it('redelivers a durable message whose handler failed, and keeps messages while no one listens', async () => {
    const durable = durableName();
    const subject = `admin.kit${uid()}.created`;
    let attempts = 0;
    const done: unknown[] = [];
    const stop = await a.subscribe(
      subject,
      (e) => {
        attempts++;
        if (attempts === 1) throw new Error('transient');
        done.push(e.data);
      },
      { durable },
    );
    await a.publish(subject, { n: 1 }, { msgId: `${subject}-1` });
    await waitFor(() => (done.length === 1 ? true : undefined), 5_000);
    expect(attempts).toBe(2);
    await stop();

    await a.publish(subject, { n: 2 }, { msgId: `${subject}-2` });
    const later: unknown[] = [];
    const stopAgain = await b.subscribe(subject, (e) => void later.push(e.data), { durable });
    await waitFor(() => (later.length === 1 ? true : undefined), 5_000);
    expect(later).toEqual([{ n: 2 }]);
    await stopAgain();
  });

  it('reports readiness and refuses to publish once closed', async () => {
    const bus = await createNatsBus({ natsUrl: TEST_NATS_URL, logger });
    expect(await bus.isReady()).toBe(true);
    await bus.close();
    expect(await bus.isReady()).toBe(false);
    await expect(bus.publish('forum.x.created', {}, { msgId: uid() })).rejects.toThrow(/closed/);
  });
});
