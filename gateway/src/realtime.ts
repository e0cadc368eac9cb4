import { ServerResponse, type IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import WebSocket from 'ws';
import type { FastifyBaseLogger } from 'fastify';
import {
  eventSchemas,
  realtimeMap,
  RealtimeClientMessage,
  VISITOR_NOTIFY_SUBJECTS,
  VisitorNotifyEvent,
  visitorNotifySource,
  type EventSubject,
  type RealtimeMessage,
  type ServiceSchema,
  type VisitorAddress,
} from '@wfm/contracts/shared';
import { VISITOR_REVOKED_SUBJECT, type BusEvent, type EventBus } from '@wfm/service-kit';
import type { CacheInvalidation } from './read-cache/invalidation.ts';
import type { ReadCache } from './read-cache/read-cache.ts';
import { RecentBroadcasts } from './recent-broadcasts.ts';
import { VisitorRooms } from './visitor-rooms.ts';

export interface RealtimeHubOptions {
  /** How often every socket is pinged; a socket that has not answered the previous ping is dropped. */
  pingIntervalMs: number;
  /** A client that lets this much unsent data pile up is too slow to keep. */
  maxBufferedBytes: number;
  log: FastifyBaseLogger;
  /**
   * VISITOR_TOKEN_SECRET: verifies the token a socket says hello with. Unset: no visitor rooms (every
   * hello is answered `visitor: false`).
   */
  visitorSecret?: string;
  /**
   * Whether identity still stands behind a token, asked before a hello joins a room (identity's own
   * table: a token revoked a moment ago is already `revoked`). Throwing counts as `revoked`: while
   * identity cannot answer, hellos get `visitor: false` and the socket stays public. Unset: only
   * the token's signature is checked (tests of the rooms alone).
   */
  visitorStanding?: (token: string) => Promise<'good' | 'revoked'>;
  /** Told of every client the hub cuts, with why (metrics: gateway_websocket_drops_total). */
  onDrop?: (reason: WebsocketDropReason, count: number) => void;
  /**
   * How long after the previous write to every socket the next broadcasts wait to go out together,
   * given how many sockets are open (default broadcastWindowMs).
   */
  broadcastWindowMs?: (openSockets: number) => number;
}

/**
 * Broadcasts within this long of the previous write to every socket wait and go out together: one
 * write per socket per window instead of one per message. A write to a socket costs the gateway
 * 5-20 µs of system time, so the fan-out costs (sockets x writes a second); the window grows with
 * the sockets (BROADCAST_WINDOW_MS_PER_SOCKET each, between the two bounds), which caps that cost at
 * about one write per socket per 0.5 ms of window, 1-4 % of a core, at any rate of events. A
 * broadcast after a quiet spell goes out at once. 200 sockets: 100 ms; up to 40: 20 ms.
 */
export const BROADCAST_WINDOW_MIN_MS = 20;
export const BROADCAST_WINDOW_MAX_MS = 250;
export const BROADCAST_WINDOW_MS_PER_SOCKET = 0.5;

export const broadcastWindowMs = (openSockets: number) =>
  Math.min(BROADCAST_WINDOW_MAX_MS, Math.max(BROADCAST_WINDOW_MIN_MS, openSockets * BROADCAST_WINDOW_MS_PER_SOCKET));

/** Broadcasts waiting to go out are written at once when they pass this many bytes. */
const COALESCE_MAX_BYTES = 256 * 1024;

/** Why the hub cut a client: it let unsent data pile up, missed a heartbeat, its connection broke, or its token was revoked. */
export type WebsocketDropReason = 'slow' | 'heartbeat' | 'error' | 'revoked';

/** Close code and reason of a socket whose visitor token was revoked (1008: policy violation). */
export const REVOKED_CLOSE = { code: 1008, reason: 'Visitor token revoked' } as const;

/**
 * How long a replica remembers a revocation it heard, for hellos whose standing check was already
 * under way when the event came (longer than any check may take: the identity call times out first).
 */
export const RECENT_REVOCATION_MS = 60_000;
/** Revocations remembered at most (oldest forgotten first). */
const RECENT_REVOCATIONS_MAX = 100_000;
/**
 * How long a replica reuses identity's `good` answer for a token, so a client repeating its hello
 * (or many tabs of one visitor) costs identity one call, not one per hello. A revocation heard on
 * the bus overrides it at once; a replica that missed the event asks again after this long.
 */
export const HELLO_STANDING_CACHE_MS = 5_000;
const HELLO_STANDING_CACHE_ENTRIES = 10_000;

/** Parses a client frame; anything that is not a known client message is null. */
function clientMessageOf(raw: WebSocket.RawData, isBinary: boolean): RealtimeClientMessage | null {
  if (isBinary) return null;
  try {
    const parsed = RealtimeClientMessage.safeParse(JSON.parse(String(raw)));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * A message serialised once for every socket it goes to: JSON text encoded to UTF-8 bytes a single
 * time, so each send is only ws's frame header and the socket write (a string would be measured
 * and encoded again for every socket).
 */
export function encodeFrame(message: RealtimeMessage): Buffer {
  return Buffer.from(JSON.stringify(message), 'utf8');
}

/**
 * The bytes of one complete websocket frame (RFC 6455 §5.2) as a server sends it: final, text,
 * unmasked, uncompressed (per-message deflate is off), carrying `payload`. Built once per broadcast.
 */
export function textFrameBytes(payload: Buffer): Buffer {
  const length = payload.length;
  const headerLength = length < 126 ? 2 : length < 65_536 ? 4 : 10;
  const frame = Buffer.allocUnsafe(headerLength + length);
  frame[0] = 0x81; // FIN + opcode 1 (text)
  if (length < 126) {
    frame[1] = length;
  } else if (length < 65_536) {
    frame[1] = 126;
    frame.writeUInt16BE(length, 2);
  } else {
    frame[1] = 127;
    frame.writeBigUInt64BE(BigInt(length), 2);
  }
  payload.copy(frame, headerLength);
  return frame;
}

/** ws keeps the TCP connection of a socket in `_socket` (not in its types). */
type SocketWithTransport = WebSocket & { _socket: Socket };

/**
 * Lets go of what the HTTP upgrade left attached to an open socket: @fastify/websocket's error
 * listener (a closure over Fastify's request and reply) and the ServerResponse still assigned to
 * the TCP connection (which holds the upgrade request and its headers). Neither is used once the
 * socket is open; together they are about 3 KB of heap per idle connection.
 */
function releaseUpgrade(socket: WebSocket, upgrade: IncomingMessage | undefined, onError: (this: WebSocket, err: Error) => void): void {
  socket.removeAllListeners('error');
  socket.on('error', onError);
  const connection = upgrade?.socket as (Socket & { _httpMessage?: unknown }) | undefined;
  const response = connection?._httpMessage;
  if (connection && response instanceof ServerResponse) response.detachSocket(connection);
}

/**
 * The websocket clients of this gateway replica, their heartbeat, the visitor rooms and the fan-out
 * to everyone or to one visitor's sockets. Per socket it keeps one map entry and shares its
 * listeners with every other socket (they read the socket from `this`), so an idle socket costs
 * little more than ws's own objects; a broadcast serialises the message once and then only writes.
 */
export class RealtimeHub {
  private readonly alive = new Map<WebSocket, boolean>();
  private readonly rooms: VisitorRooms | undefined;
  /** The latest hello of each socket (a standing check answered after a newer hello is dropped). */
  private readonly latestHello = new WeakMap<WebSocket, number>();
  private hellos = 0;
  /** What a socket opening after its page was loaded asks for in its hello (replay_ms). */
  private readonly recent = new RecentBroadcasts();
  private readonly openedAt = new WeakMap<WebSocket, number>();
  /** Sockets that were replayed to: one replay per socket, so hellos cannot be used to amplify traffic. */
  private readonly replayed = new WeakSet<WebSocket>();
  /** Revocation key -> when this replica may forget it (insertion order is time order). */
  private readonly recentRevocations = new Map<string, number>();
  /** Revocation key -> until when identity's `good` answer is reused (insertion order is time order). */
  private readonly goodUntil = new Map<string, number>();
  /** Standing checks under way, one per token however many hellos wait for it. */
  private readonly checking = new Map<string, Promise<'good' | 'revoked'>>();
  private heartbeat: NodeJS.Timeout | undefined;
  /** Broadcast frames waiting for the next write to every socket, in the order they were broadcast. */
  private waiting: Buffer[] = [];
  private waitingBytes = 0;
  /** What must be done before the waiting frames go out (the read cache's invalidations, holdUntil). */
  private waitingTasks: Array<() => Promise<void>> = [];
  /** Messages to one visitor's sockets that came while a flush ran its tasks: sent right after it. */
  private afterFlush: Array<() => void> = [];
  /** True while a flush waits for its tasks: nothing else is written to every socket meanwhile. */
  private flushing = false;
  private flushTimer: NodeJS.Timeout | undefined;
  private lastFlushAt = -Infinity;
  private readonly broadcastWindowMs: (openSockets: number) => number;
  private readonly onPong: (this: WebSocket) => void;
  private readonly onClose: (this: WebSocket) => void;
  private readonly onMessage: (this: WebSocket, raw: WebSocket.RawData, isBinary: boolean) => void;
  private readonly onError: (this: WebSocket, err: Error) => void;

  constructor(private readonly opts: RealtimeHubOptions) {
    this.rooms = opts.visitorSecret ? new VisitorRooms(opts.visitorSecret) : undefined;
    this.broadcastWindowMs = opts.broadcastWindowMs ?? broadcastWindowMs;
    // eslint-disable-next-line @typescript-eslint/no-this-alias -- the listeners' `this` is the socket
    const hub = this;
    this.onPong = function () {
      hub.alive.set(this, true);
    };
    this.onClose = function () {
      hub.alive.delete(this);
      hub.rooms?.leave(this);
    };
    // The only client message is hello (its size is capped by maxPayload); anything else is ignored.
    this.onMessage = function (raw, isBinary) {
      const message = clientMessageOf(raw, isBinary);
      if (message?.type === 'hello') hub.hello(this, message.anon_token, message.replay_ms);
    };
    // A broken connection (reset, invalid frame): ws closes it; the close listener forgets it.
    this.onError = function (err) {
      hub.opts.log.debug({ err }, 'websocket client error');
      hub.opts.onDrop?.('error', 1);
      this.terminate();
    };
  }

  get size(): number {
    return this.alive.size;
  }

  /** Sockets that said hello with a verified token. */
  get visitorSockets(): number {
    return this.rooms?.joined ?? 0;
  }

  /** Takes an open socket; `upgrade` is the HTTP request it was upgraded from (released here). */
  add(socket: WebSocket, upgrade?: IncomingMessage): void {
    releaseUpgrade(socket, upgrade, this.onError);
    this.alive.set(socket, true);
    this.openedAt.set(socket, performance.now());
    socket.on('pong', this.onPong);
    socket.on('close', this.onClose);
    socket.on('message', this.onMessage);
  }

  /**
   * Joins the socket to the room of the token's visitor (leaving its previous one at once) and tells
   * the client whether it is now a visitor socket. A token identity did not issue, or one it revoked
   * (asked of identity; or heard of on the bus while asking), leaves it a public socket: the answer
   * is `visitor: false`, as for any bad token. Only the socket's latest hello is answered. With
   * `replayMs` the socket is first sent the public messages of that many milliseconds before it
   * opened; `missed` in the answer says some of them were no longer at hand.
   */
  private hello(socket: WebSocket, token: string, replayMs: number | undefined): void {
    const missed = replayMs === undefined ? false : this.replay(socket, replayMs);
    const rooms = this.rooms;
    const revocation = rooms?.revocationOf(token) ?? null;
    rooms?.leave(socket);
    const hello = ++this.hellos;
    this.latestHello.set(socket, hello);
    if (!rooms || revocation === null) {
      this.send([socket], { type: 'hello', data: { visitor: false, missed } });
      return;
    }
    void this.standingOf(token, revocation).then((answer) => {
      if (this.latestHello.get(socket) !== hello || socket.readyState !== WebSocket.OPEN) return;
      const visitor = answer === 'good' && !this.wasRevoked(revocation) && rooms.join(socket, token);
      this.send([socket], { type: 'hello', data: { visitor, missed } });
    });
  }

  /** Identity's answer for a token: reused for HELLO_STANDING_CACHE_MS when good, shared while asked; a failed check is `revoked`. */
  private standingOf(token: string, revocation: string): Promise<'good' | 'revoked'> {
    const ask = this.opts.visitorStanding;
    if (!ask) return Promise.resolve('good');
    if ((this.goodUntil.get(revocation) ?? 0) > Date.now()) return Promise.resolve('good');
    const under = this.checking.get(revocation);
    if (under) return under;
    const check = ask(token)
      .catch((err: unknown) => {
        this.opts.log.warn({ err }, 'visitor standing check failed: the socket stays public');
        return 'revoked' as const;
      })
      .then((answer) => {
        this.checking.delete(revocation);
        if (answer === 'good' && !this.wasRevoked(revocation)) {
          this.goodUntil.delete(revocation);
          this.goodUntil.set(revocation, Date.now() + HELLO_STANDING_CACHE_MS);
          if (this.goodUntil.size > HELLO_STANDING_CACHE_ENTRIES) this.goodUntil.delete(this.goodUntil.keys().next().value!);
        }
        return answer;
      });
    this.checking.set(revocation, check);
    return check;
  }

  /** Sends the socket the broadcasts of `replayMs` before it opened; true when some were no longer at hand. */
  private replay(socket: WebSocket, replayMs: number): boolean {
    if (this.replayed.has(socket)) return false;
    this.replayed.add(socket);
    const frames = this.recent.since(replayMs, this.openedAt.get(socket) ?? performance.now());
    if (!frames) return true;
    for (const frame of frames) this.sendFrame([socket], frame);
    return false;
  }

  private wasRevoked(revocation: string): boolean {
    const until = this.recentRevocations.get(revocation);
    return until !== undefined && until > Date.now();
  }

  /**
   * identity.visitor.revoked reached this replica: the sockets that said hello with that token are
   * closed (1008, REVOKED_CLOSE) and a hello with it still being checked will not join. The client
   * reconnects and says hello with whatever token it holds now. Returns how many were closed.
   */
  revokeVisitor(revocation: string): number {
    const now = Date.now();
    for (const [key, until] of this.recentRevocations) {
      if (until > now && this.recentRevocations.size < RECENT_REVOCATIONS_MAX) break;
      this.recentRevocations.delete(key);
    }
    this.recentRevocations.delete(revocation);
    this.recentRevocations.set(revocation, now + RECENT_REVOCATION_MS);
    this.goodUntil.delete(revocation);
    const sockets = this.rooms?.removeRevoked(revocation) ?? [];
    for (const socket of sockets) socket.close(REVOKED_CLOSE.code, REVOKED_CLOSE.reason);
    if (sockets.length > 0) this.opts.onDrop?.('revoked', sockets.length);
    return sockets.length;
  }

  /**
   * True while a broadcast would wait for the next write to every socket: frames or tasks wait, a
   * flush is running, or the previous write was less than a window ago.
   */
  holdsBroadcasts(): boolean {
    return (
      this.flushing ||
      this.waiting.length > 0 ||
      this.waitingTasks.length > 0 ||
      performance.now() - this.lastFlushAt < this.broadcastWindowMs(this.alive.size)
    );
  }

  /**
   * Runs `task` before the next write to every socket (at the end of the window): the read cache's
   * invalidation for an event whose message waits, so the message still leaves after it, and the
   * events of one window drop the cache once instead of once each.
   */
  holdUntil(task: () => Promise<void>): void {
    this.waitingTasks.push(task);
    this.armFlush();
  }

  /**
   * Sends `{type, data}` to every open client, at once or, within the window (broadcastWindowMs) of
   * the previous write to every socket, with the next such write; returns how many sockets it goes to.
   */
  broadcast(message: RealtimeMessage): number {
    const frame = textFrameBytes(encodeFrame(message));
    if (!this.holdsBroadcasts()) {
      this.recent.add(frame);
      this.lastFlushAt = performance.now();
      return this.sendFrame(this.alive.keys(), frame);
    }
    this.waiting.push(frame);
    this.waitingBytes += frame.length;
    if (this.waitingBytes >= COALESCE_MAX_BYTES) this.flushBroadcasts();
    else this.armFlush();
    return this.alive.size;
  }

  private armFlush(): void {
    if (this.flushing) return; // the running flush arms the next one when it ends
    const windowMs = this.broadcastWindowMs(this.alive.size);
    this.flushTimer ??= setTimeout(() => this.flushBroadcasts(), Math.max(0, this.lastFlushAt + windowMs - performance.now()));
  }

  /**
   * Runs the waiting tasks, then writes the waiting broadcasts to every socket, one write each. The
   * frames are noted for replays only as they are written: a socket that opened while they waited
   * gets them from this write, never from its hello's replay (which would let it refetch before the
   * tasks dropped the old answers).
   */
  private flushBroadcasts(): void {
    clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
    if (this.flushing) return;
    const waiting = this.waiting;
    const tasks = this.waitingTasks;
    if (waiting.length === 0 && tasks.length === 0) return;
    this.waiting = [];
    this.waitingTasks = [];
    this.waitingBytes = 0;
    this.lastFlushAt = performance.now();
    if (tasks.length === 0) return this.writeWaiting(waiting);
    this.flushing = true;
    // The tasks log their own failures (ReadCache.invalidate never rejects); a message never waits on one for long.
    void Promise.allSettled(tasks.map((task) => task())).then(() => {
      this.flushing = false;
      this.writeWaiting(waiting);
      for (const send of this.afterFlush.splice(0)) send();
      if (this.waiting.length > 0 || this.waitingTasks.length > 0) this.armFlush();
    });
  }

  private writeWaiting(waiting: Buffer[]): void {
    if (waiting.length === 0) return;
    for (const frame of waiting) this.recent.add(frame);
    this.sendFrame(this.alive.keys(), waiting.length === 1 ? waiting[0]! : Buffer.concat(waiting));
  }

  /** Sends `{type, data}` to the sockets of the visitor that service `schema` calls `address`. */
  sendToVisitor(schema: ServiceSchema, address: VisitorAddress, message: RealtimeMessage): number {
    if (!this.rooms) return 0;
    const sockets = this.rooms.socketsOf(schema, address);
    // In the order the events came: broadcasts still waiting go first (after their tasks, when they have some).
    this.flushBroadcasts();
    if (!this.flushing) return this.send(sockets, message);
    const list = [...sockets];
    this.afterFlush.push(() => this.send(list, message));
    return list.length;
  }

  /**
   * Serialises once, then per socket only the write. Backpressure: a client with more than
   * maxBufferedBytes still unsent (the TCP send buffer full, the client not reading) is cut instead
   * of being buffered for without bound; it reconnects and refetches like after any drop.
   */
  private send(sockets: Iterable<WebSocket>, message: RealtimeMessage): number {
    return this.sendFrame(sockets, textFrameBytes(encodeFrame(message)));
  }

  /** Writes `frame` to each open socket. */
  private sendFrame(sockets: Iterable<WebSocket>, frame: Buffer): number {
    // The whole frame is built once and written as it is to each connection: per socket one write
    // and nothing else (ws's own send builds a header and two writes per socket). Safe because ws
    // queues nothing of its own here: no compression, no Blob sends, and a write is a whole frame.
    const { maxBufferedBytes } = this.opts;
    let sent = 0;
    let dropped = 0;
    // Terminating does not remove a socket from the collection being walked (that happens on its close event).
    for (const socket of sockets) {
      if (socket.readyState !== WebSocket.OPEN) continue;
      if (socket.bufferedAmount > maxBufferedBytes) {
        socket.terminate();
        dropped += 1;
        continue;
      }
      (socket as SocketWithTransport)._socket.write(frame);
      sent += 1;
    }
    if (dropped > 0) {
      this.opts.log.warn({ dropped }, 'dropped websocket clients that do not keep up');
      this.opts.onDrop?.('slow', dropped);
    }
    return sent;
  }

  startHeartbeat(): void {
    this.heartbeat ??= setInterval(() => this.beat(), this.opts.pingIntervalMs);
    this.heartbeat.unref();
  }

  private beat(): void {
    for (const [socket, answered] of this.alive) {
      if (!answered) {
        socket.terminate();
        this.alive.delete(socket);
        this.opts.onDrop?.('heartbeat', 1);
        continue;
      }
      this.alive.set(socket, false);
      socket.ping();
    }
  }

  /** Says goodbye (1001 Going Away) to every client; whoever has not closed after `graceMs` is cut. */
  async closeAll(graceMs: number): Promise<void> {
    clearInterval(this.heartbeat);
    this.heartbeat = undefined;
    this.flushBroadcasts();
    const sockets = [...this.alive.keys()];
    const closed = sockets.map(
      (socket) =>
        new Promise<void>((resolve) => {
          if (socket.readyState === WebSocket.CLOSED) return resolve();
          socket.once('close', () => resolve());
          socket.close(1001, 'Server shutting down');
        }),
    );
    let timer: NodeJS.Timeout | undefined;
    const grace = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, graceMs);
    });
    await Promise.race([Promise.all(closed), grace]);
    clearTimeout(timer);
    for (const socket of sockets) if (socket.readyState !== WebSocket.CLOSED) socket.terminate();
    this.alive.clear();
    this.rooms?.clear();
    this.recentRevocations.clear();
    this.goodUntil.clear();
  }
}

