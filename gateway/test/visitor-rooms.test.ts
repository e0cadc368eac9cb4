import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { RealtimeMessage, type RealtimeMessage as Message, type VisitorMessage } from '@wfm/contracts/shared';
import {
  createBus,
  ConfigError,
  createVisitorVerifier,
  issueVisitorToken,
  visitorRealtimeAddress,
  type EventBus,
} from '@wfm/service-kit';
import { loadGatewayConfig } from '../src/env.ts';
import { VisitorRooms } from '../src/visitor-rooms.ts';
import { silentLogger, startFakeServices, startGateway, type FakeServices } from './helpers.ts';

const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const SECRET = 'gateway-test-visitor-secret-0123456789abcdef';

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
  const gateway = await startGateway(services, { visitorSecret: SECRET, ...overrides });
  cleanups.push(gateway.close);
  const url = await gateway.app.listen({ port: 0, host: '127.0.0.1' });
  return { ...gateway, wsUrl: `${url.replace('http', 'ws')}/ws` };
}

/** A websocket client that records every message (parsed with the contracts) from the start. */
class Client {
  readonly received: Message[] = [];
  private waiters: Array<() => void> = [];

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (raw) => {
      this.received.push(RealtimeMessage.parse(JSON.parse(String(raw))));
      for (const wake of this.waiters) wake();
    });
    cleanups.push(async () => {
      ws.terminate();
    });
  }

  static open(url: string): Promise<Client> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url);
      ws.once('open', () => resolve(new Client(ws)));
      ws.once('error', reject);
    });
  }

  /** Resolves with the first message (already received or coming) matching `match`. */
  next(match: (msg: Message) => boolean, timeoutMs = 5_000): Promise<Message> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const found = this.received.find(match);
        if (!found) return false;
        clearTimeout(timer);
        this.waiters = this.waiters.filter((w) => w !== onMessage);
        resolve(found);
        return true;
      };
      const onMessage = () => void check();
      const timer = setTimeout(() => reject(new Error('no matching websocket message')), timeoutMs);
      if (!check()) this.waiters.push(onMessage);
    });
  }

  /** Says hello with `token` and resolves with the gateway's answer. */
  async hello(token: string): Promise<Message> {
    const before = this.received.length;
    this.ws.send(JSON.stringify({ type: 'hello', anon_token: token }));
    return this.next((msg) => msg.type === 'hello' && this.received.indexOf(msg) >= before);
  }

  types(): string[] {
    return this.received.map((msg) => msg.type);
  }

  /** Resolves with the close code and reason once the gateway closed the socket. */
  closed(timeoutMs = 5_000): Promise<{ code: number; reason: string }> {
    if (this.closeFrame) return Promise.resolve(this.closeFrame);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the socket was not closed')), timeoutMs);
      this.ws.once('close', (code, reason) => {
        clearTimeout(timer);
        resolve({ code, reason: String(reason) });
      });
    });
  }

  private closeFrame: { code: number; reason: string } | undefined;

  /** Starts recording the close frame (call before anything may close the socket). */
  watchClose(): this {
    this.ws.once('close', (code, reason) => {
      this.closeFrame = { code, reason: String(reason) };
    });
    return this;
  }
}

/** What identity publishes when a visitor forgets the device: the token's revocation key. */
async function publishRevocation(bus: EventBus, token: string): Promise<void> {
  const revocation = createVisitorVerifier(SECRET, 'gateway')(token)!.revocation;
  await bus.publish('identity.visitor.revoked', { revocation, at: Date.now() }, { msgId: randomUUID() });
}

/** What ama-booking would publish (its outbox does this via the kit's notifyVisitor). */
function bookingStatusFor(token: string, bookingId: number): { to: string; message: VisitorMessage } {
  const visitor = createVisitorVerifier(SECRET, 'ama-booking')(token);
  if (!visitor) throw new Error('test token not verified');
  return {
    to: visitorRealtimeAddress(visitor),
    message: { type: 'booking_status', data: { booking_id: bookingId, reference: `AMA${bookingId}X`, status: 'confirmed' } },
  };
}

const isBooking = (id: number) => (msg: Message) => msg.type === 'booking_status' && msg.data.booking_id === id;

/**
 * A public message that every socket gets after anything the gateway sent before it: a socket
 * that has it and no earlier directed message was never sent one.
 */
