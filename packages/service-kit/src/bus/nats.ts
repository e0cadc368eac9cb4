import { connect, headers, nanos, type MsgHdrs, type NatsConnection } from '@nats-io/transport-node';
import {
  AckPolicy,
  DeliverPolicy,
  DiscardPolicy,
  jetstream,
  jetstreamManager,
  RetentionPolicy,
  StorageType,
  JetStreamApiCodes,
  JetStreamApiError,
  type ConsumerMessages,
  type JsMsg,
  type JetStreamManager,
  type StreamConfig,
} from '@nats-io/jetstream';
import type { Logger } from 'pino';
import { EVENT_STREAM, EVENT_STREAM_SUBJECTS } from '@wfm/contracts/shared';
import { activeTraceHeaders, type TraceHeaders } from '../telemetry/tracing.ts';
import { assertPattern, assertSubject } from './subjects.ts';
import {
  DEDUP_WINDOW_MS,
  MAX_DELIVER,
  parsingHandler,
  redeliveryDelayMs,
  type ConsumerLag,
  type EventBus,
  type EventHandler,
  type SubscribeOptions,
} from './types.ts';

/** The trace context as NATS message headers (none when there is nothing to carry). */
function traceMessageHeaders(trace: TraceHeaders | undefined): MsgHdrs | undefined {
  if (!trace?.traceparent) return undefined;
  const h = headers();
  h.set('traceparent', trace.traceparent);
  if (trace.tracestate) h.set('tracestate', trace.tracestate);
  return h;
}

/** The trace context a delivered message carries, if any. */
function traceOf(m: JsMsg): TraceHeaders | undefined {
  const traceparent = m.headers?.get('traceparent');
  if (!traceparent) return undefined;
  const tracestate = m.headers?.get('tracestate');
  return tracestate ? { traceparent, tracestate } : { traceparent };
}

const STREAM_MAX_AGE_MS = 7 * 24 * 60 * 60_000;
const ACK_WAIT_MS = 30_000;
/**
 * A publish waits at most this long for JetStream's acknowledgement. The relay retries a failed
 * publish from the outbox, so a short bound costs nothing and keeps a silent NATS from holding up
 * the relay (or a caller) for long.
 */
const PUBLISH_TIMEOUT_MS = 1_000;
const READY_TIMEOUT_MS = 1_000;
/** First connection attempt (a process that cannot reach NATS at boot exits and is restarted). */
const CONNECT_TIMEOUT_MS = 5_000;
/**
 * Reconnect attempts after a lost connection come every 500 ms (forever), so the bus is back within
 * about a second of NATS's return; pings every 5 s, two unanswered, find a NATS that stopped
 * answering without closing the connection.
 */
const RECONNECT_WAIT_MS = 500;
const PING_INTERVAL_MS = 5_000;

export interface NatsBusOptions {
  natsUrl: string;
  logger: Logger;
  /** Connection name shown by the NATS server. */
  name?: string;
}

/**
 * The stream carrying every service's events exists with at least our subjects and dedup window.
 * Safe when several processes start at once.
 */
export async function ensureEventStream(jsm: JetStreamManager): Promise<void> {
  const desired: Partial<StreamConfig> & { name: string } = {
    name: EVENT_STREAM,
    subjects: [...EVENT_STREAM_SUBJECTS],
    retention: RetentionPolicy.Limits,
    storage: StorageType.File,
    discard: DiscardPolicy.Old,
    max_age: nanos(STREAM_MAX_AGE_MS),
    duplicate_window: nanos(DEDUP_WINDOW_MS),
  };
  let info;
  try {
    info = await jsm.streams.info(EVENT_STREAM);
  } catch (err) {
    if (!(err instanceof JetStreamApiError && err.code === JetStreamApiCodes.StreamNotFound)) throw err;
    try {
      await jsm.streams.add(desired);
      return;
    } catch (addErr) {
      // Another process created it in the meantime; otherwise this rethrows the real problem.
      info = await jsm.streams.info(EVENT_STREAM).catch(() => Promise.reject(addErr));
    }
  }
  const subjects = [...new Set([...info.config.subjects, ...EVENT_STREAM_SUBJECTS])];
  const window = Math.max(info.config.duplicate_window, nanos(DEDUP_WINDOW_MS));
  if (subjects.length !== info.config.subjects.length || window !== info.config.duplicate_window) {
    await jsm.streams.update(EVENT_STREAM, { ...info.config, subjects, duplicate_window: window });
  }
}

