import type { RealtimeClientMessage, RealtimeData, RealtimeMessage, RealtimeType } from '@wfm/contracts/shared/realtime';
import { REALTIME_REPLAY_MAX_MS } from '@wfm/contracts/shared/realtime-limits';
import { REALTIME_RECONNECT_DELAY_MS, REALTIME_RECONNECT_MAX_DELAY_MS } from '../config/constants.ts';
import { nextTask } from './next-task.ts';

export type RealtimeStatus = 'connecting' | 'open' | 'closed';
export type RealtimeListener<T extends RealtimeType = RealtimeType> = (data: RealtimeData<T>) => void;

type Parse = (raw: unknown) => RealtimeMessage;

let parse: Parse | null = null;
let parserLoading: Promise<Parse> | null = null;

/**
 * The parser's schemas (every service's realtime data), built a few modules per task: evaluated as one
 * module graph they were a task of about 110 ms right after hydration on Lighthouse's 4x slowed CPU,
 * all of it blocking time. Each step evaluates what it imports; the parser's own module then finds
 * them built.
 */
// Each step names what the parser uses: the bundler then keeps only those schemas of the module (a
// namespace used whole would keep every schema in it).
const PARSER_STEPS: (() => Promise<unknown>)[] = [
  () => import('@wfm/contracts/catalog/polls').then(({ PollSummary }) => PollSummary),
  () => import('@wfm/contracts/catalog/events').then(({ PollVotedEvent }) => PollVotedEvent),
  () => import('@wfm/contracts/ama/events').then(({ BookingChangedEvent, SessionChangedEvent }) => [BookingChangedEvent, SessionChangedEvent]),
  () => import('@wfm/contracts/shared/visitor-realtime').then(({ visitorMessageSchemas }) => visitorMessageSchemas),
  () => import('@wfm/contracts/jobs/events').then(({ JobSubmittedEvent }) => JobSubmittedEvent),
  () => import('@wfm/contracts/forum/events').then(({ PostDeletedEvent }) => PostDeletedEvent),
];

/** Loads the message parser (realtime-message.ts) once; the client calls it when it first connects. */
export function loadRealtimeParser(): Promise<Parse> {
  parserLoading ??= PARSER_STEPS.reduce<Promise<unknown>>((done, step) => done.then(step).then(nextTask), Promise.resolve())
    .then(() => import('./realtime-message.ts'))
    .then((m) => (parse = m.parseRealtimeMessage));
  return parserLoading;
}

export type Backoff = { baseMs: number; maxMs: number };

/**
 * How long to wait before reconnect attempt `attempt` (0 = the first after a close): the ceiling
 * doubles from `baseMs` on every attempt up to `maxMs`, and the wait is a random point in the upper
 * half of it ("equal jitter"), so the sockets a rolling deploy drops all at once do not all come
 * back at the same instant, yet none waits longer than its ceiling. `random` is like Math.random.
 */
export function reconnectDelay(attempt: number, { baseMs, maxMs }: Backoff, random: () => number = Math.random): number {
  const ceiling = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt));
  return Math.round(ceiling / 2 + (ceiling / 2) * random());
}

type Options = {
  url: string;
  backoff?: Backoff;
  random?: () => number;
  logger?: Pick<Console, 'error'>;
  /** Milliseconds since this page was loaded (performance.now: since the navigation began). */
  pageAge?: () => number;
};

/**
 * Added to the page's age in the replay a first socket asks for: the hello takes a while to reach
 * the gateway (a phone's network), and another replica may have broadcast a moment earlier. A
 * replayed message the page already shows changes nothing (comments are appended by id, counts set).
 */
const REPLAY_SLACK_MS = 2000;

const DEFAULT_BACKOFF: Backoff = { baseMs: REALTIME_RECONNECT_DELAY_MS, maxMs: REALTIME_RECONNECT_MAX_DELAY_MS };

