import type { RealtimeClientMessage, RealtimeData, RealtimeMessage, RealtimeType } from '@wfm/contracts/shared';
import { REALTIME_RECONNECT_DELAY_MS } from '../config/constants.ts';

export type RealtimeStatus = 'connecting' | 'open' | 'closed';
export type RealtimeListener<T extends RealtimeType = RealtimeType> = (data: RealtimeData<T>) => void;
/** Checks a decoded frame against the contracts (realtime-message.ts); throws when it does not fit. */
export type RealtimeMessageCheck = (frame: unknown) => RealtimeMessage;

/**
 * Importing realtime-message.ts builds the schema of every message type of every service: done when
 * the first message a page listens to arrives, not on every first visit, where it was one of the
 * longest tasks on a phone (and most visits receive no such message).
 */
const loadMessageCheck = (): Promise<RealtimeMessageCheck> =>
  import('./realtime-message.ts').then((module) => module.checkRealtimeMessage);

type Options = {
  url: string;
  reconnectDelayMs?: number;
  logger?: Pick<Console, 'error'>;
  /** The message check to use from the start (default: realtime-message.ts, loaded on first need). */
  check?: RealtimeMessageCheck;
};

/** The frame's JSON and its `type`, or null when the frame is not `{type: string, ...}` JSON. */
function decodeFrame(raw: unknown): { frame: object; type: string } | null {
  let frame: unknown;
  try {
    frame = JSON.parse(String(raw));
  } catch {
    return null;
  }
  if (typeof frame !== 'object' || frame === null || !('type' in frame) || typeof frame.type !== 'string') return null;
  return { frame, type: frame.type };
}

/** `ws://host/ws` or `wss://host/ws`, matching how the page itself was loaded. */
export function realtimeUrl(location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`;
}

/**
 * The browser's one websocket to the gateway. Messages are `{type, data}` checked against the
 * contracts before they reach a listener; listeners subscribe by type and receive that type's
 * data. When the socket closes it reconnects after a fixed delay until `stop()` is called. With a visitor token (`identify`) every connection
 * starts with a hello, so the gateway also sends the messages meant for this visitor only.
 */
export class RealtimeClient {
  private socket: WebSocket | null = null;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private running = false;
  private currentStatus: RealtimeStatus = 'closed';
  private readonly listeners = new Map<RealtimeType, Set<(data: never) => void>>();
  private visitorToken: string | null = null;
  private readonly statusListeners = new Set<() => void>();
  private readonly url: string;
  private readonly reconnectDelayMs: number;
  private readonly logger: Pick<Console, 'error'>;
  private check: RealtimeMessageCheck | null;
  /** Frames that arrived while the check was loading, in order. */
  private waiting: object[] | null = null;

  constructor({ url, reconnectDelayMs = REALTIME_RECONNECT_DELAY_MS, logger = console, check }: Options) {
    this.url = url;
    this.reconnectDelayMs = reconnectDelayMs;
    this.logger = logger;
    this.check = check ?? null;
  }

  get status(): RealtimeStatus {
    return this.currentStatus;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.connect();
  }

  stop(): void {
    this.running = false;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
    const socket = this.socket;
    this.socket = null;
    socket?.close();
    if (this.waiting) this.waiting.length = 0;
    this.setStatus('closed');
  }

  /** Calls `listener` with the data of every message of `type`; returns the unsubscribe function. */
  subscribe<T extends RealtimeType>(type: T, listener: RealtimeListener<T>): () => void {
    let set = this.listeners.get(type);
    if (!set) {
      set = new Set();
      this.listeners.set(type, set);
    }
    set.add(listener);
    return () => {
      set.delete(listener);
    };
  }

  /**
   * Identifies this browser's visitor on the socket (now if open, and on every reconnect) with a
   * hello message, never in the URL. `null` makes an identified socket a public one again.
   */
  identify(token: string | null): void {
    if (token === this.visitorToken) return;
    this.visitorToken = token;
    // An empty token is no visitor: the gateway takes the socket out of its room.
    this.sendHello(token ?? '');
  }

  private sendHello(token: string): void {
    const socket = this.socket;
    if (!socket || socket.readyState !== WebSocket.OPEN) return;
    const hello: RealtimeClientMessage = { type: 'hello', anon_token: token };
    socket.send(JSON.stringify(hello));
  }

  onStatusChange(listener: () => void): () => void {
    this.statusListeners.add(listener);
    return () => {
      this.statusListeners.delete(listener);
    };
  }

  private connect(): void {
    this.reconnectTimer = null;
    this.setStatus('connecting');
    let socket: WebSocket;
    try {
      socket = new WebSocket(this.url);
    } catch (error) {
      this.logger.error('Realtime connection failed', error);
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      if (this.socket !== socket) return;
      if (this.visitorToken) this.sendHello(this.visitorToken);
      this.setStatus('open');
    };
    socket.onmessage = (event: MessageEvent) => this.dispatch(event.data);
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.setStatus('closed');
      this.scheduleReconnect();
    };
  }

  private scheduleReconnect(): void {
    if (!this.running || this.reconnectTimer) return;
    this.reconnectTimer = setTimeout(() => this.connect(), this.reconnectDelayMs);
  }

  /**
   * Hands a frame to the listeners of its type. A type nobody listens to is dropped unchecked; the
   * first frame somebody listens to loads the message check, and frames arriving meanwhile wait
   * for it in order.
   */
  private dispatch(raw: unknown): void {
    const decoded = decodeFrame(raw);
    if (!decoded) {
      this.logger.error('Realtime message could not be parsed', raw);
      return;
    }
    if (!this.listeners.get(decoded.type as RealtimeType)?.size) return;
    if (this.check) {
      this.deliver(this.check, decoded.frame);
      return;
    }
    if (this.waiting) {
      this.waiting.push(decoded.frame);
      return;
    }
    const waiting = [decoded.frame];
    this.waiting = waiting;
    loadMessageCheck().then(
      (check) => {
        this.check = check;
        this.waiting = null;
        for (const frame of waiting) this.deliver(check, frame);
      },
      (error: unknown) => {
        // The next frame tries again (e.g. after a network blip while fetching the code).
        this.waiting = null;
        this.logger.error('Realtime message check could not be loaded', error);
      },
    );
  }

  private deliver(check: RealtimeMessageCheck, frame: object): void {
    let message: RealtimeMessage;
    try {
      message = check(frame);
    } catch (error) {
      this.logger.error('Realtime message could not be parsed', error);
      return;
    }
    for (const listener of this.listeners.get(message.type) ?? []) {
      try {
        // Listeners of a type are only added through subscribe<T>, which types them for T's data.
        (listener as (data: RealtimeMessage['data']) => void)(message.data);
      } catch (error) {
        this.logger.error(`Realtime listener for "${message.type}" failed`, error);
      }
    }
  }

  private setStatus(status: RealtimeStatus): void {
    if (status === this.currentStatus) return;
    this.currentStatus = status;
    for (const listener of this.statusListeners) listener();
  }
}
