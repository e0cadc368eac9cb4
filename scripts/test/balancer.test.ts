import { afterEach, describe, expect, it } from 'vitest';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import WebSocket, { WebSocketServer } from 'ws';
import { startBalancer, type Balancer } from '../lib/balancer.ts';
import { freePort } from '../lib/free-ports.ts';

/** A stand-in gateway: answers with its name, the path and the X-Forwarded-For it saw; echoes websocket frames. */
async function backend(name: string) {
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json', 'x-served-by': name });
      res.end(JSON.stringify({ name, path: req.url, method: req.method, xff: req.headers['x-forwarded-for'] ?? null, body }));
    });
  });
  const wss = new WebSocketServer({ server });
  wss.on('connection', (ws, req) => {
    ws.send(JSON.stringify({ name, xff: req.headers['x-forwarded-for'] }));
    ws.on('message', (data) => ws.send(`${name}:${String(data)}`));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    close: () =>
      new Promise<void>((resolve) => {
        for (const client of wss.clients) client.terminate();
        wss.close();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function setup(names: string[]): Promise<{ balancer: Balancer; backends: Array<Awaited<ReturnType<typeof backend>>> }> {
  const backends = await Promise.all(names.map(backend));
  for (const b of backends) cleanups.push(b.close);
  const balancer = await startBalancer({ port: 0, targets: backends.map((b) => b.url) });
  cleanups.push(balancer.close);
  return { balancer, backends };
}

async function get(url: string, headers: Record<string, string> = {}) {
  const res = await fetch(url, { headers });
  return { status: res.status, json: (await res.json()) as { name: string; path: string; xff: string | null; message?: string } };
}

describe('the round-robin balancer (scripts/lib/balancer.ts)', () => {
  it('sends consecutive requests to the gateways in turn, on one keep-alive connection too', async () => {
    const { balancer } = await setup(['a', 'b']);
    const served: string[] = [];
    for (let i = 0; i < 6; i++) served.push((await get(`${balancer.url}/api/posts?i=${i}`)).json.name);
    expect(served).toEqual(['a', 'b', 'a', 'b', 'a', 'b']);
    expect(balancer.sent).toEqual([3, 3]);
    const answer = await get(`${balancer.url}/api/posts?sort=latest`);
    expect(answer.json.path).toBe('/api/posts?sort=latest');
  });

  it("appends the client's address to X-Forwarded-For", async () => {
    const { balancer } = await setup(['a']);
    expect((await get(`${balancer.url}/`)).json.xff).toBe('127.0.0.1');
    expect((await get(`${balancer.url}/`, { 'x-forwarded-for': '198.51.100.7' })).json.xff).toBe('198.51.100.7, 127.0.0.1');
  });

  it('passes request bodies and answers through unchanged', async () => {
    const { balancer } = await setup(['a']);
    const res = await fetch(`${balancer.url}/api/posts`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"title":"x"}' });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-served-by')).toBe('a');
    expect(await res.json()).toMatchObject({ method: 'POST', body: '{"title":"x"}' });
  });

  it('tunnels websocket upgrades to the gateways in turn, frames both ways, with X-Forwarded-For', async () => {
    const { balancer } = await setup(['a', 'b']);
    const seen: string[] = [];
    for (let i = 0; i < 2; i++) {
      const ws = new WebSocket(`${balancer.url.replace('http', 'ws')}/ws`);
      const messages: string[] = [];
      const got = (n: number) =>
        new Promise<void>((resolve, reject) => {
          const check = () => (messages.length >= n ? resolve() : undefined);
          ws.on('message', (data) => {
            messages.push(String(data));
            check();
          });
          ws.once('error', reject);
        });
      const first = got(1);
      await new Promise((resolve, reject) => {
        ws.once('open', resolve);
        ws.once('error', reject);
      });
      await first;
      const hello = JSON.parse(messages[0]!) as { name: string; xff: string };
      expect(hello.xff).toBe('127.0.0.1');
      const echoed = got(2);
      ws.send('ping');
      await echoed;
      expect(messages[1]).toBe(`${hello.name}:ping`);
      seen.push(hello.name);
      ws.close();
    }
    expect(seen.sort()).toEqual(['a', 'b']);
  });

  it('skips a gateway that refuses connections, and answers 502 with a message when none answers', async () => {
    const live = await backend('live');
    cleanups.push(live.close);
    const deadPort = await freePort();
    const balancer = await startBalancer({ port: 0, targets: [`http://127.0.0.1:${deadPort}`, live.url] });
    cleanups.push(balancer.close);
    for (let i = 0; i < 4; i++) expect((await get(`${balancer.url}/readyz`)).json.name).toBe('live');

    const nowhere = await startBalancer({ port: 0, targets: [`http://127.0.0.1:${deadPort}`] });
    cleanups.push(nowhere.close);
    const failed = await get(`${nowhere.url}/readyz`);
    expect(failed.status).toBe(502);
    expect(failed.json.message).toBe('Bad gateway: no gateway replica answered, please try again');
  });
});

describe('a request body the gateway refuses (413) on a keep-alive connection', () => {
  /** A real Fastify app as the gateway: bodies over 1 KiB are refused with 413 before they are read. */
  async function refusingGateway() {
    const { default: Fastify } = await import('fastify');
    const app = Fastify({ bodyLimit: 1024 });
    app.post('/api/posts/1/comments', async () => ({ ok: true }));
    app.get('/api/posts', async () => ({ items: [] }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    return { url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`, close: () => app.close() };
  }

  /** One request on `agent`, aborted after `ms`: { status, body } or the abort. */
  function request(agent: http.Agent, url: string, method: string, body?: Buffer, ms = 5_000) {
    return new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(url, { method, agent, headers: body ? { 'content-type': 'application/json', 'content-length': body.length } : {} }, (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        res.on('error', reject);
      });
      req.setTimeout(ms, () => req.destroy(new Error(`${method} ${url}: no answer within ${ms} ms`)));
      req.on('error', reject);
      req.end(body);
    });
  }

  it('answers the next request on the same client connection at once (the gateway alone does too)', async () => {
    const gateway = await refusingGateway();
    cleanups.push(gateway.close);
    const balancer = await startBalancer({ port: 0, targets: [gateway.url] });
    cleanups.push(balancer.close);
    const comment = Buffer.from(JSON.stringify({ body: 'x'.repeat(1024 * 1024) }));
    for (const origin of [gateway.url, balancer.url]) {
      // One socket: the GET can only go on the connection that carried the refused body (or a new one if it was closed).
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      cleanups.push(async () => agent.destroy());
      const refused = await request(agent, `${origin}/api/posts/1/comments`, 'POST', comment);
      // The gateway's 413, or when its close beat its answer to the balancer (EPIPE while the body was
      // still going out, the answer lost with the socket) the balancer's own 502: both with a message.
      expect(origin === gateway.url ? [413] : [413, 502]).toContain(refused.status);
      expect(JSON.parse(refused.body)).toMatchObject({ message: expect.any(String) });
      const next = await request(agent, `${origin}/api/posts`, 'GET');
      expect(next).toEqual({ status: 200, body: JSON.stringify({ items: [] }) });
    }
  });
});
