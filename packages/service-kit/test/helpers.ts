import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { ServiceRoutes } from '../src/context.ts';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorResponse } from '@wfm/contracts/shared';
import type { ServiceDefinition } from '../src/app.ts';
import { badRequest, HttpError } from '../src/errors.ts';
import { keyByVisitor } from '../src/rate-limit.ts';

export const fixtureDir = (name: string) => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));

export const uid = () => randomBytes(5).toString('hex');

export async function waitFor<T>(probe: () => T | undefined | Promise<T | undefined>, timeoutMs = 5_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('waitFor timed out');
    await sleep(20);
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const routes: ServiceRoutes = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/items',
    {
      schema: {
        body: z.object({ name: z.string().min(3, 'Name must be at least 3 characters'), qty: z.number().int() }),
        response: { 201: z.object({ id: z.number(), name: z.string() }), 400: ErrorResponse },
      },
    },
    async (req, reply) => {
      const [row] = await app.sql<{ id: number; name: string }[]>`
        INSERT INTO items (name) VALUES (${req.body.name}) RETURNING id, name`;
      return reply.code(201).send(row!);
    },
  );
  app.get('/boom', async () => {
    throw new Error('secret database detail');
  });
  app.get('/teapot', async () => {
    throw new HttpError(418, 'I am a teapot', 'TEAPOT');
  });
  app.get('/bad', async () => {
    throw badRequest('Nope');
  });
  app.get('/parse', async () => z.object({ n: z.number() }).parse({ n: 'x' }));
  app.get('/slow', async () => {
    await sleep(300);
    return { done: true };
  });
  app.get('/whoami', async (req) => ({ staff: req.staff, ip: req.ip }));
  app.get('/staff-only', { preHandler: app.requireStaff() }, async (req) => ({ id: req.staff!.id }));
  app.delete('/admin-only', { preHandler: app.requireStaff('Admin', 'Super Admin') }, async () => ({ ok: true }));
  app.get(
    '/limited',
    {
      config: {
        rateLimit: {
          max: 2,
          timeWindow: 60_000,
          keyGenerator: (req) => `${req.headers['x-test-key'] ?? ''}:${keyByVisitor(req)}`,
        },
      },
    },
    async () => ({ ok: true }),
  );
};

export const fixtureRoutes: readonly ServiceRoutes[] = [routes];

/** A small service over the fixture migrations, exercising every part of the kit. */
export const fixtureService: ServiceDefinition = {
  name: 'forum',
  schema: 'kit_fixture',
  migrationsDir: fixtureDir('migrations'),
  routes: fixtureRoutes,
  bodyLimit: 1024,
};
