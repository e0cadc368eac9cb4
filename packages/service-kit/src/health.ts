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

/** GET /healthz: the process answers (no dependencies). GET /readyz: database and bus usable, else 503. */
export function registerHealth(app: FastifyInstance, deps: { sql: Sql; bus: EventBus }): void {
  app.get('/healthz', { logLevel: 'warn' }, async () => ({ status: 'ok' as const }));

  app.get('/readyz', { logLevel: 'warn' }, async (_request, reply) => {
    const [db, bus] = await Promise.all([check(() => deps.sql`SELECT 1`), check(() => deps.bus.isReady())]);
    const ready = db && bus;
    reply.code(ready ? 200 : 503);
    return { status: ready ? ('ready' as const) : ('not_ready' as const), checks: { db, bus } };
  });
}