async function publicSentinel(bus: EventBus, clients: Client[]): Promise<void> {
  const username = `sentinel_${randomUUID().slice(0, 8)}`;
  await bus.publish('identity.profile.created', { username, created_at: Date.now() }, { msgId: randomUUID() });
  await Promise.all(clients.map((c) => c.next((msg) => msg.type === 'member_joined' && msg.data.username === username)));
}

describe('visitor rooms on the in-process bus', () => {
  it('replays to a socket that asks the public messages broadcast in that window before it opened, once, and says when it cannot', async () => {
    const gateway = await listeningGateway();
    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    const watcher = await Client.open(gateway.wsUrl);
    const member = (username: string) => (msg: Message) => msg.type === 'member_joined' && msg.data.username === username;
    const publishMember = async (username: string) => {
      await gateway.bus.publish('identity.profile.created', { username, created_at: Date.now() }, { msgId: randomUUID() });
      await watcher.next(member(username));
    };
    await sleep(1200);
    await publishMember('long_ago');
    await sleep(1200);
    await publishMember('lately_1');
    await publishMember('lately_2');

    // A page loaded a second ago: it gets what came since, in order, then the answer; nothing older.
    const late = await Client.open(gateway.wsUrl);
    late.ws.send(JSON.stringify({ type: 'hello', anon_token: '', replay_ms: 1000 }));
    const answer = await late.next((msg) => msg.type === 'hello');
    expect(answer.data).toEqual({ visitor: false, missed: false });
    const names = () => late.received.flatMap((msg) => (msg.type === 'member_joined' ? [msg.data.username] : []));
    expect(names()).toEqual(['lately_1', 'lately_2']);
    // A broadcast after it opened comes once, live; asking again replays nothing.
    await publishMember('after_open');
    await late.next(member('after_open'));
    late.ws.send(JSON.stringify({ type: 'hello', anon_token: '', replay_ms: 1000 }));
    await late.next((msg) => msg.type === 'hello' && late.received.indexOf(msg) > late.received.indexOf(answer));
    expect(names()).toEqual(['lately_1', 'lately_2', 'after_open']);

    // A page older than the replica: those messages may have gone to another replica, or before it started.
    const older = await Client.open(gateway.wsUrl);
    older.ws.send(JSON.stringify({ type: 'hello', anon_token: '', replay_ms: 60_000 }));
    expect((await older.next((msg) => msg.type === 'hello')).data).toEqual({ visitor: false, missed: true });
    expect(older.types()).toEqual(['hello']);
  });

  it("pushes a visitor-directed event only to that visitor's sockets; public messages still reach everyone", async () => {
    const gateway = await listeningGateway();
    const tokenA = issueVisitorToken(SECRET);
    const tokenB = issueVisitorToken(SECRET);
    const [a1, a2, b, anonymous, forged] = await Promise.all(
      Array.from({ length: 5 }, () => Client.open(gateway.wsUrl)),
    ) as [Client, Client, Client, Client, Client];

    expect((await a1.hello(tokenA)).data).toEqual({ visitor: true, missed: false });
    expect((await a2.hello(tokenA)).data).toEqual({ visitor: true, missed: false });
    expect((await b.hello(tokenB)).data).toEqual({ visitor: true, missed: false });
    // Right shape, tag made with another secret: not a visitor identity issued.
    expect((await forged.hello(issueVisitorToken('another-secret-0123456789abcdef0123456789')))).toEqual({
      type: 'hello',
      data: { visitor: false, missed: false },
    });

    const event = bookingStatusFor(tokenA, 41);
    await gateway.bus.publish('ama.visitor.notify', event, { msgId: randomUUID() });
    const [gotA1, gotA2] = await Promise.all([a1.next(isBooking(41)), a2.next(isBooking(41))]);
    expect(gotA1).toEqual(event.message);
    expect(gotA2).toEqual(event.message);

    await publicSentinel(gateway.bus, [a1, a2, b, anonymous, forged]);
    for (const other of [b, anonymous, forged]) expect(other.types()).not.toContain('booking_status');
    expect(a1.types().filter((t) => t === 'booking_status')).toHaveLength(1);
  });

  it('answers visitor:false to a forged or malformed token and sends it no directed messages', async () => {
    const gateway = await listeningGateway();
    const token = issueVisitorToken(SECRET);
    const [id] = token.split('.') as [string];
    const client = await Client.open(gateway.wsUrl);
    for (const bad of [`${id}.AAAAAAAAAAAAAAAAAAAAAA`, 'not-a-token', '', `${token}x`]) {
      expect((await client.hello(bad)).data).toEqual({ visitor: false, missed: false });
    }
    await gateway.bus.publish('ama.visitor.notify', bookingStatusFor(token, 42), { msgId: randomUUID() });
    await publicSentinel(gateway.bus, [client]);
    expect(client.types()).not.toContain('booking_status');
  });

  it('ignores client messages that are not a hello and keeps the socket open', async () => {
    const gateway = await listeningGateway();
    const client = await Client.open(gateway.wsUrl);
    for (const frame of ['not json', '{"type":"hello"}', '{"type":"hello","anon_token":7}', '{"type":"subscribe"}', 'null', '[]']) {
      client.ws.send(frame);
    }
    client.ws.send(Buffer.from([1, 2, 3]), { binary: true });
    await publicSentinel(gateway.bus, [client]);
    expect(client.types()).toEqual(['member_joined']);
    expect(client.ws.readyState).toBe(WebSocket.OPEN);
  });

  it('moves a socket to the room of its latest hello, and a later unverified hello makes it public again', async () => {
    const gateway = await listeningGateway();
    const tokenA = issueVisitorToken(SECRET);
    const tokenB = issueVisitorToken(SECRET);
    const client = await Client.open(gateway.wsUrl);
    await client.hello(tokenA);
    expect((await client.hello(tokenB)).data).toEqual({ visitor: true, missed: false });

    await gateway.bus.publish('ama.visitor.notify', bookingStatusFor(tokenA, 1), { msgId: randomUUID() });
    await gateway.bus.publish('ama.visitor.notify', bookingStatusFor(tokenB, 2), { msgId: randomUUID() });
    await client.next(isBooking(2));
    expect(client.received.some(isBooking(1))).toBe(false);

    expect((await client.hello('forged.token')).data).toEqual({ visitor: false, missed: false });
    await gateway.bus.publish('ama.visitor.notify', bookingStatusFor(tokenB, 3), { msgId: randomUUID() });
    await publicSentinel(gateway.bus, [client]);
    expect(client.received.some(isBooking(3))).toBe(false);
  });

  it("matches the publishing service's address only: forum's address of a visitor does not reach them via ama", async () => {
    const gateway = await listeningGateway();
    const token = issueVisitorToken(SECRET);
    const client = await Client.open(gateway.wsUrl);
    await client.hello(token);
    const forumAddress = visitorRealtimeAddress(createVisitorVerifier(SECRET, 'forum')(token)!);
    const message = bookingStatusFor(token, 5).message;
    await gateway.bus.publish('ama.visitor.notify', { to: forumAddress, message }, { msgId: randomUUID() });
    await gateway.bus.publish('forum.visitor.notify', { to: forumAddress, message: { ...message, data: { ...message.data, booking_id: 6 } } }, { msgId: randomUUID() });
    await client.next(isBooking(6));
    expect(client.received.some(isBooking(5))).toBe(false);
  });

  it('drops a malformed visitor-notify event and keeps delivering', async () => {
    const gateway = await listeningGateway();
    const token = issueVisitorToken(SECRET);
    const client = await Client.open(gateway.wsUrl);
    await client.hello(token);
    const good = bookingStatusFor(token, 7);
    await gateway.bus.publish('ama.visitor.notify', { to: good.to, message: { type: 'booking_status', data: { booking_id: 'x' } } }, { msgId: randomUUID() });
    await gateway.bus.publish('ama.visitor.notify', { to: good.to, message: { type: 'unknown_type', data: {} } }, { msgId: randomUUID() });
    await gateway.bus.publish('ama.visitor.notify', { message: good.message }, { msgId: randomUUID() });
    await gateway.bus.publish('ama.visitor.notify', good, { msgId: randomUUID() });
    expect(await client.next(isBooking(7))).toEqual(good.message);
    expect(client.types()).toEqual(['hello', 'booking_status']);
  });

  it('without a visitor secret every hello is answered visitor:false', async () => {
    const gateway = await listeningGateway({ visitorSecret: undefined });
    const token = issueVisitorToken(SECRET);
    const client = await Client.open(gateway.wsUrl);
    expect((await client.hello(token)).data).toEqual({ visitor: false, missed: false });
    await gateway.bus.publish('ama.visitor.notify', bookingStatusFor(token, 8), { msgId: randomUUID() });
    await publicSentinel(gateway.bus, [client]);
    expect(client.types()).not.toContain('booking_status');
  });
});

