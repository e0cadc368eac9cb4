import type { FastifyBaseLogger } from 'fastify';
import { EVENT_STREAM_SUBJECTS, StaffActionEvent } from '@wfm/contracts/shared';
import type { BusEvent, Sql } from '@wfm/service-kit';
import type { AdminContext } from '../context.ts';
import { insertAuditEntry } from './audit-repository.ts';

/**
 * Every service reports its staff actions as `<prefix>.staff.action`. One subject per service
 * prefix (a JetStream consumer's filter must lie inside the stream's subjects, which
 * `*.staff.action` does not); the admin service records its own actions directly.
 */
export const STAFF_ACTION_SUBJECTS = EVENT_STREAM_SUBJECTS.map((subjects) => subjects.replace(/\.>$/, ''))
  .filter((prefix) => prefix !== 'admin')
  .map((prefix) => `${prefix}.staff.action`);

/** Replicas of the admin service share these consumers, so each event is recorded once. */
export const AUDIT_DURABLE = 'admin-audit-log';

export function auditHandler(sql: Sql, logger: FastifyBaseLogger) {
  return async (event: BusEvent): Promise<void> => {
    const parsed = StaffActionEvent.safeParse(event.data);
    if (!parsed.success) {
      // Redelivery would not make it valid; drop it, loudly.
      logger.error({ subject: event.subject, issues: parsed.error.issues }, 'malformed staff action event dropped');
      return;
    }
    const service = event.subject.split('.')[0]!;
    await insertAuditEntry(sql, { service, ...parsed.data });
  };
}

/** Subscribes the audit log to every service's staff actions (consumers named after ctx.auditDurable); resolves to the unsubscribe function. */
export async function subscribeAuditLog(
  ctx: Pick<AdminContext, 'bus' | 'sql' | 'log' | 'auditDurable'>,
): Promise<() => Promise<void>> {
  const { bus, auditDurable: durable } = ctx;
  const handler = auditHandler(ctx.sql, ctx.log);
  const unsubscribes = await Promise.all(
    STAFF_ACTION_SUBJECTS.map((subject) => bus.subscribe(subject, handler, { durable: `${durable}-${subject.split('.')[0]}` })),
  );
  return async () => {
    await Promise.all(unsubscribes.map((unsubscribe) => unsubscribe()));
  };
}
