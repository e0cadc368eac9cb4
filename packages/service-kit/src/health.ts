import type { FastifyInstance } from 'fastify';
import type { EventBus } from './bus/types.ts';
import type { Sql } from './db.ts';

/** Below the 1 s default timeout of a Kubernetes probe, so a silent dependency reads "not ready", not "no answer". */
const CHECK_TIMEOUT_MS = 900;

async function check(probe: () => Promise<unknown>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), CHECK_TIMEOUT_MS);
  });
  try {
    return await Promise.race([probe().then((ok) => ok !== false, () => false), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * GET /healthz: the process answers (no dependencies).
 * GET /readyz follows the fault table (docs/operations.md, "When a dependency fails"): 503 only
 * while PostgreSQL does not answer, since every read and write of a service needs it. The bus is
 * reported (`checks.bus`) but never makes the process unready: while NATS is down writes still
 * succeed (their events wait in the outbox) and reads keep working, so taking every replica out of
 * its Service for a NATS blip would turn a pause of realtime pushes into an outage.
 */
export function registerHealth(app: FastifyInstance, deps: { sql: Sql; bus: EventBus }): void {
  app.get('/healthz', { logLevel: 'warn' }, async () => ({ status: 'ok' as const }));

  app.get('/readyz', { logLevel: 'warn' }, async (_request, reply) => {
    const [db, bus] = await Promise.all([check(() => deps.sql`SELECT 1`), check(() => deps.bus.isReady())]);
    reply.code(db ? 200 : 503);
    return { status: db ? ('ready' as const) : ('not_ready' as const), checks: { db, bus } };
  });
}
