import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createBus, createMemoryBus, type EventBus } from '@wfm/service-kit';
import { silentLogger, startFakeServices, startGateway, type FakeServices } from './helpers.ts';

const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';

let services: FakeServices;
const cleanups: Array<() => Promise<void>> = [];

beforeAll(async () => {
  services = await startFakeServices();
});

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  await services?.close();
});

async function listeningGateway(overrides: Parameters<typeof startGateway>[1] = {}) {
  const gateway = await startGateway(services, overrides);
  cleanups.push(gateway.close);
  const url = await gateway.app.listen({ port: 0, host: '127.0.0.1' });
  return { ...gateway, wsUrl: `${url.replace('http', 'ws')}/ws` };
}

function connect(url: string, opts: WebSocket.ClientOptions = {}): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, opts);
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
  });
}

/** Resolves with the first message matching `match`. */
function nextMessage(ws: WebSocket, match: (msg: { type: string; data: unknown }) => boolean, timeoutMs = 5_000) {
  return new Promise<{ type: string; data: unknown }>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no matching websocket message')), timeoutMs);
    ws.on('message', (raw) => {
      const msg = JSON.parse(String(raw)) as { type: string; data: unknown };
      if (match(msg)) {
        clearTimeout(timer);
        resolve(msg);
      }
    });
  });
}

const closed = (ws: WebSocket, timeoutMs = 5_000) =>
  new Promise<{ code: number; reason: string }>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('socket was not closed')), timeoutMs);
    ws.once('close', (code, reason) => {
      clearTimeout(timer);
      resolve({ code, reason: String(reason) });
    });
  });

describe('websocket fan-out over real NATS', () => {
  it('pushes {type, data} to the clients of every gateway replica', async () => {
    const buses: EventBus[] = [];
    for (let i = 0; i < 3; i++) buses.push(await createBus({ natsUrl: NATS_URL, logger: silentLogger(), name: 'gateway-test' }));
    cleanups.push(async () => {
      await Promise.all(buses.map((bus) => bus.close()));
    });
    const [busA, busB, publisher] = buses as [EventBus, EventBus, EventBus];
    const replicaA = await listeningGateway({ bus: busA });
    const replicaB = await listeningGateway({ bus: busB });
    const clientA = await connect(replicaA.wsUrl);
    const clientB = await connect(replicaB.wsUrl);

    const username = `ws_${randomUUID().slice(0, 8)}`;
    const isOurs = (msg: { type: string; data: unknown }) =>
      msg.type === 'member_joined' && (msg.data as { username?: string }).username === username;
    const received = Promise.all([nextMessage(clientA, isOurs), nextMessage(clientB, isOurs)]);

    const data = { username, created_at: Date.now() };
    await publisher.publish('identity.profile.created', data, { msgId: randomUUID() });

    const [a, b] = await received;
    expect(a).toEqual({ type: 'member_joined', data });
    expect(b).toEqual({ type: 'member_joined', data });
    clientA.close();
    clientB.close();
  });
});

describe('websocket connections', () => {
  it('drops a client that stops answering pings and keeps one that answers', async () => {
    const gateway = await listeningGateway({ websocketPingIntervalMs: 100 });
    const silent = await connect(gateway.wsUrl, { autoPong: false });
    const healthy = await connect(gateway.wsUrl);

    const { code } = await closed(silent, 2_000);
    expect(code).toBe(1006); // terminated, no close handshake
    expect(healthy.readyState).toBe(WebSocket.OPEN);

    const bus = gateway.bus;
    const message = nextMessage(healthy, (msg) => msg.type === 'member_joined');
    await bus.publish('identity.profile.created', { username: 'still_here', created_at: 1 }, { msgId: randomUUID() });
    expect((await message).data).toEqual({ username: 'still_here', created_at: 1 });
    healthy.close();
  });

  it('counts connections, open clients, heartbeat drops and refused upgrades in its metrics', async () => {
    const gateway = await listeningGateway({ websocketPingIntervalMs: 100, websocket: { perAddress: 2 } });
    const metric = async (name: string) => {
      const found = (await gateway.app.metricsRegistry.getMetricsAsJSON()).find((m) => m.name === name);
      return Object.fromEntries((found?.values ?? []).map((v) => [String(v.labels.reason ?? ''), v.value]));
    };
    const silent = await connect(gateway.wsUrl, { autoPong: false });
    const healthy = await connect(gateway.wsUrl);
    expect(await metric('gateway_websocket_clients')).toEqual({ '': 2 });
    // A third socket from the same address is over its cap (429).
    await expect(connect(gateway.wsUrl)).rejects.toThrow(/429/);

    await closed(silent, 2_000);
    expect(await metric('gateway_websocket_connections_total')).toEqual({ '': 2 });
    expect(await metric('gateway_websocket_drops_total')).toEqual({ heartbeat: 1 });
    expect(await metric('gateway_websocket_refusals_total')).toEqual({ address: 1 });
    expect(await metric('gateway_websocket_clients')).toEqual({ '': 1 });
    healthy.close();
  });

  it('pushes catalog.poll.voted to every browser as poll_updated with the new tallies', async () => {
    const gateway = await listeningGateway();
    const ws = await connect(gateway.wsUrl);
    const tallies = { poll_id: 7, total_votes: 3, options: [{ id: 1, votes: 2, percentage: 67 }, { id: 2, votes: 1, percentage: 33 }] };
    const message = nextMessage(ws, (msg) => msg.type === 'poll_updated');
    await gateway.bus.publish('catalog.poll.voted', tallies, { msgId: randomUUID() });
    expect((await message).data).toEqual(tallies);
    ws.close();
  });

  it('closes a client that sends an oversized message', async () => {
    const gateway = await listeningGateway();
    const client = await connect(gateway.wsUrl);
    const done = closed(client);
    client.send('x'.repeat(64 * 1024));
    expect((await done).code).toBe(1009);
  });

  it('says goodbye (1001) to clients when the gateway shuts down', async () => {
    const bus = createMemoryBus();
    const gateway = await startGateway(services, { bus });
    const url = await gateway.app.listen({ port: 0, host: '127.0.0.1' });
    const client = await connect(`${url.replace('http', 'ws')}/ws`);
    const done = closed(client);
    await gateway.app.close();
    expect((await done).code).toBe(1001);
    await bus.close();
  });

  it('answers 426 JSON to a plain HTTP request for /ws', async () => {
    const gateway = await startGateway(services);
    cleanups.push(gateway.close);
    const res = await gateway.app.inject({ method: 'GET', url: '/ws' });
    expect(res.statusCode).toBe(426);
    expect(res.json()).toEqual({ message: expect.any(String) });
  });
});