describe('visitor rooms over real NATS', () => {
  it('reaches the visitor on every gateway replica; replicas without the room drop it', async () => {
    const buses: EventBus[] = [];
    for (let i = 0; i < 3; i++) buses.push(await createBus({ natsUrl: NATS_URL, logger: silentLogger(), name: 'gateway-rooms-test' }));
    cleanups.push(async () => {
      await Promise.all(buses.map((bus) => bus.close()));
    });
    const [busA, busB, publisher] = buses as [EventBus, EventBus, EventBus];
    const replicaA = await listeningGateway({ bus: busA });
    const replicaB = await listeningGateway({ bus: busB });
    const tokenA = issueVisitorToken(SECRET);
    const tokenB = issueVisitorToken(SECRET);
    const a1 = await Client.open(replicaA.wsUrl);
    const a2 = await Client.open(replicaB.wsUrl);
    const b = await Client.open(replicaB.wsUrl);
    const anonymous = await Client.open(replicaA.wsUrl);
    await Promise.all([a1.hello(tokenA), a2.hello(tokenA), b.hello(tokenB)]);

    const event = bookingStatusFor(tokenA, 91);
    await publisher.publish('ama.visitor.notify', event, { msgId: randomUUID() });
    expect(await a1.next(isBooking(91))).toEqual(event.message);
    expect(await a2.next(isBooking(91))).toEqual(event.message);

    await publicSentinel(publisher, [a1, a2, b, anonymous]);
    expect(b.types()).not.toContain('booking_status');
    expect(anonymous.types()).not.toContain('booking_status');
  });
});

