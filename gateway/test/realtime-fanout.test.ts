import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { Socket } from 'node:net';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { createMemoryBus } from '@wfm/service-kit';
import { buildGateway } from '../src/app.ts';
import { broadcastWindowMs, encodeFrame, RealtimeHub, textFrameBytes } from '../src/realtime.ts';
import { silentLogger, STAFF_SECRET, startFakeServices, type FakeServices } from './helpers.ts';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

let services: FakeServices;
const cleanups: Array<() => Promise<void> | void> = [];

beforeAll(async () => {
  services = await startFakeServices();
});
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});
afterAll(async () => {
  await services?.close();
});

function connect(url: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
  });
}

const closed = (ws: WebSocket) => new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));

/** A bare ws server whose connections go to `hub`, and a way to connect clients to it. */
async function hubServer(hub: RealtimeHub) {
  const wss = new WebSocketServer({ port: 0, host: '127.0.0.1', clientTracking: false, perMessageDeflate: false });
  await new Promise((resolve) => wss.once('listening', resolve));
  wss.on('connection', (socket, request) => hub.add(socket, request));
  cleanups.push(async () => {
    await hub.closeAll(100);
    await new Promise((resolve) => wss.close(resolve));
  });
  const { port } = wss.address() as { port: number };
  return { url: `ws://127.0.0.1:${port}` };
}

const newHub = (maxBufferedBytes = 1024 * 1024, broadcastWindowMs?: (openSockets: number) => number) =>
  new RealtimeHub({ pingIntervalMs: 60_000, maxBufferedBytes, log: silentLogger(), ...(broadcastWindowMs === undefined ? {} : { broadcastWindowMs }) });

/** Resolves once the client's ping has come back: whatever the hub wrote before its pong has arrived. */
const roundTrip = (ws: WebSocket) =>
  new Promise<void>((resolve) => {
    ws.once('pong', () => resolve());
    ws.ping();
  });

/** Waits until `hub` holds `n` sockets (a server-side connection lands a moment after the client's open). */
async function untilSize(hub: RealtimeHub, n: number): Promise<void> {
  while (hub.size !== n) await nextTurn();
}

