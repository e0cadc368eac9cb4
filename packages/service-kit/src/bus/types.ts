export interface BusEvent {
  subject: string;
  data: unknown;
}

export type EventHandler = (evt: BusEvent) => void | Promise<void>;

export interface SubscribeOptions {
  /**
   * Absent: this subscriber gets every message published after subscribe() resolved (fan-out:
   * every replica sees everything). Present: subscribers sharing the name split the messages; each
   * message is acknowledged after its handler resolves and redelivered (with backoff) when it throws.
   * A durable name is bound to one pattern.
   */
  durable?: string;
}

export interface EventBus {
  readonly kind: 'nats' | 'memory';
  /** Resolves once the bus has accepted the message; a repeated msgId (within minutes) is dropped. */
  publish(subject: string, data: unknown, opts: { msgId: string }): Promise<void>;
  /** NATS wildcards: `*` one token, `>` one or more trailing tokens. Resolves to an unsubscribe function. */
  subscribe(pattern: string, handler: EventHandler, opts?: SubscribeOptions): Promise<() => Promise<void>>;
  isReady(): Promise<boolean>;
  /** Stops every subscription (waiting for running handlers) and disconnects. */
  close(): Promise<void>;
}

/** Deliveries of one message to a durable subscription before it is given up (and logged). */
export const MAX_DELIVER = 20;

/** Wait before redelivering a message whose handler failed `deliveryCount` times. */
export function redeliveryDelayMs(deliveryCount: number): number {
  return Math.min(250 * 2 ** Math.max(0, deliveryCount - 1), 30_000);
}

/** Publisher-side dedup window; NATS JetStream's stream duplicate window has the same length. */
export const DEDUP_WINDOW_MS = 10 * 60_000;
