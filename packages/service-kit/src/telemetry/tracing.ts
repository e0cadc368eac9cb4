/**
 * Traces: the process's switch and the few helpers the kit, the gateway and the bus use. Only
 * @opentelemetry/api is loaded here (its no-op tracer until a provider is registered); the SDK and
 * the OTLP exporter are imported by startTracing, and only when OTEL_EXPORTER_OTLP_ENDPOINT (or
 * OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) is set. With tracing off every helper returns before touching
 * the API and the request hooks are never registered, so a request costs nothing extra.
 */
import {
  context,
  propagation,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  type Attributes,
  type Context,
  type Span,
} from '@opentelemetry/api';
import { tracingEnabled } from './switch.ts';

/** The W3C trace context of one message or outbox row (https://www.w3.org/TR/trace-context/). */
export interface TraceHeaders {
  traceparent?: string;
  tracestate?: string;
}

/** The instrumentation scope every span of the platform is created under. */
export const TRACER_NAME = '@wfm/service-kit';

export { tracingEnabled };

export interface TracingEnv {
  OTEL_EXPORTER_OTLP_ENDPOINT?: string | undefined;
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?: string | undefined;
}

/**
 * Where spans go (OTLP over HTTP): OTEL_EXPORTER_OTLP_TRACES_ENDPOINT as it is, else
 * OTEL_EXPORTER_OTLP_ENDPOINT plus `/v1/traces` (the OTLP convention); undefined when neither is set.
 */
export function otlpTracesUrl(env: TracingEnv): string | undefined {
  if (env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) return env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT;
  if (env.OTEL_EXPORTER_OTLP_ENDPOINT) return `${env.OTEL_EXPORTER_OTLP_ENDPOINT.replace(/\/+$/, '')}/v1/traces`;
  return undefined;
}

export interface Tracing {
  /** Whether this call turned tracing on (false: no endpoint, or already on in this process). */
  readonly started: boolean;
  /** Exports what is still buffered and turns tracing off; nothing to do when not started. */
  shutdown(): Promise<void>;
}

const NOT_STARTED: Tracing = { started: false, shutdown: async () => undefined };

/**
 * Turns tracing on for this process when an OTLP endpoint is configured: a tracer provider named
 * `serviceName` (resource `service.name`), batching spans to the endpoint, W3C trace-context
 * propagation and AsyncLocalStorage context. The standard OTEL_* variables of the SDK
 * (OTEL_TRACES_SAMPLER, OTEL_EXPORTER_OTLP_HEADERS, OTEL_BSP_*) apply. Once per process: a second
 * call (several services in one process) changes nothing.
 */
export async function startTracing(opts: { serviceName: string; env: TracingEnv }): Promise<Tracing> {
  const url = otlpTracesUrl(opts.env);
  if (!url || tracingEnabled()) return NOT_STARTED;
  const sdk = await import('./sdk.ts');
  const provider = sdk.registerTracing(opts.serviceName, sdk.otlpSpanProcessor(url));
  return { started: true, shutdown: () => provider.shutdown() };
}

const tracer = () => trace.getTracer(TRACER_NAME);

/** The context `headers` carry (incoming HTTP headers, a message's headers, an outbox row), or the root. */
export function extractTraceContext(headers: Record<string, unknown> | null | undefined): Context {
  return headers ? propagation.extract(ROOT_CONTEXT, headers) : ROOT_CONTEXT;
}

/** Writes `traceparent` (and `tracestate`) of `ctx` into `carrier`. */
export function injectTraceHeaders<T extends object>(ctx: Context, carrier: T): T {
  propagation.inject(ctx, carrier);
  return carrier;
}

/** The active context's trace headers (inside a traced request handler or event handler), or undefined. */
export function activeTraceHeaders(): TraceHeaders | undefined {
  if (!tracingEnabled()) return undefined;
  const ctx = context.active();
  if (!trace.getSpan(ctx)) return undefined;
  const headers = injectTraceHeaders(ctx, {} as TraceHeaders);
  return headers.traceparent ? headers : undefined;
}

/** Starts a span under `parent` and answers it with the context that has it active. */
export function startSpan(name: string, kind: SpanKind, parent: Context, attributes?: Attributes): { span: Span; ctx: Context } {
  const span = tracer().startSpan(name, { kind, attributes }, parent);
  return { span, ctx: trace.setSpan(parent, span) };
}

/** Marks the span failed with `err`. */
export function recordFailure(span: Span, err: unknown): void {
  if (err instanceof Error) span.recordException(err);
  span.setStatus({ code: SpanStatusCode.ERROR, message: err instanceof Error ? err.message : String(err) });
}

/**
 * Publishes one event under a producer span `<subject> publish`, child of the context `parent`
 * carries (the request that wrote it, kept with the outbox row, or the active context); `send` gets
 * the headers to put on the message. Tracing off: `send(undefined)`.
 */
export async function tracedPublish<T>(
  subject: string,
  parent: TraceHeaders | null | undefined,
  send: (headers: TraceHeaders | undefined) => Promise<T>,
): Promise<T> {
  if (!tracingEnabled()) return send(undefined);
  const parentCtx = parent ? extractTraceContext(parent as Record<string, unknown>) : context.active();
  const { span, ctx } = startSpan(`${subject} publish`, SpanKind.PRODUCER, parentCtx, {
    'messaging.system': 'nats',
    'messaging.operation.type': 'send',
    'messaging.destination.name': subject,
  });
  try {
    return await send(injectTraceHeaders(ctx, {} as TraceHeaders));
  } catch (err) {
    recordFailure(span, err);
    throw err;
  } finally {
    span.end();
  }
}

/**
 * Runs a subscriber's handler under a consumer span `<subject> process`, child of the publish span
 * whose context the message carries, with the span active (so what the handler writes to its outbox
 * continues the trace). Tracing off: `run()`.
 */
export async function tracedConsume(
  subject: string,
  headers: TraceHeaders | undefined,
  durable: string | undefined,
  run: () => void | Promise<void>,
): Promise<void> {
  if (!tracingEnabled()) return run();
  const { span, ctx } = startSpan(`${subject} process`, SpanKind.CONSUMER, extractTraceContext(headers as Record<string, unknown>), {
    'messaging.system': 'nats',
    'messaging.operation.type': 'process',
    'messaging.destination.name': subject,
    ...(durable ? { 'messaging.consumer.group.name': durable } : {}),
  });
  try {
    await context.with(ctx, run);
  } catch (err) {
    recordFailure(span, err);
    throw err;
  } finally {
    span.end();
  }
}
