import type { FastifyInstance } from 'fastify';
import { eventSchemas } from '@wfm/contracts/shared';
import type { Db } from './db.ts';
import type { Visitor } from './visitor.ts';

export const VISITOR_REVOKED_SUBJECT = 'identity.visitor.revoked';

/** True when identity revoked the visitor's token (a primary-key lookup in the service's own schema). */
export async function isVisitorRevoked(db: Db, visitor: Visitor): Promise<boolean> {
  const rows = await db`SELECT 1 FROM kit_revoked_visitors WHERE revocation = ${visitor.revocation}`;
  return rows.length > 0;
}

/** Records a revocation; repeated deliveries are harmless. */
export async function recordVisitorRevocation(db: Db, revocation: string): Promise<void> {
  await db`INSERT INTO kit_revoked_visitors (revocation) VALUES (${revocation}) ON CONFLICT DO NOTHING`;
}

/**
 * Every service keeps its own copy of the revoked tokens, fed by one durable subscription per
 * service (replicas share the work; a failed insert is redelivered). Resolves to the unsubscribe.
 */
export function subscribeVisitorRevocations(app: FastifyInstance, service: string): Promise<() => Promise<void>> {
  const schema = eventSchemas[VISITOR_REVOKED_SUBJECT];
  return app.bus.subscribe(
    VISITOR_REVOKED_SUBJECT,
    async (evt) => {
      const parsed = schema.safeParse(evt.data);
      if (!parsed.success) {
        app.log.warn({ subject: evt.subject }, 'ignoring a malformed visitor revocation');
        return;
      }
      await recordVisitorRevocation(app.sql, parsed.data.revocation);
    },
    { durable: `${service}-visitor-revocations` },
  );
}
