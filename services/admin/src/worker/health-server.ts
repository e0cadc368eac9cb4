import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { HealthResponse, ReadyResponse } from '@wfm/contracts';
import type { Logger, Sql } from '@wfm/service-kit';

const CHECK_TIMEOUT_MS = 2_000;

async function databaseAnswers(sql: Sql): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), CHECK_TIMEOUT_MS);
  });
  try {
    return await Promise.race([sql`SELECT 1`.then(() => true, () => false), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** GET /healthz: the process answers. GET /readyz: the database answers, else 503. */
export function createHealthServer(deps: { sql: Sql; logger: Logger }): FastifyInstance {
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
      const db = await databaseAnswers(deps.sql);
      reply.code(db ? 200 : 503);
      return { status: db ? ('ready' as const) : ('not_ready' as const), checks: { db } };
    },
  );
  return app as unknown as FastifyInstance;
}