describe('revoked visitor tokens', () => {
  it('answers visitor:false to a hello with a token identity revoked, as to a bad token, and sends it no directed messages', async () => {
    const gateway = await listeningGateway();
    const revoked = Array.from({ length: 10 }, () => issueVisitorToken(SECRET));
    for (const token of revoked) services.revokedTokens.add(token);
    const clients = await Promise.all(revoked.map(() => Client.open(gateway.wsUrl)));
    const answers = await Promise.all(clients.map((client, i) => client.hello(revoked[i]!)));
    expect(answers).toEqual(Array(10).fill({ type: 'hello', data: { visitor: false, missed: false } }));
    for (const [i, token] of revoked.entries()) await gateway.bus.publish('ama.visitor.notify', bookingStatusFor(token, 300 + i), { msgId: randomUUID() });
    await publicSentinel(gateway.bus, clients);
    for (const client of clients) expect(client.types()).not.toContain('booking_status');
  });

  it("closes every socket of a token when identity.visitor.revoked arrives; other visitors' sockets stay", async () => {
    const gateway = await listeningGateway();
    const token = issueVisitorToken(SECRET);
    const other = issueVisitorToken(SECRET);
    const [a1, a2, b] = (await Promise.all([0, 1, 2].map(() => Client.open(gateway.wsUrl)))).map((c) => c.watchClose()) as [Client, Client, Client];
    await Promise.all([a1.hello(token), a2.hello(token), b.hello(other)]);

    services.revokedTokens.add(token);
    await publishRevocation(gateway.bus, token);
    for (const client of [a1, a2]) expect(await client.closed()).toEqual({ code: 1008, reason: 'Visitor token revoked' });

    // The other visitor still gets its own messages; a new socket cannot say hello with the old token.
    await gateway.bus.publish('ama.visitor.notify', bookingStatusFor(other, 51), { msgId: randomUUID() });
    await b.next(isBooking(51));
    expect(b.ws.readyState).toBe(WebSocket.OPEN);
    const again = await Client.open(gateway.wsUrl);
    expect((await again.hello(token)).data).toEqual({ visitor: false, missed: false });
    await gateway.bus.publish('ama.visitor.notify', bookingStatusFor(token, 52), { msgId: randomUUID() });
    await publicSentinel(gateway.bus, [again]);
    expect(again.types()).not.toContain('booking_status');
  });

  it('a hello whose standing check was under way when the event came does not join', async () => {
    const gateway = await listeningGateway();
    const token = issueVisitorToken(SECRET);
    const client = await Client.open(gateway.wsUrl);
    // Identity answers "good" (asked before the revocation), but only after the event reached the gateway.
    const release = services.holdStandings();
    const lookups = services.standingLookups;
    const answer = client.hello(token);
    await vi.waitFor(() => expect(services.standingLookups).toBeGreaterThan(lookups));
    await publishRevocation(gateway.bus, token);
    await publicSentinel(gateway.bus, [client]);
    release();
    expect((await answer).data).toEqual({ visitor: false, missed: false });
    await gateway.bus.publish('ama.visitor.notify', bookingStatusFor(token, 61), { msgId: randomUUID() });
    await publicSentinel(gateway.bus, [client]);
    expect(client.types()).not.toContain('booking_status');
  });

  it('asks identity once for a token however many hellos carry it (20 sockets, repeated hellos)', async () => {
    const gateway = await listeningGateway();
    const token = issueVisitorToken(SECRET);
    const clients = await Promise.all(Array.from({ length: 20 }, () => Client.open(gateway.wsUrl)));
    const before = services.standingLookups;
    const answers = await Promise.all(clients.map((client) => client.hello(token)));
    for (const client of clients.slice(0, 5)) answers.push(await client.hello(token));
    expect(answers.map((a) => a.data)).toEqual(Array(25).fill({ visitor: true, missed: false }));
    expect(services.standingLookups - before).toBe(1);
  });

  it('while identity cannot answer, a hello is answered visitor:false and the socket stays public', async () => {
    const down = { ...services.urls, identity: 'http://127.0.0.1:9' };
    const gateway = await listeningGateway({ serviceUrls: down });
    const token = issueVisitorToken(SECRET);
    const client = await Client.open(gateway.wsUrl);
    expect((await client.hello(token)).data).toEqual({ visitor: false, missed: false });
    expect(client.ws.readyState).toBe(WebSocket.OPEN);
  });

  it('over real NATS every gateway replica closes its own sockets of the revoked token', async () => {
    const buses: EventBus[] = [];
    for (let i = 0; i < 3; i++) buses.push(await createBus({ natsUrl: NATS_URL, logger: silentLogger(), name: 'gateway-revocation-test' }));
    cleanups.push(async () => {
      await Promise.all(buses.map((bus) => bus.close()));
    });
    const [busA, busB, identity] = buses as [EventBus, EventBus, EventBus];
    const replicaA = await listeningGateway({ bus: busA });
    const replicaB = await listeningGateway({ bus: busB });
    const token = issueVisitorToken(SECRET);
    const other = issueVisitorToken(SECRET);
    const onA = (await Client.open(replicaA.wsUrl)).watchClose();
    const onB = (await Client.open(replicaB.wsUrl)).watchClose();
    const otherOnB = (await Client.open(replicaB.wsUrl)).watchClose();
    await Promise.all([onA.hello(token), onB.hello(token), otherOnB.hello(other)]);

    services.revokedTokens.add(token);
    await publishRevocation(identity, token);
    expect(await onA.closed()).toEqual({ code: 1008, reason: 'Visitor token revoked' });
    expect(await onB.closed()).toEqual({ code: 1008, reason: 'Visitor token revoked' });
    await publicSentinel(identity, [otherOnB]);
    expect(otherOnB.ws.readyState).toBe(WebSocket.OPEN);
  });
});

