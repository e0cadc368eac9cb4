import WebSocket from 'ws';
import type { FastifyBaseLogger } from 'fastify';
import { realtimeMap, type EventSubject, type RealtimeMessage } from '@wfm/contracts';
import type { EventBus } from '@wfm/service-kit';
import { groupsInvalidatedBy, INVALIDATING_SUBJECTS } from './read-cache/invalidation.ts';
import type { ReadCache } from './read-cache/read-cache.ts';

export interface RealtimeHubOptions {
  /** How often every socket is pinged; a socket that has not answered the previous ping is dropped. */
  pingIntervalMs: number;
  /** A client that lets this much unsent data pile up is too slow to keep. */
  maxBufferedBytes: number;
  log: FastifyBaseLogger;
}

/** The websocket clients of this gateway replica, their heartbeat and the fan-out to them. */
export class RealtimeHub {
  private readonly alive = new Map<WebSocket, boolean>();
  private heartbeat: NodeJS.Timeout | undefined;

  constructor(private readonly opts: RealtimeHubOptions) {}

  get size(): number {
    return this.alive.size;
  }

  add(socket: WebSocket): void {
    this.alive.set(socket, true);
    socket.on('pong', () => this.alive.set(socket, true));
    socket.on('close', () => this.alive.delete(socket));
    // Clients have nothing to say; their messages are ignored (their size is capped by maxPayload).
  }

  /** Sends `{type, data}` to every open client; returns how many got it. */
  broadcast(message: RealtimeMessage): number {
    const frame = JSON.stringify(message);
    let sent = 0;
    for (const socket of this.alive.keys()) {
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
  }
}

/**
 * Subscribes (without a durable name, so every replica gets every event) to each public subject
 * and to each subject that invalidates the read cache. For every event the cache is invalidated
 * first, then the message goes to this replica's clients as `{type, data}`: a browser that refetches
 * on the message never meets the answer from before the event. Returns the unsubscribe function.
 */
export async function forwardBusToHub(
  bus: EventBus,
  hub: RealtimeHub,
  opts: { cache?: ReadCache; onForward?: (type: string) => void } = {},
): Promise<() => Promise<void>> {
  const { cache, onForward } = opts;
  const subjects = new Set<string>([...Object.keys(realtimeMap), ...(cache ? INVALIDATING_SUBJECTS : [])]);
  const unsubscribes = await Promise.all(
    [...subjects].map((subject) =>
      bus.subscribe(subject, async (evt) => {
        const groups = cache && groupsInvalidatedBy(evt.subject, evt.data);
        if (cache && groups) await cache.invalidate(groups);
        const type = realtimeMap[subject as EventSubject];
        if (type === undefined) return;
        hub.broadcast({ type, data: evt.data });
        onForward?.(type);
      }),
    ),
  );
  return async () => {
    await Promise.all(unsubscribes.map((unsubscribe) => unsubscribe()));
  };
}
