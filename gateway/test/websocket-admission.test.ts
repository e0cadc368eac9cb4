import type { IncomingMessage } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { clientAddressKey, loadRateLimitSettings, RATE_LIMIT_MESSAGE } from '@wfm/service-kit';
import { GATEWAY_LIMITS } from '../src/rate-limits.ts';
import { DEFAULT_WEBSOCKET_LIMITS, WEBSOCKET_MESSAGES, WebsocketSlots } from '../src/websocket-admission.ts';
import { startFakeServices, startGateway, type FakeServices } from './helpers.ts';

let services: FakeServices;
const cleanups: Array<() => Promise<void>> = [];
const sockets: WebSocket[] = [];

beforeAll(async () => {
  services = await startFakeServices();
});

afterAll(async () => {
  for (const socket of sockets) socket.terminate();
  for (const cleanup of cleanups.reverse()) await cleanup();
  await services?.close();
});

async function listeningGateway(overrides: Parameters<typeof startGateway>[1] = {}) {
  const gateway = await startGateway(services, overrides);
  cleanups.push(gateway.close);
  const url = await gateway.app.listen({ port: 0, host: '127.0.0.1' });
  return { ...gateway, url, wsUrl: `${url.replace('http', 'ws')}/ws` };
}

type Attempt =
  | { open: true; socket: WebSocket }
  | { open: false; status: number; headers: IncomingMessage['headers']; body: { message?: string } };

/** One upgrade attempt: the open socket, or the HTTP answer that refused the handshake. */
function attempt(url: string, headers: Record<string, string> = {}): Promise<Attempt> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { headers });
    socket.once('open', () => {
      sockets.push(socket);
      resolve({ open: true, socket });
    });
    socket.once('unexpected-response', (_request, response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk));
      response.on('end', () => {
        resolve({ open: false, status: response.statusCode ?? 0, headers: response.headers, body: JSON.parse(text) });
      });
      response.on('error', reject);
    });
    socket.once('error', (err) => {
      if (!/Unexpected server response/.test(err.message)) reject(err);
    });
  });
}

async function openSocket(url: string, headers: Record<string, string> = {}): Promise<WebSocket> {
  const result = await attempt(url, headers);
  if (!result.open) throw new Error(`upgrade refused with ${result.status}: ${result.body.message}`);
  return result.socket;
}

const closeAndWait = (socket: WebSocket) =>
  new Promise<void>((resolve) => {
    socket.once('close', () => resolve());
    socket.close();
  });

