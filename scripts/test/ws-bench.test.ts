import { afterEach, describe, expect, it } from 'vitest';
import { WebSocketServer, type WebSocket } from 'ws';
import { BenchFailure } from '../lib/bench-guard.ts';
import { clientShares, connectionsPerGateway, percentile, startClientProcess, type ClientProcess } from '../lib/ws-bench.ts';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A websocket server standing in for a gateway: it keeps every socket it accepts. */
async function fakeGateway() {
  const wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await new Promise((resolve) => wss.once('listening', resolve));
  const sockets: WebSocket[] = [];
  wss.on('connection', (socket) => sockets.push(socket));
  cleanups.push(() => new Promise<void>((resolve) => {
    for (const socket of sockets) socket.terminate();
    wss.close(() => resolve());
  }));
  return { url: `ws://127.0.0.1:${(wss.address() as { port: number }).port}`, sockets };
}

function clients(name: string): ClientProcess {
  const process = startClientProcess(name);
  cleanups.push(() => process.stop());
  return process;
}

const plan = (urls: string[], count: number) => ({ urls, localAddresses: ['127.0.0.11', '127.0.0.12'], count, offset: 0, concurrency: 4 });

describe('ws bench figures', () => {
  it('takes percentiles by nearest rank', () => {
    const sorted = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(sorted, 0.5)).toBe(50);
    expect(percentile(sorted, 0.99)).toBe(99);
    expect(percentile(sorted, 1)).toBe(100);
    expect(percentile([7], 0.99)).toBe(7);
    expect(percentile([], 0.5)).toBeNaN();
  });

  it('spreads clients over processes and gateways without losing one', () => {
    expect(clientShares(5_000, 2)).toEqual([{ offset: 0, count: 2_500 }, { offset: 2_500, count: 2_500 }]);
    expect(clientShares(7, 3)).toEqual([{ offset: 0, count: 3 }, { offset: 3, count: 2 }, { offset: 5, count: 2 }]);
    expect(connectionsPerGateway(5_001, 2)).toEqual([2_501, 2_500]);
  });
});

describe('ws bench client process', () => {
  it('connects round-robin over the gateways and reports when every client has a post', async () => {
    const [a, b] = [await fakeGateway(), await fakeGateway()];
    const process = clients('clients');
    expect(await process.ask({ cmd: 'connect', ...plan([a.url, b.url], 6) }, 'connected')).toEqual({ event: 'connected', open: 6 });
    expect([a.sockets.length, b.sockets.length]).toEqual([3, 3]);

    const frame = JSON.stringify({ type: 'new_post', data: { id: 42, title: 'probe' } });
    const collected = process.ask({ cmd: 'collect', postId: 42, timeoutMs: 10_000 }, 'arrivals');
    for (const socket of [...a.sockets, ...b.sockets]) socket.send(frame);
    const { times } = await collected;
    expect(times).toHaveLength(6);
    expect(process.failure).toBeUndefined();
  });

  it('fails the run when a client is closed', async () => {
    const gateway = await fakeGateway();
    const process = clients('clients');
    await process.ask({ cmd: 'connect', ...plan([gateway.url], 3) }, 'connected');
    const collected = process.ask({ cmd: 'collect', postId: 1, timeoutMs: 60_000 }, 'arrivals');
    gateway.sockets[0]!.close(1001);
    await expect(collected).rejects.toBeInstanceOf(BenchFailure);
    expect(process.failure).toMatch(/a client was closed \(code 1001\)/);
  });

  it('fails the run when a client misses a post', async () => {
    const gateway = await fakeGateway();
    const process = clients('clients');
    await process.ask({ cmd: 'connect', ...plan([gateway.url], 2) }, 'connected');
    const collected = process.ask({ cmd: 'collect', postId: 5, timeoutMs: 500 }, 'arrivals');
    gateway.sockets[0]!.send(JSON.stringify({ type: 'new_post', data: { id: 5 } }));
    await expect(collected).rejects.toThrow(/1 of 2 clients did not get post 5/);
  });

  it('fails the run when a gateway refuses the upgrade', async () => {
    const process = clients('clients');
    await expect(process.ask({ cmd: 'connect', ...plan(['ws://127.0.0.1:9/ws'], 1) }, 'connected')).rejects.toBeInstanceOf(BenchFailure);
  });
});
