import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import httpProxy from '@fastify/http-proxy';
import { forwardTraceHeaders, signStaffHeaders } from '@wfm/service-kit';
import type { ServiceName } from '@wfm/contracts/shared';
import { CROSS_SITE_MESSAGE, isCrossSiteRequest } from './csrf.ts';
import type { ProxyRoute } from './routes.ts';
import { replicaOrigins, type Upstreams } from './upstreams.ts';
import { staffLoginCheck } from './staff-login.ts';

export interface ProxyOptions {
  routes: readonly ProxyRoute[];
  serviceUrls: Record<ServiceName, string>;
  upstreams: Upstreams;
  staffSecret: string;
}

type Headers = Record<string, string | string[] | undefined>;
type ProxiedRequest = Pick<FastifyRequest, 'id' | 'ip' | 'protocol' | 'host' | 'method' | 'url' | 'staffSession' | 'traceContext'>;

/** Headers only the gateway may set: the signed staff identity and any internal header. */
export function isInternalHeader(name: string): boolean {
  return name.startsWith('x-staff-') || name.startsWith('x-internal-');
}

/**
 * Headers sent to the service: client-sent internal headers removed, request id, client address,
 * on staff routes the staff identity signed for this exact method and url, and the request span's
 * trace context (client-sent `traceparent`/`tracestate` never pass: the gateway starts the trace).
 */
export function upstreamHeaders(request: ProxiedRequest, headers: Headers, staffSecret: string): Headers {
  for (const name of Object.keys(headers)) if (isInternalHeader(name)) delete headers[name];
  headers['x-request-id'] = request.id;
  headers['x-forwarded-for'] = request.ip;
  headers['x-forwarded-proto'] = request.protocol;
  headers['x-forwarded-host'] = request.host;
  delete headers.forwarded;
  forwardTraceHeaders(request, headers);
  if (request.staffSession) {
    Object.assign(
      headers,
      signStaffHeaders(staffSecret, request.staffSession, { method: request.method, url: request.url }),
    );
  }
  return headers;
}

const CONNECT_FAILURES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'UND_ERR_CLOSED']);
const TIMEOUTS = new Set([
  'FST_REPLY_FROM_GATEWAY_TIMEOUT',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
]);

/** Maps a failed upstream call to 503 (service down), 504 (too slow) or 502 (broken answer). */
export function upstreamFailure(error: Error & { code?: string; cause?: unknown }): {
  statusCode: number;
  message: string;
} {
  const cause = error.cause as { code?: string } | undefined;
  const codes = [error.code, cause?.code];
  if (codes.some((c) => c !== undefined && TIMEOUTS.has(c))) {
    return { statusCode: 504, message: 'The service took too long to respond, please try again' };
  }
  if (codes.some((c) => c !== undefined && CONNECT_FAILURES.has(c)) || error.code === 'FST_REPLY_FROM_SERVICE_UNAVAILABLE') {
    return { statusCode: 503, message: 'Service temporarily unavailable, please try again shortly' };
  }
  return { statusCode: 502, message: 'Bad gateway: the service gave no valid answer' };
}

/** One @fastify/http-proxy registration per route-table prefix, sharing one pool per service. */
export async function registerProxies(app: FastifyInstance, opts: ProxyOptions): Promise<void> {
  const admin = opts.upstreams.get('admin');
  if (!admin) throw new Error('the admin service URL is required for the staff session check');
  const requireStaffSession = staffLoginCheck(admin);

  for (const route of opts.routes) {
    const checkOrigin = route.csrf;
    const checkSession = route.access === 'staff';
    // Cross-site writes are refused before the session lookup costs a call to the admin service.
    const preHandler = async (request: FastifyRequest, reply: FastifyReply) => {
      if (checkOrigin && isCrossSiteRequest(request.method, request.headers, request.host)) {
        return reply.code(403).send({ message: CROSS_SITE_MESSAGE });
      }
      if (checkSession) return requireStaffSession(request, reply);
    };
    await app.register(httpProxy, {
      // The address reply-from names in its logs; requests go through the service's dispatcher
      // (one replica's Pool, or the BalancedPool over them all).
      upstream: replicaOrigins(opts.serviceUrls[route.service])[0]!,
      prefix: route.prefix,
      rewritePrefix: route.prefix,
      internalRewriteLocationHeader: false,
      undici: opts.upstreams.get(route.service),
      ...(route.methods ? { httpMethods: [...route.methods] } : {}),
      disableRequestLogging: true,
      ...(checkOrigin || checkSession ? { preHandler } : {}),
      replyOptions: {
        rewriteRequestHeaders: (request, headers) => upstreamHeaders(request, headers, opts.staffSecret),
        // reply-from has already logged the failure with the upstream address.
        onError: (reply, { error }) => {
          const failure = upstreamFailure(error);
          reply.code(failure.statusCode).send({ message: failure.message });
        },
        // One retry of an idempotent request whose pooled socket turned out dead; no retry storm
        // on a 503 from the service.
        retriesCount: 1,
      },
    });
  }
}
