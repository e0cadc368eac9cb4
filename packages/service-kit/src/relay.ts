import type { Logger } from 'pino';
import type { EventBus } from './bus/types.ts';
import type { Sql } from './db.ts';
import { outboxChannel } from './outbox.ts';
import { tracedPublish, type TraceHeaders } from './telemetry/tracing.ts';

export interface OutboxRelayOptions {
  sql: Sql;
  schema: string;
  bus: EventBus;
  logger: Logger;
  batchSize?: number;
  /** Safety net for a missed NOTIFY (e.g. while the LISTEN connection reconnects). */
  pollIntervalMs?: number;
  /** First retry delay after a failed publish; doubles up to maxBackoffMs (default 2 s). */
  initialBackoffMs?: number;
  maxBackoffMs?: number;
  /** Runs before each batch is published, with its subjects; a throw holds the batch back for a retry. */
  beforePublish?: (subjects: readonly string[]) => Promise<void>;
}

export interface OutboxRelay {
  stop(): Promise<void>;
}

interface OutboxRow {
  id: number;
  subject: string;
  payload: unknown;
  trace_context: TraceHeaders | null;
}

/**
 * Publishes `<schema>.outbox` rows to the bus, oldest first, with msgId `<schema>:<id>` so a row
 * published twice (crash between publish and delete) is delivered once. Woken by NOTIFY, polling as
 * a fallback. Rows are claimed FOR UPDATE SKIP LOCKED, so replicas share the work; a row is deleted
 * only after the bus accepted it, and a failed publish leaves it (and the rows after it) for a retry
 * with exponential backoff.
 */
export function startOutboxRelay(opts: OutboxRelayOptions): OutboxRelay {
  const { sql, schema, bus } = opts;
  const batchSize = opts.batchSize ?? 100;
  const initialBackoffMs = opts.initialBackoffMs ?? 250;
  // Short: after a NATS outage the waiting events go out within about 2 s of its return.
  const maxBackoffMs = opts.maxBackoffMs ?? 2_000;
  const logger = opts.logger.child({ component: 'outbox-relay', schema });

  let stopped = false;
  let running: Promise<void> | null = null;
  let again = false;
  let failures = 0;
  let retryTimer: NodeJS.Timeout | undefined;
  let unlisten: (() => Promise<void>) | undefined;

  const publishBatch = () =>
    sql.begin(async (tx) => {
      const rows = await tx<OutboxRow[]>`
        SELECT id, subject, payload, trace_context FROM outbox ORDER BY id LIMIT ${batchSize} FOR UPDATE SKIP LOCKED`;
      const published: number[] = [];
      let error: unknown;
      if (rows.length > 0 && opts.beforePublish) {
        try {
          await opts.beforePublish(rows.map((row) => row.subject));
        } catch (err) {
          return { claimed: rows.length, published: 0, error: err };
        }
      }
      for (const row of rows) {
        try {
          // Traced: a publish span continuing the writer's trace, carried in the message's headers.
          await tracedPublish(row.subject, row.trace_context, (trace) =>
            bus.publish(row.subject, row.payload, { msgId: `${schema}:${row.id}`, trace }),
          );
          published.push(row.id);
        } catch (err) {
          error = err;
          break;
        }
      }
      if (published.length > 0) await tx`DELETE FROM outbox WHERE id IN ${tx(published)}`;
      return { claimed: rows.length, published: published.length, error };
    });

  const drain = async () => {
    while (!stopped) {
      let result;
      try {
        result = await publishBatch();
      } catch (err) {
        result = { claimed: 0, published: 0, error: err };
      }
      if (result.error !== undefined) {
        failures++;
        const delay = Math.min(initialBackoffMs * 2 ** (failures - 1), maxBackoffMs);
        logger.warn({ err: result.error, failures, retryInMs: delay }, 'outbox publish failed; will retry');
        retryTimer = setTimeout(() => {
          retryTimer = undefined;
          kick();
        }, delay);
        return;
      }
      if (failures > 0) logger.info('outbox publishing recovered');
      failures = 0;
      if (result.claimed < batchSize) return;
    }
  };

  function kick(): void {
    if (stopped || retryTimer) return;
    if (running) {
      again = true;
      return;
    }
    running = drain().finally(() => {
      running = null;
      if (again) {
        again = false;
        kick();
      }
    });
  }

  const poll = setInterval(kick, opts.pollIntervalMs ?? 1_000);
  sql
    .listen(outboxChannel(schema), kick, kick)
    .then((listening) => {
      if (stopped) return listening.unlisten();
      unlisten = listening.unlisten;
    })
    .catch((err) => logger.error({ err }, 'outbox LISTEN failed; relying on polling'));
  kick();

  return {
    async stop() {
      stopped = true;
      clearInterval(poll);
      clearTimeout(retryTimer);
      await running;
      await unlisten?.().catch(() => undefined);
    },
  };
}
