import type { ReadableSpan } from '@opentelemetry/sdk-trace-node';
import { tracingEnabled } from './telemetry/switch.ts';

export type { ReadableSpan };
export { SpanKind, SpanStatusCode } from '@opentelemetry/api';

export interface TestTracing {
  /** Every span ended so far, oldest first. */
  spans(): ReadableSpan[];
  /** Forgets the spans ended so far. */
  reset(): void;
  /** Turns tracing off again (the API's no-op globals). */
  shutdown(): Promise<void>;
}

/**
 * Turns tracing on in this test process with an in-memory exporter (each span handed over as it
 * ends), as startTracing does with an OTLP endpoint. Call it before building the apps: they register
 * their request spans only when tracing is on.
 */
export async function installTestTracing(serviceName = 'test'): Promise<TestTracing> {
  if (tracingEnabled()) throw new Error('tracing is already on in this process');
  const sdk = await import('./telemetry/sdk.ts');
  const exporter = new sdk.InMemorySpanExporter();
  const registered = sdk.registerTracing(serviceName, sdk.immediateSpanProcessor(exporter));
  return {
    spans: () => exporter.getFinishedSpans(),
    reset: () => exporter.reset(),
    shutdown: () => registered.shutdown(),
  };
}
