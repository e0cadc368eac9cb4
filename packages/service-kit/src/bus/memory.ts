import type { Logger } from 'pino';
import { activeTraceHeaders } from '../telemetry/tracing.ts';
import { assertPattern, assertSubject, subjectMatches } from './subjects.ts';
import {
  DEDUP_WINDOW_MS,
  MAX_DELIVER,
  redeliveryDelayMs,
  parsingHandler,
  type ConsumerLag,
  type EventBus,
  type EventHandler,
  type RawBusEvent,
  type SubscribeOptions,
} from './types.ts';

interface Subscription {
  pattern: string;
  handler: (evt: RawBusEvent) => Promise<void>;
  durable: string | undefined;
  /** Handlers of one subscription run one at a time, in publish order. */
  tail: Promise<void>;
  /** Deliveries queued behind the running one (consumerLag). */
  queued: number;
  /** A delivery being handled, or waiting for its redelivery. */
  unacked: number;
}

export interface MemoryBusOptions {
  logger?: Logger;
}

/**
 * The in-process bus used when NATS_URL is unset: the same contract as the NATS bus (wildcards,
 * msgId dedup, fan-out vs durable groups with redelivery), within one process and without persistence.
 */
export function createMemoryBus(opts: MemoryBusOptions = {}): EventBus {
  const subscriptions = new Set<Subscription>();
  const seen = new Map<string, number>();
  const timers = new Set<NodeJS.Timeout>();
  const roundRobin = new Map<string, number>();
  let closed = false;

  const forget = (now: number) => {
    for (const [msgId, at] of seen) {
      if (now - at < DEDUP_WINDOW_MS) break;
      seen.delete(msgId);
    }
  };

  const enqueue = (sub: Subscription, evt: RawBusEvent, deliveryCount: number) => {
    sub.queued += 1;
    sub.tail = sub.tail.then(async () => {
      sub.queued -= 1;
      sub.unacked += 1;
      let redelivering = false;
      try {
        await sub.handler(evt);
      } catch (err) {
        if (sub.durable === undefined) {
          opts.logger?.error({ err, subject: evt.subject }, 'event handler failed');
          return;
        }
        if (deliveryCount >= MAX_DELIVER) {
          opts.logger?.error({ err, subject: evt.subject, durable: sub.durable }, 'event handler failed; giving up');
          return;
        }
        opts.logger?.warn({ err, subject: evt.subject, durable: sub.durable }, 'event handler failed; will redeliver');
        redelivering = true;
        const timer = setTimeout(() => {
          timers.delete(timer);
          sub.unacked -= 1;
          const target = pickMember(sub.durable!, evt.subject) ?? (subscriptions.has(sub) ? sub : undefined);
          if (target && !closed) enqueue(target, evt, deliveryCount + 1);
        }, redeliveryDelayMs(deliveryCount));
        timers.add(timer);
      } finally {
        if (!redelivering) sub.unacked -= 1;
      }
    });
  };

  const pickMember = (durable: string, subject: string): Subscription | undefined => {
    const members = [...subscriptions].filter((s) => s.durable === durable && subjectMatches(s.pattern, subject));
    if (members.length === 0) return undefined;
    const next = (roundRobin.get(durable) ?? 0) % members.length;
    roundRobin.set(durable, next + 1);
    return members[next];
  };

  return {
    kind: 'memory',

    async publish(subject, data, { msgId, trace }) {
      if (closed) throw new Error('Event bus is closed');
      assertSubject(subject);
      const now = Date.now();
      forget(now);
      if (seen.has(msgId)) return;
      seen.set(msgId, now);

      // Handlers get their own copy, serialized as it would be over the wire (trace context included).
      const headers = trace ?? activeTraceHeaders();
      const evt = (): RawBusEvent => ({ subject, data: JSON.parse(JSON.stringify(data ?? null)), ...(headers ? { trace: headers } : {}) });
      const durables = new Set<string>();
      for (const sub of subscriptions) {
        if (!subjectMatches(sub.pattern, subject)) continue;
        if (sub.durable === undefined) enqueue(sub, evt(), 1);
        else durables.add(sub.durable);
      }
      for (const durable of durables) {
        const member = pickMember(durable, subject);
        if (member) enqueue(member, evt(), 1);
      }
    },

    async subscribe(pattern, handler, subOpts: SubscribeOptions = {}) {
      if (closed) throw new Error('Event bus is closed');
      assertPattern(pattern);
      const sub: Subscription = {
        pattern,
        handler: parsingHandler(handler as unknown as EventHandler<string>, opts.logger, subOpts.durable),
        durable: subOpts.durable,
        tail: Promise.resolve(),
        queued: 0,
        unacked: 0,
      };
      subscriptions.add(sub);
      return async () => {
        subscriptions.delete(sub);
        await sub.tail;
      };
    },

    async isReady() {
      return !closed;
    },

    async consumerLag() {
      const lags = new Map<string, ConsumerLag>();
      for (const sub of subscriptions) {
        if (sub.durable === undefined) continue;
        const lag = lags.get(sub.durable) ?? { consumer: sub.durable, pending: 0, ackPending: 0 };
        lag.pending += sub.queued;
        lag.ackPending += sub.unacked;
        lags.set(sub.durable, lag);
      }
      return [...lags.values()];
    },

    async close() {
      closed = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      const tails = [...subscriptions].map((s) => s.tail);
      subscriptions.clear();
      await Promise.all(tails);
    },
  };
}
