import WebSocket from 'ws';
import type { FastifyBaseLogger } from 'fastify';
import {
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
import type { BusEvent, EventBus } from '@wfm/service-kit';
import type { CacheInvalidation } from './read-cache/invalidation.ts';
import type { ReadCache } from './read-cache/read-cache.ts';
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
}

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
 * The websocket clients of this gateway replica, their heartbeat, the visitor rooms and the fan-out
 * to everyone or to one visitor's sockets.
 */
export class RealtimeHub {
  private readonly alive = new Map<WebSocket, boolean>();
  private readonly rooms: VisitorRooms | undefined;
  private heartbeat: NodeJS.Timeout | undefined;

  constructor(private readonly opts: RealtimeHubOptions) {
    this.rooms = opts.visitorSecret ? new VisitorRooms(opts.visitorSecret) : undefined;
  }

  get size(): number {
    return this.alive.size;
  }

  /** Sockets that said hello with a verified token. */
  get visitorSockets(): number {
    return this.rooms?.joined ?? 0;
  }

  add(socket: WebSocket): void {
    this.alive.set(socket, true);
    socket.on('pong', () => this.alive.set(socket, true));
    socket.on('close', () => {
      this.alive.delete(socket);
      this.rooms?.leave(socket);
    });
    // The only client message is hello (its size is capped by maxPayload); anything else is ignored.
    socket.on('message', (raw, isBinary) => {
      const message = clientMessageOf(raw, isBinary);
      if (message?.type === 'hello') this.hello(socket, message.anon_token);
    });
  }

  /**
   * Joins the socket to the room of the token's visitor (leaving its previous one) and tells the
   * client whether it is now a visitor socket; an unverified token leaves it a public socket.
   */
  private hello(socket: WebSocket, token: string): void {
    const visitor = this.rooms?.join(socket, token) ?? false;
    this.send([socket], { type: 'hello', data: { visitor } });
  }

  /** Sends `{type, data}` to every open client; returns how many got it. */
  broadcast(message: RealtimeMessage): number {
    return this.send(this.alive.keys(), message);
  }

  /** Sends `{type, data}` to the sockets of the visitor that service `schema` calls `address`. */
  sendToVisitor(schema: ServiceSchema, address: VisitorAddress, message: RealtimeMessage): number {
    if (!this.rooms) return 0;
    return this.send(this.rooms.socketsOf(schema, address), message);
  }

  private send(sockets: Iterable<WebSocket>, message: RealtimeMessage): number {
    const frame = JSON.stringify(message);
    let sent = 0;
    for (const socket of [...sockets]) {
      if (socket.readyState !== WebSocket.OPEN) continue;
      if (socket.bufferedAmount > this.opts.maxBufferedBytes) {
        this.opts.log.warn('dropping a websocket client that does not keep up');
        socket.terminate();
        continue;
      }
      socket.send(frame);
      sent += 1;
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
  }
}

/**
 * Subscribes (without a durable name, so every replica gets every event) to each public subject,
 * to each subject that invalidates the read cache and to every service's `<service>.visitor.notify`.
 * For every public event the cache is invalidated first, then the message goes to this replica's
 * clients as `{type, data}`: a browser that refetches on the message never meets the answer from
 * before the event. A visitor-notify event goes only to the sockets of its visitor on this replica;
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
        if (cache && groups) await cache.store.invalidate(groups);
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
  return async () => {
    await Promise.all(unsubscribes.map((unsubscribe) => unsubscribe()));
  };
}
