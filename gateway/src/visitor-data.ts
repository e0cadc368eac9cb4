import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  ErrorResponse,
  MY_DATA_ERASE_PATH,
  MY_DATA_MESSAGES,
  MY_DATA_PATH,
  ServiceVisitorData,
  ServiceVisitorErase,
  VISITOR_DATA_ERASE_PATH,
  VISITOR_DATA_PATH,
  VISITOR_DATA_SERVICES,
  type MyDataEraseResponse,
  type MyDataExport,
  type ServiceName,
} from '@wfm/contracts/shared';
import { clientAddressKey, forwardTraceHeaders, RATE_LIMIT_MESSAGE, VISITOR_REQUIRED_MESSAGE } from '@wfm/service-kit';
import type { z } from 'zod';
import type { Upstreams } from './upstreams.ts';

/** Every service answers within this, or the whole call is a 503 (never a partial export). */
export const VISITOR_DATA_DEADLINE_MS = 15_000;

export interface VisitorDataOptions {
  upstreams: Upstreams;
  /** Calls per minute to /api/me/data and /api/me/data/erase together, per client address and per visitor token. */
  perAddress: number;
  perVisitor: number;
  windowMs: number;
  deadlineMs?: number;
}

/** One service's refusal that the visitor should see as is (401 no visitor, 403 suspended or blocked). */
class Refused extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * "Your data" (issue 26 item 6) at the gateway: GET /api/me/data and POST /api/me/data/erase ask
 * every service holding visitor data (VISITOR_DATA_SERVICES) at once on its internal route,
 * relaying the visitor's own token, and answer only when every one has answered: a service down,
 * slow past the deadline or answering out of contract makes the whole call a 503 with a message,
 * never a partial export presented as complete. The gateway holds the fan-out because it alone
 * already knows every service's address and counts calls per address (docs/decisions.md).
 */
export function registerVisitorData(app: FastifyInstance, opts: VisitorDataOptions): void {
  const deadlineMs = opts.deadlineMs ?? VISITOR_DATA_DEADLINE_MS;
  const limits = [
    app.createRateLimit({ max: opts.perAddress, timeWindow: opts.windowMs, keyGenerator: (r) => `my-data:ip:${clientAddressKey(r.ip)}` }),
    app.createRateLimit({
      max: opts.perVisitor,
      timeWindow: opts.windowMs,
      // The token's digest: a made-up token only spends its own budget (and the address's).
      keyGenerator: (r) => `my-data:visitor:${createHash('sha256').update(String(r.headers['x-anon-token'])).digest('base64url')}`,
    }),
  ];

  const guard = async (request: FastifyRequest, reply: FastifyReply) => {
    if (typeof request.headers['x-anon-token'] !== 'string') return reply.code(401).send({ message: VISITOR_REQUIRED_MESSAGE });
    for (const limit of limits) {
      const rate = await limit(request);
      if (!rate.isAllowed && rate.isExceeded) return reply.code(429).header('retry-after', rate.ttlInSeconds).send({ message: RATE_LIMIT_MESSAGE });
    }
  };

  async function ask<S extends z.ZodType>(request: FastifyRequest, service: ServiceName, method: 'GET' | 'POST', path: string, schema: S, signal: AbortSignal): Promise<z.infer<S>> {
    const upstream = opts.upstreams.get(service);
    if (!upstream) throw new Error(`no upstream for ${service}`);
    const headers: Record<string, string> = {
      'x-anon-token': String(request.headers['x-anon-token']),
      'x-request-id': request.id,
      'x-forwarded-for': request.ip,
      accept: 'application/json',
    };
    forwardTraceHeaders(request, headers);
    const res = await upstream.request({ method, path, headers, signal, headersTimeout: deadlineMs, bodyTimeout: deadlineMs });
    const body = (await res.body.json().catch(() => null)) as unknown;
    if (res.statusCode === 401 || res.statusCode === 403) {
      const parsed = ErrorResponse.safeParse(body);
      if (parsed.success) throw new Refused(res.statusCode, parsed.data.message);
    }
    const parsed = schema.safeParse(body);
    if (res.statusCode !== 200 || !parsed.success) throw new Error(`${service} answered ${res.statusCode}`);
    return parsed.data;
  }

  /** Every service's answer, or the refusal / 503 the whole call gets. */
  async function fanOut<T>(request: FastifyRequest, reply: FastifyReply, call: (service: ServiceName, signal: AbortSignal) => Promise<T>) {
    const signal = AbortSignal.timeout(deadlineMs);
    const results = await Promise.allSettled(VISITOR_DATA_SERVICES.map((service) => call(service, signal)));
    const refused = results.find((r): r is PromiseRejectedResult => r.status === 'rejected' && r.reason instanceof Refused);
    if (refused) {
      const reason = refused.reason as Refused;
      return { error: reply.code(reason.statusCode).send({ message: reason.message }) };
    }
    const failed = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failed.length > 0) {
      request.log.warn({ errors: failed.map((f) => String(f.reason)) }, 'your data: a service did not answer');
      return { failed: true as const };
    }
    return { values: results.map((r) => (r as PromiseFulfilledResult<T>).value) };
  }

  app.get(MY_DATA_PATH, { preHandler: guard }, async (request, reply) => {
    const out = await fanOut(request, reply, (service, signal) => ask(request, service, 'GET', VISITOR_DATA_PATH, ServiceVisitorData, signal));
    if ('error' in out) return out.error;
    if ('failed' in out) return reply.code(503).send({ message: MY_DATA_MESSAGES.exportUnavailable });
    const services: MyDataExport['services'] = {};
    const counts: Record<string, number> = {};
    VISITOR_DATA_SERVICES.forEach((service, i) => {
      const records = out.values[i]!.records;
      services[service] = records;
      for (const [kind, rows] of Object.entries(records)) counts[kind] = (counts[kind] ?? 0) + rows.length;
    });
    // A download of private data: never kept by a browser cache or a proxy.
    reply.header('cache-control', 'no-store');
    return { exported_at: Date.now(), counts, services } satisfies MyDataExport;
  });

  app.post(MY_DATA_ERASE_PATH, { preHandler: guard }, async (request, reply) => {
    const out = await fanOut(request, reply, (service, signal) => ask(request, service, 'POST', VISITOR_DATA_ERASE_PATH, ServiceVisitorErase, signal));
    if ('error' in out) return out.error;
    if ('failed' in out) return reply.code(503).send({ message: MY_DATA_MESSAGES.eraseUnavailable });
    const erased: Record<string, number> = {};
    for (const value of out.values) for (const [kind, n] of Object.entries(value.erased)) erased[kind] = (erased[kind] ?? 0) + n;
    reply.header('cache-control', 'no-store');
    return { erased } satisfies MyDataEraseResponse;
  });
}