/** JetStream event bus: stream WFM_EVENTS, msgId dedup, ordered consumers for fan-out, durable pull consumers. */
export async function createNatsBus(opts: NatsBusOptions): Promise<EventBus> {
  const { logger } = opts;
  const nc: NatsConnection = await connect({
    servers: opts.natsUrl.split(',').map((s) => s.trim()),
    name: opts.name,
    timeout: CONNECT_TIMEOUT_MS,
    maxReconnectAttempts: -1,
    reconnectTimeWait: RECONNECT_WAIT_MS,
    reconnectJitter: 100,
    pingInterval: PING_INTERVAL_MS,
    maxPingOut: 2,
  });
  void (async () => {
    for await (const status of nc.status()) {
      if (status.type === 'disconnect' || status.type === 'reconnect') logger.warn({ nats: status.type }, 'NATS connection');
    }
  })();

  const jsm = await jetstreamManager(nc);
  await ensureEventStream(jsm);
  const js = jetstream(nc);
  const running = new Set<{ messages: ConsumerMessages; loop: Promise<void> }>();
  /** Durable names subscribed through this connection (consumerLag). */
  const durables = new Set<string>();
  let closed = false;

  const startLoop = (messages: ConsumerMessages, handle: (m: JsMsg) => Promise<void>) => {
    const entry = { messages, loop: Promise.resolve() };
    entry.loop = (async () => {
      for await (const m of messages) await handle(m);
    })().catch((err) => logger.error({ err }, 'event consumer stopped'));
    running.add(entry);
    return async () => {
      running.delete(entry);
      messages.stop();
      await entry.loop;
    };
  };

  return {
    kind: 'nats',

    async publish(subject, data, { msgId, trace }) {
      if (closed) throw new Error('Event bus is closed');
      assertSubject(subject);
      const h = traceMessageHeaders(trace ?? activeTraceHeaders());
      await js.publish(subject, JSON.stringify(data ?? null), { msgID: msgId, timeout: PUBLISH_TIMEOUT_MS, ...(h ? { headers: h } : {}) });
    },

    async subscribe(pattern, handler, subOpts: SubscribeOptions = {}) {
      if (closed) throw new Error('Event bus is closed');
      assertPattern(pattern);
      const parsed = parsingHandler(handler as unknown as EventHandler<string>, logger, subOpts.durable);

      if (subOpts.durable === undefined) {
        // Start right after the stream's current end: everything published once subscribe() resolved
        // is seen, nothing older, and a consumer reset never replays the stream from its start.
        const { state } = await jsm.streams.info(EVENT_STREAM);
        const consumer = await js.consumers.get(EVENT_STREAM, {
          filter_subjects: pattern,
          deliver_policy: DeliverPolicy.StartSequence,
          opt_start_seq: state.last_seq + 1,
        });
        const messages = await consumer.consume({ max_messages: 256 });
        return startLoop(messages, async (m) => {
          try {
            await parsed({ subject: m.subject, data: m.json(), trace: traceOf(m) });
          } catch (err) {
            logger.error({ err, subject: m.subject }, 'event handler failed');
          }
        });
      }

      const durable = subOpts.durable;
      const config = {
        durable_name: durable,
        filter_subject: pattern,
        ack_policy: AckPolicy.Explicit,
        deliver_policy: DeliverPolicy.New,
        ack_wait: nanos(ACK_WAIT_MS),
        max_deliver: MAX_DELIVER,
      };
      try {
        const existing = await jsm.consumers.info(EVENT_STREAM, durable);
        if (existing.config.filter_subject !== pattern) {
          await jsm.consumers.update(EVENT_STREAM, durable, { filter_subject: pattern });
        }
      } catch {
        await jsm.consumers.add(EVENT_STREAM, config).catch(async (err) => {
          // A replica starting at the same time may have created it first.
          await jsm.consumers.info(EVENT_STREAM, durable).catch(() => Promise.reject(err));
        });
      }
      const consumer = await js.consumers.get(EVENT_STREAM, durable);
      const messages = await consumer.consume({ max_messages: 16 });
      durables.add(durable);
      return startLoop(messages, async (m) => {
        try {
          await parsed({ subject: m.subject, data: m.json(), trace: traceOf(m) });
          m.ack();
        } catch (err) {
          const deliveryCount = m.info.deliveryCount;
          if (deliveryCount >= MAX_DELIVER) {
            logger.error({ err, subject: m.subject, durable }, 'event handler failed; giving up');
            m.term();
          } else {
            logger.warn({ err, subject: m.subject, durable, deliveryCount }, 'event handler failed; will redeliver');
            m.nak(redeliveryDelayMs(deliveryCount));
          }
        }
      });
    },

    async isReady() {
      if (closed || nc.isClosed()) return false;
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(false), READY_TIMEOUT_MS);
      });
      try {
        return await Promise.race([nc.rtt().then(() => true, () => false), timeout]);
      } finally {
        clearTimeout(timer);
      }
    },

    async consumerLag() {
      if (closed) return [];
      const lags = await Promise.all(
        [...durables].map(async (consumer): Promise<ConsumerLag | undefined> => {
          const info = await jsm.consumers.info(EVENT_STREAM, consumer).catch(() => undefined);
          return info && { consumer, pending: info.num_pending, ackPending: info.num_ack_pending };
        }),
      );
      return lags.filter((lag): lag is ConsumerLag => lag !== undefined);
    },

    async close() {
      if (closed) return;
      closed = true;
      const entries = [...running];
      running.clear();
      for (const { messages } of entries) messages.stop();
      await Promise.all(entries.map((e) => e.loop));
      await nc.drain().catch(() => nc.close());
    },
  };
}
