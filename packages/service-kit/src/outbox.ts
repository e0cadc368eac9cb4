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
  const schema = eventSchemas[subject];
  if (!schema) throw new Error(`Unknown event subject "${subject}"`);
  const payload = schema.parse(data);
  const trace = activeTraceHeaders();
  if (trace) {
    await tx`
      WITH inserted AS (
        INSERT INTO outbox (subject, payload, trace_context)
        VALUES (${subject}, ${tx.json(payload as never)}, ${tx.json(trace as never)}) RETURNING id
      )
      SELECT pg_notify(${CHANNEL_PREFIX} || current_schema(), '') FROM inserted`;
    return;
  }
  await tx`
    WITH inserted AS (
      INSERT INTO outbox (subject, payload) VALUES (${subject}, ${tx.json(payload as never)}) RETURNING id
    )
    SELECT pg_notify(${CHANNEL_PREFIX} || current_schema(), '') FROM inserted`;
}
