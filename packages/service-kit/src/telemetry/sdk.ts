/**
 * The OpenTelemetry SDK side, imported only when tracing is turned on (startTracing with an
 * endpoint, or the tests' installTestTracing): nothing here is loaded in a process without it.
 */
import { context, propagation, trace } from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import {
  BatchSpanProcessor,
  InMemorySpanExporter,
  NodeTracerProvider,
  SimpleSpanProcessor,
  type SpanProcessor,
} from '@opentelemetry/sdk-trace-node';
import { setTracingEnabled } from './switch.ts';

export { InMemorySpanExporter };
export type { ReadableSpan } from '@opentelemetry/sdk-trace-node';

export interface RegisteredTracing {
  shutdown(): Promise<void>;
}

/** Spans batched to an OTLP/HTTP endpoint (protobuf-free JSON over HTTP, no extra native code). */
export function otlpSpanProcessor(url: string): SpanProcessor {
  return new BatchSpanProcessor(new OTLPTraceExporter({ url }));
}

/** Spans handed to `exporter` as each one ends (tests). */
export function immediateSpanProcessor(exporter: InMemorySpanExporter): SpanProcessor {
  return new SimpleSpanProcessor(exporter);
}

/**
 * Registers the process's tracer provider (AsyncLocalStorage context, W3C trace context only: no
 * baggage travels between processes) and switches the kit's tracing on. shutdown() flushes and
 * switches it off again, leaving the API's no-op globals; spans a collector that is down cannot
 * take are dropped, never a reason for the process to stop uncleanly.
 */
export function registerTracing(serviceName: string, processor: SpanProcessor): RegisteredTracing {
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': serviceName }),
    spanProcessors: [processor],
  });
  provider.register({ propagator: new W3CTraceContextPropagator() });
  setTracingEnabled(true);
  return {
    async shutdown() {
      setTracingEnabled(false);
      await provider.shutdown().catch(() => undefined);
      trace.disable();
      propagation.disable();
      context.disable();
    },
  };
}