describe('VisitorRooms', () => {
  it('removes a room and its addresses when its last socket leaves', () => {
    const rooms = new VisitorRooms(SECRET);
    const token = issueVisitorToken(SECRET);
    const address = visitorRealtimeAddress(createVisitorVerifier(SECRET, 'ama-booking')(token)!);
    const [s1, s2] = [{}, {}] as unknown as [WebSocket, WebSocket];
    expect(rooms.join(s1, token)).toBe(true);
    expect(rooms.join(s2, token)).toBe(true);
    expect([...rooms.socketsOf('ama', address)]).toEqual([s1, s2]);
    rooms.leave(s1);
    expect([...rooms.socketsOf('ama', address)]).toEqual([s2]);
    rooms.leave(s2);
    expect(rooms.socketsOf('ama', address).size).toBe(0);
    expect(rooms.joined).toBe(0);
    expect(rooms.join(s1, 'forged')).toBe(false);
    expect(rooms.joined).toBe(0);
  });
});

describe('gateway environment', () => {
  it('reads VISITOR_TOKEN_SECRET, and in production refuses it missing or a placeholder', () => {
    const staff = { STAFF_HEADER_SECRET: 'a1'.repeat(20) };
    expect(loadGatewayConfig({ ...staff, VISITOR_TOKEN_SECRET: SECRET }).env.VISITOR_TOKEN_SECRET).toBe(SECRET);
    for (const value of [undefined, 'CHANGE-ME-visitor-token-secret-of-32-or-more-characters']) {
      const load = () => loadGatewayConfig({ NODE_ENV: 'production', ...staff, VISITOR_TOKEN_SECRET: value });
      expect(load).toThrow(ConfigError);
      expect(load).toThrow(/VISITOR_TOKEN_SECRET/);
    }
  });
});