/**
 * Subscribes (without a durable name, so every replica gets every event) to each public subject,
 * to each subject that invalidates the read cache, to every service's `<service>.visitor.notify` and
 * to identity.visitor.revoked (the sockets of a revoked token are closed).
 * For every public event the cache is invalidated first, then the message goes to this replica's
 * clients as `{type, data}`: a browser that refetches on the message never meets the answer from
 * before the event. Within a broadcast window the invalidation is deferred to the window's end,
 * just before the message goes out (RealtimeHub.holdUntil). A visitor-notify event goes only to the sockets of its visitor on this replica;
 * replicas without them drop it. Returns the unsubscribe function.
 */
export async function forwardBusToHub(
  bus: EventBus,
  hub: RealtimeHub,
  opts: {
    /** The read cache and which events drop which of its groups (from the route table). */
    cache?: { store: ReadCache; invalidation: CacheInvalidation };
    onForward?: (type: string) => void;
    log?: FastifyBaseLogger;
  } = {},
): Promise<() => Promise<void>> {
  const { cache, onForward, log } = opts;
  const subjects = new Set<string>([...Object.keys(realtimeMap), ...(cache ? cache.invalidation.subjects : [])]);
  const unsubscribes = await Promise.all(
    [...subjects].map((subject) =>
      bus.subscribe(subject, async (evt) => {
        const groups = cache?.invalidation.groupsInvalidatedBy(evt.subject, evt.data);
        if (cache && groups) {
          // While broadcasts wait for the window, the invalidation waits with them and runs just
          // before they go out: the events of one window drop the cache once (a busy feed was
          // refilled, and gzipped, once per write), and every message still leaves after it.
          if (hub.holdsBroadcasts()) hub.holdUntil(() => cache.store.invalidate(groups));
          else await cache.store.invalidate(groups);
        }
        const type = realtimeMap[subject as EventSubject];
        if (type === undefined) return;
        // The payload was validated against the subject's schema when it was written (outbox).
        hub.broadcast({ type, data: evt.data } as RealtimeMessage);
        onForward?.(type);
      }),
    ),
  );
  const forwardToVisitor = (evt: BusEvent) => {
    const schema = visitorNotifySource(evt.subject);
    const parsed = VisitorNotifyEvent.safeParse(evt.data);
    if (!schema || !parsed.success) {
      log?.warn({ subject: evt.subject }, 'dropping a malformed visitor-notify event');
      return;
    }
    const { to, message } = parsed.data;
    if (hub.sendToVisitor(schema, to, message) > 0) onForward?.(message.type);
  };
  unsubscribes.push(...(await Promise.all(VISITOR_NOTIFY_SUBJECTS.map((subject) => bus.subscribe(subject, forwardToVisitor)))));
  // Every replica hears every revocation (no durable name) and closes its own sockets of that token.
  const revoked = eventSchemas[VISITOR_REVOKED_SUBJECT];
  unsubscribes.push(
    await bus.subscribe(VISITOR_REVOKED_SUBJECT, (evt) => {
      const parsed = revoked.safeParse(evt.data);
      if (!parsed.success) {
        log?.warn({ subject: evt.subject }, 'dropping a malformed visitor revocation');
        return;
      }
      hub.revokeVisitor(parsed.data.revocation);
    }),
  );
  return async () => {
    await Promise.all(unsubscribes.map((unsubscribe) => unsubscribe()));
  };
}
