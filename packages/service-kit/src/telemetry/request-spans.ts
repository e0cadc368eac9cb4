import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import { context, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, type Context } from '@opentelemetry/api';
import { extractTraceContext, injectTraceHeaders, startSpan } from './tracing.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The context holding this request's server span; only when tracing is on (see registerRequestSpans). */
    traceContext?: Context | null;
  }
}

export interface RequestSpanOptions {
  /**
   * Continue the trace the request's `traceparent` names (services, behind the gateway). The gateway
   * leaves it false: a public client's header never decides our trace ids or sampling.
   */
  continueIncoming: boolean;
  /**
   * Run every route handler with the request's span active, so what it does (an outbox write, a
   * call with activeTraceHeaders) is part of the request's trace.
   */
  activateInHandlers: boolean;
}

/**
 * A server span per request, `<METHOD> <route template>`, ended when the response is sent (or the
 * client went away), with the method, route and status code; 5xx answers are marked failed.
 * Websocket upgrades get none. Call
 * only when tracingEnabled(): with tracing off nothing is registered, so requests cost nothing.
 * Register before the routes (the handler wrapping is an onRoute hook).
 */
export function registerRequestSpans(app: FastifyInstance, opts: RequestSpanOptions): void {
  app.decorateRequest('traceContext', null);
  app.addHook('onRequest', (request, _reply, done) => {
    // A websocket upgrade is a connection, not a request (its reply is taken over and never ends).
    if (request.headers.upgrade !== undefined) return done();
    const route = request.routeOptions.url ?? 'unmatched';
    const parent = opts.continueIncoming ? extractTraceContext(request.headers) : ROOT_CONTEXT;
    request.traceContext = startSpan(`${request.method} ${route}`, SpanKind.SERVER, parent, {
      'http.request.method': request.method,
      'http.route': route,
    }).ctx;
    done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    endRequestSpan(request, reply);
    done();
  });
  app.addHook('onRequestAbort', (request, done) => {
    endRequestSpan(request, undefined);
    done();
  });
  if (opts.activateInHandlers) {
    app.addHook('onRoute', (route) => {
      const handler = route.handler as (this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) => unknown;
      route.handler = function (this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
        const ctx = request.traceContext;
        return ctx ? context.with(ctx, handler, this, request, reply) : handler.call(this, request, reply);
      } as RouteHandlerMethod;
    });
  }
}

function endRequestSpan(request: FastifyRequest, reply: FastifyReply | undefined): void {
  const span = request.traceContext ? trace.getSpan(request.traceContext) : undefined;
  if (!span) return;
  request.traceContext = null;
  if (reply) {
    span.setAttribute('http.response.status_code', reply.statusCode);
    if (reply.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
  } else {
    span.setStatus({ code: SpanStatusCode.ERROR, message: 'client closed the request' });
  }
  span.end();
}

/**
 * Headers for a call the request makes to another process (the gateway's proxy): `traceparent` and
 * `tracestate` of the request's span, replacing any the client sent. No-op when the request is not
 * traced, except that client-sent trace headers are dropped.
 */
export function forwardTraceHeaders(request: Pick<FastifyRequest, 'traceContext'>, headers: Record<string, unknown>): void {
  if (headers.traceparent !== undefined || headers.tracestate !== undefined) {
    delete headers.traceparent;
    delete headers.tracestate;
  }
  if (request.traceContext) injectTraceHeaders(request.traceContext, headers);
}
