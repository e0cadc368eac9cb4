import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { HealthResponse, ReadyResponse } from '@wfm/contracts/shared';
import type { Logger, Sql } from '@wfm/service-kit';
import { pingDatabase } from './worker-repository.ts';

const CHECK_TIMEOUT_MS = 2_000;

/** A readiness check: true when the dependency answers. */
export type ReadinessCheck = () => Promise<boolean>;

async function withinTimeout(check: ReadinessCheck): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), CHECK_TIMEOUT_MS);
  });
  try {
    return await Promise.race([check().catch(() => false), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export const databaseCheck =
  (sql: Sql): ReadinessCheck =>
  async () => {
    await pingDatabase(sql);
    return true;
  };

/** GET /healthz: the process answers. GET /readyz: every check passes, else 503. */
export function createHealthServer(deps: { checks: Record<string, ReadinessCheck>; logger: Logger }): FastifyInstance {
  const app = Fastify({ loggerInstance: deps.logger }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.get('/healthz', { logLevel: 'warn', schema: { response: { 200: HealthResponse } } }, async () => ({
    status: 'ok' as const,
  }));

  app.get(
    '/readyz',
    { logLevel: 'warn', schema: { response: { 200: ReadyResponse, 503: ReadyResponse } } },
    async (_request, reply) => {
      const names = Object.keys(deps.checks);
      const results = await Promise.all(names.map((name) => withinTimeout(deps.checks[name]!)));
      const checks = Object.fromEntries(names.map((name, i) => [name, results[i]!]));
      const ready = results.every(Boolean);
      reply.code(ready ? 200 : 503);
      return { status: ready ? ('ready' as const) : ('not_ready' as const), checks };
    },
  );
  return app as unknown as FastifyInstance;
}