/** `ws://host/ws` or `wss://host/ws`, matching how the page itself was loaded. */
export function realtimeUrl(location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`;
}

/**
 * The browser's one websocket to the gateway. Messages are `{type, data}` parsed with the contracts;
 * listeners subscribe by type and receive that type's data. When the socket closes it reconnects
 * with exponential backoff and jitter (`reconnectDelay`) until `stop()` is called; messages sent
 * while it was away are lost, so `onMissedMessages` listeners run once a connection opens again (the
 * provider refetches what the page shows). Every connection starts with a hello, with the visitor's
 * token when there is one (`identify`), so the gateway also sends the messages meant for this
 * visitor only. The page's first connection asks in its hello for the public messages broadcast
 * since the page was loaded (its data, perhaps rendered on the server, is older than the socket);
 * when the gateway no longer has them all, the listeners run too.
 */
export class RealtimeClient {
  private socket: WebSocket | null = null;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private running = false;
  private currentStatus: RealtimeStatus = 'closed';
  private readonly listeners = new Map<RealtimeType, Set<(data: never) => void>>();
  private visitorToken: string | null = null;
  private readonly statusListeners = new Set<() => void>();
  private readonly missedListeners = new Set<() => void>();
  /** Failed attempts since the last open connection: the exponent of the next wait. */
  private attempt = 0;
  /** A connection was lost (or never made) since the last open one: messages may have been missed. */
  private missedMessages = false;
  /** The page's first connection asked for a replay whose answer has not come (see the class comment). */
  private awaitingReplay = false;
  private firstOpen = true;
  private readonly pageAge: () => number;
  private readonly url: string;
  private readonly backoff: Backoff;
  private readonly random: () => number;
  private readonly logger: Pick<Console, 'error'>;

  constructor({ url, backoff = DEFAULT_BACKOFF, random = Math.random, logger = console, pageAge = () => performance.now() }: Options) {
    this.url = url;
    this.pageAge = pageAge;
    this.backoff = backoff;
    this.random = random;
    this.logger = logger;
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
    this.attempt = 0;
    const socket = this.socket;
    this.socket = null;
    socket?.close();
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

  private sendHello(token: string, replayMs?: number): void {
    const socket = this.socket;
    if (!socket || socket.readyState !== WebSocket.OPEN) return;
    const hello: RealtimeClientMessage = { type: 'hello', anon_token: token };
    if (replayMs !== undefined) hello.replay_ms = Math.min(replayMs, REALTIME_REPLAY_MAX_MS);
    socket.send(JSON.stringify(hello));
  }

  onStatusChange(listener: () => void): () => void {
    this.statusListeners.add(listener);
    return () => {
      this.statusListeners.delete(listener);
    };
  }

  /**
   * Calls `listener` each time messages may have been missed: a connection opens after one was lost
   * or failed, or the gateway could not replay all that the page's first connection asked for.
   * Returns the unsubscribe function.
   */
  onMissedMessages(listener: () => void): () => void {
    this.missedListeners.add(listener);
    return () => {
      this.missedListeners.delete(listener);
    };
  }

  private connect(): void {
    this.reconnectTimer = null;
    loadRealtimeParser().catch(() => (parserLoading = null));
    this.setStatus('connecting');
    let socket: WebSocket;
    try {
      socket = new WebSocket(this.url);
    } catch (error) {
      this.logger.error('Realtime connection failed', error);
      this.missedMessages = true;
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      if (this.socket !== socket) return;
      this.attempt = 0;
      // A first connection that failed is caught up by the reconnect below, not by a replay.
      this.awaitingReplay = this.firstOpen && !this.missedMessages;
      this.firstOpen = false;
      this.sendHello(this.visitorToken ?? '', this.awaitingReplay ? Math.ceil(this.pageAge()) + REPLAY_SLACK_MS : undefined);
      this.setStatus('open');
      if (this.missedMessages) {
        this.missedMessages = false;
        this.notify(this.missedListeners, 'missed-messages');
      }
    };
    socket.onmessage = (event: MessageEvent) => this.dispatch(event.data);
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.missedMessages = true;
      this.setStatus('closed');
      this.scheduleReconnect();
    };
  }

  private scheduleReconnect(): void {
    if (!this.running || this.reconnectTimer) return;
    const delay = reconnectDelay(this.attempt, this.backoff, this.random);
    this.attempt += 1;
    this.reconnectTimer = setTimeout(() => this.connect(), delay);
  }

  private notify(listeners: Set<() => void>, what: string): void {
    for (const listener of listeners) {
      try {
        listener();
      } catch (error) {
        this.logger.error(`Realtime ${what} listener failed`, error);
      }
    }
  }

  /** Frames that came before the parser had loaded, in order. */
  private waiting: unknown[] = [];

  private dispatch(raw: unknown): void {
    if (!parse || this.waiting.length > 0) {
      this.waiting.push(raw);
      if (this.waiting.length === 1) {
        loadRealtimeParser().then(
          () => {
            const frames = this.waiting;
            this.waiting = [];
            for (const frame of frames) this.dispatch(frame);
          },
          (error: unknown) => {
            this.waiting = [];
            parserLoading = null;
            this.logger.error('Realtime message parser could not be loaded', error);
          },
        );
      }
      return;
    }
    let message: RealtimeMessage;
    try {
      message = parse(raw);
    } catch (error) {
      this.logger.error('Realtime message could not be parsed', error);
      return;
    }
    if (message.type === 'hello' && this.awaitingReplay) {
      this.awaitingReplay = false;
      if (message.data.missed) this.notify(this.missedListeners, 'missed-messages');
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
