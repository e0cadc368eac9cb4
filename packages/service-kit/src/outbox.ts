import { eventSchemas, type EventPayload, type EventSubject } from '@wfm/contracts/shared';
import type { Db } from './db.ts';
import { activeTraceHeaders } from './telemetry/tracing.ts';

const CHANNEL_PREFIX = 'wfm_outbox_';

/** NOTIFY channel the relay of `schema` listens on. */
export const outboxChannel = (schema: string) => `${CHANNEL_PREFIX}${schema}`;

/**
 * Records an event in the caller's transaction (or on its own with the pool): validated against the
 * contracts' event map, inserted into `<schema>.outbox` (the schema on the search_path), and the
 * relay is woken by a NOTIFY that Postgres delivers only if the transaction commits. Inside a
 * traced request or event handler the row keeps the trace context, which the relay's publish span
 * continues.
 */
export async function writeEvent<S extends EventSubject>(tx: Db, subject: S, data: EventPayload<S>): Promise<void> {
  await tx`WITH inserted AS (${outboxInsert(tx, subject, data)}) SELECT ${outboxNotify(tx)} FROM inserted`;
}

/**
 * writeEvent's insert (validated, with the trace context) as a fragment, `RETURNING id`, for a
 * caller that writes the event inside a statement of its own:
 * `WITH e AS (${outboxInsert(sql, subject, data)}) SELECT ${outboxNotify(sql)} FROM e`. One
 * statement outside a transaction is its own transaction (the AMA booking relies on it).
 */
export function outboxInsert<S extends EventSubject>(db: Db, subject: S, data: EventPayload<S>) {
  const schema = eventSchemas[subject];
  if (!schema) throw new Error(`Unknown event subject "${subject}"`);
  const payload = schema.parse(data);
  const trace = activeTraceHeaders();
  return trace
    ? db`INSERT INTO outbox (subject, payload, trace_context) VALUES (${subject}, ${db.json(payload as never)}, ${db.json(trace as never)}) RETURNING id`
    : db`INSERT INTO outbox (subject, payload) VALUES (${subject}, ${db.json(payload as never)}) RETURNING id`;
}

/** The NOTIFY that wakes the relay of the schema on the search_path, as a select-list fragment. */
export const outboxNotify = (db: Db) => db`pg_notify(${CHANNEL_PREFIX} || current_schema(), '')`;