/** The server frees a slot when its side of the TCP connection closes, just after the client's: retry until it has. */
async function openOnceFreed(url: string, headers: Record<string, string> = {}): Promise<WebSocket> {
  for (let tries = 0; tries < 50; tries++) {
    const result = await attempt(url, headers);
    if (result.open) return result.socket;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('the slot was never freed');
}

describe('websocket caps', () => {
  it('answers 429 with a JSON message at the per-address cap, before the handshake, and admits again once one closes', async () => {
    const gateway = await listeningGateway({ websocket: { perAddress: 3, total: 100 } });
    const open = [await openSocket(gateway.wsUrl), await openSocket(gateway.wsUrl), await openSocket(gateway.wsUrl)];

    const refused = await attempt(gateway.wsUrl);
    expect(refused).toMatchObject({ open: false, status: 429, body: { message: WEBSOCKET_MESSAGES.perAddress } });
    // The three still work.
    expect(open.every((socket) => socket.readyState === WebSocket.OPEN)).toBe(true);

    await closeAndWait(open[0]!);
    const again = await openOnceFreed(gateway.wsUrl);
    expect(again.readyState).toBe(WebSocket.OPEN);
    // Refused attempts held no slot: the cap is full again with the new one.
    expect(await attempt(gateway.wsUrl)).toMatchObject({ open: false, status: 429 });
  });

  it('answers 503 with a JSON message at the per-process cap', async () => {
    const gateway = await listeningGateway({ websocket: { perAddress: 100, total: 2 } });
    await openSocket(gateway.wsUrl);
    await openSocket(gateway.wsUrl);
    expect(await attempt(gateway.wsUrl)).toMatchObject({ open: false, status: 503, body: { message: WEBSOCKET_MESSAGES.total } });
  });

  it('counts each client address (forwarded by a trusted proxy) apart, and an IPv6 /64 as one address', async () => {
    const gateway = await listeningGateway({ trustProxy: 'loopback', websocket: { perAddress: 2, total: 100 } });
    const from = (ip: string) => ({ 'x-forwarded-for': ip });
    await openSocket(gateway.wsUrl, from('203.0.113.7'));
    await openSocket(gateway.wsUrl, from('203.0.113.7'));
    expect(await attempt(gateway.wsUrl, from('203.0.113.7'))).toMatchObject({ open: false, status: 429 });
    expect((await attempt(gateway.wsUrl, from('203.0.113.8'))).open).toBe(true);

    await openSocket(gateway.wsUrl, from('2001:db8:aa:1::1'));
    await openSocket(gateway.wsUrl, from('2001:db8:aa:1:ffff::2'));
    expect(await attempt(gateway.wsUrl, from('2001:db8:aa:1::3'))).toMatchObject({ open: false, status: 429 });
    expect((await attempt(gateway.wsUrl, from('2001:db8:aa:2::1'))).open).toBe(true);
  });

  it('does not let a client that no proxy vouches for pick its address with x-forwarded-for', async () => {
    const gateway = await listeningGateway({ websocket: { perAddress: 2, total: 100 } });
    await openSocket(gateway.wsUrl, { 'x-forwarded-for': '198.51.100.1' });
    await openSocket(gateway.wsUrl, { 'x-forwarded-for': '198.51.100.2' });
    expect(await attempt(gateway.wsUrl, { 'x-forwarded-for': '198.51.100.3' })).toMatchObject({ open: false, status: 429 });
  });
});

describe('websocket origin', () => {
  it('refuses a page of another site with 403 and accepts the site itself, allow-listed origins and clients without Origin', async () => {
    const gateway = await listeningGateway({ websocket: { allowedOrigins: ['https://community.example.com'] } });
    const foreign = await attempt(gateway.wsUrl, { origin: 'https://evil.example' });
    expect(foreign).toMatchObject({ open: false, status: 403, body: { message: WEBSOCKET_MESSAGES.origin } });
    expect(await attempt(gateway.wsUrl, { origin: 'null' })).toMatchObject({ open: false, status: 403 });
    // Same host name, other port: another origin.
    expect(await attempt(gateway.wsUrl, { origin: 'http://127.0.0.1:1' })).toMatchObject({ open: false, status: 403 });

    expect((await attempt(gateway.wsUrl, { origin: gateway.url })).open).toBe(true);
    expect((await attempt(gateway.wsUrl, { origin: 'https://community.example.com' })).open).toBe(true);
    expect((await attempt(gateway.wsUrl)).open).toBe(true);
  });
});

describe('websocket upgrade rate', () => {
  it('answers 429 with Retry-After once an address has used its upgrades for the minute, open or not', async () => {
    const gateway = await listeningGateway({ websocket: { upgradesPerMinute: 4 } });
    for (let i = 0; i < 4; i++) await closeAndWait(await openSocket(gateway.wsUrl));
    const limited = await attempt(gateway.wsUrl);
    expect(limited).toMatchObject({ open: false, status: 429, body: { message: RATE_LIMIT_MESSAGE } });
    expect(limited.open === false && Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('takes its default from the gateway limit table, so RATE_LIMIT_SCALE and RATE_LIMIT_GATEWAY_WS_UPGRADE_IP tune it', async () => {
    expect(DEFAULT_WEBSOCKET_LIMITS.upgradesPerMinute).toBe(GATEWAY_LIMITS.limits['ws-upgrade-ip'].max);
    const gateway = await listeningGateway({
      rateLimits: loadRateLimitSettings({ RATE_LIMIT_GATEWAY_WS_UPGRADE_IP: '2' }),
    });
    for (let i = 0; i < 2; i++) await closeAndWait(await openSocket(gateway.wsUrl));
    expect(await attempt(gateway.wsUrl)).toMatchObject({ open: false, status: 429 });
  });

  it('leaves plain HTTP requests for /ws (426) out of the count', async () => {
    const gateway = await listeningGateway({ websocket: { upgradesPerMinute: 1 } });
    for (let i = 0; i < 3; i++) expect((await fetch(gateway.wsUrl.replace('ws', 'http'))).status).toBe(426);
    expect((await attempt(gateway.wsUrl)).open).toBe(true);
  });
});

describe('WebsocketSlots', () => {
  it('frees a slot once however often release is called', () => {
    const slots = new WebsocketSlots({ perAddress: 1, total: 5 });
    const first = slots.reserve('a');
    if (!('release' in first)) throw new Error('expected a slot');
    expect(slots.reserve('a')).toEqual({ refused: 'address' });
    first.release();
    first.release();
    expect(slots.total).toBe(0);
    expect(slots.countFor('a')).toBe(0);
    expect('release' in slots.reserve('a')).toBe(true);
    expect('release' in slots.reserve('b')).toBe(true);
    expect(slots.total).toBe(2);
  });

  it('keys IPv4-mapped addresses as IPv4 and IPv6 by /64', () => {
    expect(clientAddressKey('::ffff:192.0.2.1')).toBe('192.0.2.1');
    expect(clientAddressKey('2001:db8:1:2:3:4:5:6')).toBe(clientAddressKey('2001:db8:1:2::9'));
    expect(clientAddressKey('2001:db8:1:2::9')).not.toBe(clientAddressKey('2001:db8:1:3::9'));
  });
});
