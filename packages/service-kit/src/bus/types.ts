import { eventSchemas, type EventPayload, type EventSubject } from '@wfm/contracts/shared';
import type { Logger } from 'pino';
import type { z } from 'zod';
import { tracedConsume, type TraceHeaders } from '../telemetry/tracing.ts';

/** A message as the transport carries it (JSON data, not yet checked). */
export interface RawBusEvent {
  subject: string;
  data: unknown;
  /** The W3C trace context the message carries (NATS headers `traceparent`/`tracestate`), when traced. */
  trace?: TraceHeaders | undefined;
}

/** An event of the contracts' event map: `data` parsed with the subject's schema. */
export type TypedBusEvent<S extends EventSubject = EventSubject> = { [K in S]: { subject: K; data: EventPayload<K> } }[S];

/** Does the NATS pattern P (`*` one token, final `>` one or more) match subject S? `true` for some member of a union P. */
type PatternMatches<P extends string, S extends string> = P extends '>'
  ? true
  : P extends `${infer PHead}.${infer PTail}`
    ? S extends `${infer SHead}.${infer STail}`
      ? PHead extends '*' | SHead
        ? PatternMatches<PTail, STail>
        : false
      : false
    : S extends `${string}.${string}`
      ? false
      : P extends '*' | S
        ? true
        : false;

/** The contracts' subjects a pattern can match (never for a pattern only known as `string`). */
export type SubjectsMatching<P extends string> = string extends P
  ? never
  : { [S in EventSubject]: true extends PatternMatches<P, S> ? S : never }[EventSubject];

/**
 * What a subscriber of pattern P receives: for subjects of the contracts' event map, `data` parsed
 * and typed with the subject's schema; for a pattern matching no contract subject (or one only known
 * as `string`), the JSON data as `unknown`.
 */
export type BusEvent<P extends string = string> = [SubjectsMatching<P>] extends [never] ? RawBusEvent : TypedBusEvent<SubjectsMatching<P>>;

export type EventHandler<P extends string = string> = (evt: BusEvent<P>) => void | Promise<void>;

const schemas = eventSchemas as Record<string, z.ZodType | undefined>;

/**
 * Wraps a handler so that it sees contract subjects parsed: data that does not match its subject's
 * schema is logged and dropped (acknowledged: redelivering it would never succeed); subjects outside
 * the contracts pass as they are. With tracing on, the handler runs under a consumer span that
 * continues the message's trace (telemetry/tracing.ts, tracedConsume).
 */
// Subscribers' handlers are typed from their pattern (BusEvent<P>); this is where that type becomes true.
export function parsingHandler(
  handler: EventHandler<string>,
  logger: Logger | undefined,
  durable?: string,
): (evt: RawBusEvent) => Promise<void> {
  const handle = async (evt: RawBusEvent) => {
    const schema = schemas[evt.subject];
    if (!schema) return handler({ subject: evt.subject, data: evt.data });
    const parsed = schema.safeParse(evt.data);
    if (!parsed.success) {
      logger?.error({ subject: evt.subject, issues: parsed.error.issues.slice(0, 5) }, 'dropping an event that does not match its contract');
      return;
    }
    return handler({ subject: evt.subject, data: parsed.data });
  };
  return (evt) => tracedConsume(evt.subject, evt.trace, durable, () => handle(evt));
}

export interface SubscribeOptions {
  /**
   * Absent: this subscriber gets every message published after subscribe() resolved (fan-out:
   * every replica sees everything). Present: subscribers sharing the name split the messages; each
   * message is acknowledged after its handler resolves and redelivered (with backoff) when it throws.
   * A durable name is bound to one pattern.
   */
  durable?: string;
}

/** How far one durable subscription is behind (metrics: event_consumer_*). */
export interface ConsumerLag {
  /** The durable name. */
  consumer: string;
  /** Messages of its subjects not yet delivered to it. */
  pending: number;
  /** Messages delivered and not yet acknowledged (being handled, or waiting for redelivery). */
  ackPending: number;
}

export interface PublishOptions {
  msgId: string;
  /**
   * The trace context to carry in the message's headers (the relay's publish span). Absent: the
   * active context's, when a traced handler publishes; nothing with tracing off.
   */
  trace?: TraceHeaders | undefined;
}

export interface EventBus {
  readonly kind: 'nats' | 'memory';
  /** Resolves once the bus has accepted the message; a repeated msgId (within minutes) is dropped. */
  publish(subject: string, data: unknown, opts: PublishOptions): Promise<void>;
  /**
   * NATS wildcards: `*` one token, `>` one or more trailing tokens. Resolves to an unsubscribe function.
   * The handler gets contract subjects parsed with their schema (typed from the pattern, see BusEvent);
   * a message that does not match its schema is logged and dropped.
   */
  subscribe<P extends string>(pattern: P, handler: EventHandler<P>, opts?: SubscribeOptions): Promise<() => Promise<void>>;
  isReady(): Promise<boolean>;
  /** The lag of every durable subscription made through this bus (asked of JetStream for the NATS bus). */
  consumerLag(): Promise<ConsumerLag[]>;
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
