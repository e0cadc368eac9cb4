import { createHmac } from 'node:crypto';
import { visitorNotifySubject, SERVICES, type ServiceSchema, type VisitorMessage } from '@wfm/contracts/shared';
import type { Db } from './db.ts';
import { writeEvent } from './outbox.ts';
import type { Visitor } from './visitor.ts';

const ADDRESS_LABEL = 'wfm-realtime-address:v1';

/**
 * The visitor's realtime address in this service's terms: HMAC-SHA256(key = the service's keyed
 * visitor hash, label), base64url. Takes `request.visitor` while the request is there, or the stored
 * hash later (a booking keeps its visitor hash; its status change can still reach the owner). The
 * gateway computes the same value from the token a socket said hello with.
 */
export function visitorRealtimeAddress(visitor: Visitor | Buffer): string {
  const hash = Buffer.isBuffer(visitor) ? visitor : visitor.hash;
  return createHmac('sha256', hash).update(ADDRESS_LABEL).digest('base64url');
}

function isServiceSchema(schema: string): schema is ServiceSchema {
  return SERVICES.some((s) => s.schema === schema);
}

/**
 * Records `<schema>.visitor.notify` in the caller's transaction (through the outbox, like every
 * event): the gateway pushes `message` only to the sockets that said hello with that visitor's token.
 * `schema` is the service's (app.config.schema), `to` its visitor (or stored hash, or address).
 *
 *   await notifyVisitor(tx, app.config.schema, booking.visitor_hash, { type: 'booking_status', data });
 */
export async function notifyVisitor(
  tx: Db,
  schema: string,
  to: Visitor | Buffer | string,
  message: VisitorMessage,
): Promise<void> {
  if (!isServiceSchema(schema)) throw new Error(`"${schema}" is not a service schema`);
  const address = typeof to === 'string' ? to : visitorRealtimeAddress(to);
  await writeEvent(tx, visitorNotifySubject(schema), { to: address, message });
}
