import type { FastifyInstance } from 'fastify';

/** What a caller sees when PostgreSQL, Redis or NATS is down or stopped answering (503). */
export const SERVICE_UNAVAILABLE_MESSAGE = 'Service temporarily unavailable, please try again shortly';

/** Default of REQUEST_TIMEOUT_MS: longest a request may wait before it answers 503. */
export const DEFAULT_REQUEST_TIMEOUT_MS = 4_500;

/** Requests whose body the handler streams (uploads) get as long as Fastify gives a body to arrive. */
const STREAMED_BODY_TIMEOUT_MS = 60_000;

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Longest this route may take before the kit answers 503 (ms), or false for routes that wait
     * on purpose (backups, restores) and bound their own waits. Default: REQUEST_TIMEOUT_MS.
     */
    requestTimeoutMs?: number | false;
  }
}

/** Errors postgres.js, ioredis, node:net and nats.js raise when their server is unreachable or silent. */
const CONNECTION_CODES = new Set([
  // postgres.js
  'CONNECT_TIMEOUT',
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  // node:net
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);

/**
 * PostgreSQL SQLSTATEs meaning "not now" rather than "wrong request": statement_timeout or a
 * cancel (57014), shutdown (57P01-57P03), too many connections (53300), connection failures (08xxx).
 */
const PG_UNAVAILABLE = /^(57014|57P0[1-3]|53300|08...)$/;

const IOREDIS_MESSAGES = [
  "Stream isn't writeable and enableOfflineQueue options is false",
  'Connection is closed.',
  'Command timed out',
];

const NAMES = new Set([
  // ioredis
  'MaxRetriesPerRequestError',
  // nats.js
  'TimeoutError',
  'ClosedConnectionError',
  'ConnectionError',
  'DrainingConnectionError',
  'NoResponders',
  // this kit
  'DependencyTimeoutError',
]);

/** A dependency (PostgreSQL, Redis, NATS) answered "not now" or did not answer in time. */
export class DependencyTimeoutError extends Error {
  override name = 'DependencyTimeoutError';
}

/**
 * True when `error` (or its cause) says a dependency is down or silent: such failures answer 503
 * with SERVICE_UNAVAILABLE_MESSAGE instead of 500, so clients and the gateway retry later.
 */
export function isDependencyFailure(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error) || depth > 3) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (CONNECTION_CODES.has(code) || PG_UNAVAILABLE.test(code))) return true;
  if (NAMES.has(error.name)) return true;
  if (IOREDIS_MESSAGES.some((m) => error.message.startsWith(m))) return true;
  if (error instanceof AggregateError && error.errors.some((e) => isDependencyFailure(e, depth + 1))) return true;
  return isDependencyFailure(error.cause, depth + 1);
}

/**
 * Every request answers within `timeoutMs`: when PostgreSQL is frozen, a pool is exhausted or any
 * other dependency hangs, the client gets a 503 instead of waiting. The handler keeps running (its
 * late answer is dropped), so a write that commits afterwards is simply not acknowledged.
 * Registered before the kit's other onRequest hooks, so the deadline also covers them.
 */
export function registerRequestDeadline(app: FastifyInstance, timeoutMs: number = DEFAULT_REQUEST_TIMEOUT_MS): void {
  // An answer already on its way (its onSend hooks and serialisation still running) is left alone:
  // rewriting its status from the timer mixed a 503 into a 200's body, or an error answer into a 500.
  const answering = new WeakSet<object>();
  app.addHook('onSend', (request, _reply, payload, done) => {
    answering.add(request);
    done(null, payload);
  });
  app.addHook('onRequest', (request, reply, done) => {
    const configured = request.routeOptions.config?.requestTimeoutMs;
    // A multipart body is read inside the handler: a slow client's upload gets the body timeout.
    const streamed = String(request.headers['content-type'] ?? '').toLowerCase().startsWith('multipart/');
    const limit = configured ?? (streamed ? Math.max(timeoutMs, STREAMED_BODY_TIMEOUT_MS) : timeoutMs);
    if (limit === false || !(limit > 0)) return done();
    const timer = setTimeout(() => {
      if (reply.sent || reply.raw.headersSent || answering.has(request)) return;
      request.log.warn({ timeoutMs: limit, url: request.url }, 'request timed out waiting for a dependency');
      reply.code(503).send({ message: SERVICE_UNAVAILABLE_MESSAGE });
      // The handler's late answer, if it ever comes, is dropped without a "reply already sent" error.
      reply.hijack();
    }, limit);
    timer.unref();
    reply.raw.once('close', () => clearTimeout(timer));
    done();
  });
}