describe('broadcast', () => {
  it('serialises a message once, whatever the number of sockets, and every client gets the same JSON', async () => {
    const hub = newHub();
    const { url } = await hubServer(hub);
    const clients = await Promise.all(Array.from({ length: 40 }, () => connect(url)));
    await untilSize(hub, 40);
    const message = { type: 'new_post', data: { id: 42, title: 'Erlang C in practice — “quotes” & ünïcode' } } as const;
    const arrivals = clients.map((ws) => new Promise<string>((resolve) => ws.once('message', (raw, isBinary) => resolve(isBinary ? 'binary' : String(raw)))));

    const stringify = vi.spyOn(JSON, 'stringify');
    const sent = hub.broadcast(message as never);
    const serialisations = stringify.mock.calls.length;
    stringify.mockRestore();

    expect(sent).toBe(40);
    expect(serialisations).toBe(1);
    // Text frames (not binary), byte for byte the JSON of the message.
    expect(new Set(await Promise.all(arrivals))).toEqual(new Set([JSON.stringify(message)]));
    for (const ws of clients) ws.close();
  });

  it('writes frames a client reads intact at every length encoding (7-bit, 16-bit and 64-bit lengths)', async () => {
    const hub = newHub();
    const { url } = await hubServer(hub);
    const client = await connect(url);
    await untilSize(hub, 1);
    const received: string[] = [];
    client.on('message', (raw, isBinary) => received.push(isBinary ? 'binary' : String(raw)));
    const overhead = JSON.stringify({ type: 'new_post', data: { body: '' } }).length;
    const messages = [125, 126, 65_535, 65_536, 200_000].map((total) => ({ type: 'new_post', data: { body: 'x'.repeat(total - overhead) } }));
    for (const message of messages) {
      expect(hub.broadcast(message as never)).toBe(1);
    }
    while (received.length < messages.length) await nextTurn();
    expect(received).toEqual(messages.map((m) => JSON.stringify(m)));
    expect(received.map((r) => Buffer.byteLength(r))).toEqual([125, 126, 65_535, 65_536, 200_000]);
    client.close();
  });

  it('frames as RFC 6455 says: FIN and text opcode, no mask, the shortest length form', () => {
    expect([...textFrameBytes(Buffer.from('hi')).subarray(0, 2)]).toEqual([0x81, 2]);
    expect([...textFrameBytes(Buffer.alloc(126)).subarray(0, 4)]).toEqual([0x81, 126, 0, 126]);
    expect([...textFrameBytes(Buffer.alloc(65_536)).subarray(0, 10)]).toEqual([0x81, 127, 0, 0, 0, 0, 0, 1, 0, 0]);
    expect(textFrameBytes(Buffer.from('hi')).subarray(2).toString()).toBe('hi');
  });

  it('encodes the frame as the UTF-8 bytes of the JSON', () => {
    const message = { type: 'upvote', data: { post_id: 1, upvotes: 3 } } as const;
    expect(encodeFrame(message).toString('utf8')).toBe(JSON.stringify(message));
  });

  it('cuts a client that stops reading once its unsent data passes the limit, and keeps serving the others', async () => {
    const hub = newHub(64 * 1024);
    const { url } = await hubServer(hub);
    const slow = await connect(url);
    const healthy = await connect(url);
    await untilSize(hub, 2);
    // The slow client's TCP connection stops reading: the kernel buffers fill, then ws's queue grows.
    const slowConnection = (slow as unknown as { _socket: { pause(): void; resume(): void } })._socket;
    slowConnection.pause();
    let received = 0;
    healthy.on('message', () => (received += 1));

    const body = 'x'.repeat(256 * 1024);
    let broadcasts = 0;
    // Each broadcast adds 256 KB the slow client has not read; loopback's socket buffers take a few
    // megabytes before ws has to queue. The cap only stops a hub that never cuts anyone.
    while (hub.size === 2 && broadcasts < 400) {
      hub.broadcast({ type: 'new_post', data: { id: broadcasts, body } } as never);
      broadcasts += 1;
      await nextTurn();
    }
    expect(hub.size).toBe(1);
    // Reading again, the slow client finds its connection cut without a close handshake.
    const slowClosed = closed(slow);
    slowConnection.resume();
    expect(await slowClosed).toBe(1006);
    // The healthy client got every message, including those after the slow one was cut.
    hub.broadcast({ type: 'upvote', data: { post_id: 1, upvotes: 1 } });
    while (received < broadcasts + 1) await nextTurn();
    expect(received).toBe(broadcasts + 1);
    healthy.close();
  });
});

/** A hub with the given broadcast window and one client connected to it. */
async function hubWithOneClient(broadcastWindowMs: (openSockets: number) => number) {
  const hub = newHub(1024 * 1024, broadcastWindowMs);
  const { url } = await hubServer(hub);
  const client = await connect(url);
  await untilSize(hub, 1);
  return { hub, client };
}

describe('coalesced broadcasts', () => {
  it('sends a broadcast after a quiet spell at once, and those right after it together with the next write, in order', async () => {
    // A window no test outlasts: what waits goes out only when the waiting bytes pass the bound.
    const hub = newHub(1024 * 1024, () => 60_000);
    const { url } = await hubServer(hub);
    const clients = await Promise.all(Array.from({ length: 3 }, () => connect(url)));
    await untilSize(hub, 3);
    const received = clients.map((ws) => {
      const list: string[] = [];
      ws.on('message', (raw) => list.push(JSON.parse(String(raw)).data.id));
      return list;
    });
    const post = (id: string, body = '') => ({ type: 'new_post', data: { id, body } }) as never;

    hub.broadcast(post('a'));
    await Promise.all(clients.map(roundTrip));
    expect(received).toEqual([['a'], ['a'], ['a']]);

    hub.broadcast(post('b'));
    hub.broadcast(post('c'));
    await Promise.all(clients.map(roundTrip));
    expect(received).toEqual([['a'], ['a'], ['a']]);

    const writes = vi.spyOn(Socket.prototype, 'write');
    hub.broadcast(post('d', 'x'.repeat(300 * 1024)));
    const flushWrites = writes.mock.calls.length;
    writes.mockRestore();
    // b, c and d in one write per socket, read by each client as three messages.
    expect(flushWrites).toBe(3);
    while (received.some((list) => list.length < 4)) await nextTurn();
    expect(received).toEqual([['a', 'b', 'c', 'd'], ['a', 'b', 'c', 'd'], ['a', 'b', 'c', 'd']]);
    for (const ws of clients) ws.close();
  });

  it('goes out within the window without anything else happening', async () => {
    const { hub, client } = await hubWithOneClient(() => 5);
    const received: string[] = [];
    client.on('message', (raw) => received.push(JSON.parse(String(raw)).data.id));
    for (const id of ['a', 'b', 'c']) hub.broadcast({ type: 'new_post', data: { id } } as never);
    while (received.length < 3) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(received).toEqual(['a', 'b', 'c']);
    client.close();
  });

  it('widens the window with the sockets open, so a stream of events costs each socket a bounded number of writes', async () => {
    expect([1, 40, 200, 500, 10_000].map(broadcastWindowMs)).toEqual([20, 20, 100, 250, 250]);

    // 25 ms per socket: with the four sockets below, 100 ms.
    const hub = newHub(1024 * 1024, (openSockets) => openSockets * 25);
    const { url } = await hubServer(hub);
    const clients = await Promise.all(Array.from({ length: 4 }, () => connect(url)));
    await untilSize(hub, 4);
    const received = clients.map((ws) => {
      const list: number[] = [];
      ws.on('message', (raw) => list.push(JSON.parse(String(raw)).data.id));
      return list;
    });
    const writes = vi.spyOn(Socket.prototype, 'write');
    const started = performance.now();
    // A broadcast every 5 ms for a quarter of a second: 50 messages, one window per 100 ms.
    for (let id = 1; id <= 50; id++) {
      hub.broadcast({ type: 'new_post', data: { id } } as never);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    while (received.some((list) => list.length < 50)) await new Promise((resolve) => setTimeout(resolve, 5));
    const elapsed = performance.now() - started;
    const writesPerSocket = writes.mock.calls.length / clients.length;
    writes.mockRestore();
    // Writes at least a window apart (a slow machine stretches the run, and the bound with it).
    expect(writesPerSocket).toBeLessThanOrEqual(Math.ceil(elapsed / 100) + 1);
    expect(writesPerSocket).toBeGreaterThanOrEqual(2);
    for (const list of received) expect(list).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    for (const ws of clients) ws.close();
  });

  it('runs the tasks held for a window before its broadcasts go out, and holds what comes meanwhile', async () => {
    const { hub, client } = await hubWithOneClient(() => 60_000);
    const events: string[] = [];
    client.on('message', (raw) => events.push(`message ${JSON.parse(String(raw)).data.id}`));
    hub.broadcast({ type: 'new_post', data: { id: 'a' } } as never);
    while (events.length < 1) await nextTurn();
    expect(hub.holdsBroadcasts()).toBe(true);

    let finishTask!: () => void;
    hub.holdUntil(
      () =>
        new Promise<void>((resolve) => {
          events.push('task started');
          finishTask = () => {
            events.push('task done');
            resolve();
          };
        }),
    );
    hub.broadcast({ type: 'new_post', data: { id: 'b', body: 'x'.repeat(300 * 1024) } } as never);
    // Past the bytes bound the flush starts, but its write waits for the task; so does what comes meanwhile.
    hub.broadcast({ type: 'new_post', data: { id: 'c' } } as never);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(events).toEqual(['message a', 'task started']);
    finishTask();
    while (events.length < 4) await nextTurn();
    expect(events).toEqual(['message a', 'task started', 'task done', 'message b']);
    expect(hub.holdsBroadcasts()).toBe(true);
    client.close();
  });

  it('gives a socket that opens while broadcasts wait each of them once: the earlier by its replay, the waiting by the next write', async () => {
    const hub = newHub(1024 * 1024, () => 60_000);
    const { url } = await hubServer(hub);
    const early = await connect(url);
    await untilSize(hub, 1);
    const post = (id: string, body = '') => ({ type: 'new_post', data: { id, body } }) as never;
    // The replay reaches back only to the hub's start: the broadcasts come a second after it, and the
    // hello asks for 900 ms, so a slow machine has 900 ms between them and the hello, not a few.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    hub.broadcast(post('a'));
    hub.broadcast(post('b'));
    // Let the hub's clock move past b, so the new socket opens strictly after it was broadcast.
    await new Promise((resolve) => setTimeout(resolve, 2));
    const late = await connect(url);
    await untilSize(hub, 2);
    const messages: string[] = [];
    late.on('message', (raw) => {
      const message = JSON.parse(String(raw));
      messages.push(message.type === 'hello' ? 'hello' : message.data.id);
    });
    late.send(JSON.stringify({ type: 'hello', anon_token: '', replay_ms: 900 }));
    while (messages.length < 2) await nextTurn();
    hub.broadcast(post('c', 'x'.repeat(300 * 1024)));
    while (messages.length < 4) await nextTurn();
    await roundTrip(late);
    // a went out before the late socket opened: its replay. b waited: noted for replays only as it
    // was written, so the late socket gets it from that write (with c), once.
    expect(messages).toEqual(['a', 'hello', 'b', 'c']);
    early.close();
    late.close();
  });
});

describe('sockets', () => {
  it('forgets a socket whose client breaks the protocol, without taking the process down', async () => {
    const hub = newHub();
    const { url } = await hubServer(hub);
    const client = await connect(url);
    await untilSize(hub, 1);
    const done = closed(client);
    // An unmasked frame with a reserved opcode (0x3): invalid from a client, ws reports an error.
    (client as unknown as { _socket: { write(b: Buffer): void } })._socket.write(Buffer.from([0x83, 0x00]));
    await done;
    await untilSize(hub, 0);
    expect(hub.size).toBe(0);
  });

  it('refuses per-message compression even when the client offers it (one frame serves every socket)', async () => {
    const bus = createMemoryBus();
    const app = await buildGateway({ serviceUrls: services.urls, bus, staffSecret: STAFF_SECRET, logger: silentLogger() });
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    cleanups.push(async () => {
      await app.close();
      await bus.close();
    });
    const client = await new Promise<WebSocket>((resolve, reject) => {
      const ws = new WebSocket(`${url.replace('http', 'ws')}/ws`, { perMessageDeflate: true });
      ws.once('open', () => resolve(ws));
      ws.once('error', reject);
    });
    expect(client.extensions).toBe('');
    client.close();
  });

  it('keeps no reference to the HTTP request a socket was upgraded from', async () => {
    const bus = createMemoryBus();
    const app = await buildGateway({ serviceUrls: services.urls, bus, staffSecret: STAFF_SECRET, logger: silentLogger() });
    const upgrades: Array<WeakRef<IncomingMessage>> = [];
    app.addHook('onRequest', async (request) => {
      if (request.url === '/ws') upgrades.push(new WeakRef(request.raw));
    });
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    cleanups.push(async () => {
      await app.close();
      await bus.close();
    });
    const clients = await Promise.all(Array.from({ length: 5 }, () => connect(`${url.replace('http', 'ws')}/ws`)));
    // The sockets work: a broadcast reaches them.
    const username = `u_${randomUUID().slice(0, 8)}`;
    const got = Promise.all(clients.map((ws) => new Promise((resolve) => ws.once('message', resolve))));
    await bus.publish('identity.profile.created', { username, created_at: 1 }, { msgId: randomUUID() });
    await got;

    expect(upgrades).toHaveLength(5);
    // WeakRef targets stay alive until the current job ends: collect on later turns.
    for (let i = 0; i < 5 && upgrades.some((ref) => ref.deref() !== undefined); i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      gc();
    }
    expect(upgrades.filter((ref) => ref.deref() !== undefined)).toHaveLength(0);
    for (const ws of clients) expect(ws.readyState).toBe(WebSocket.OPEN);
    for (const ws of clients) ws.close();
  });
});
