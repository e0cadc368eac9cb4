-- Up Migration
-- The W3C trace context (traceparent, tracestate) of the request that wrote the event, kept only
-- while tracing is on (OTEL_EXPORTER_OTLP_ENDPOINT), so the relay's publish span continues that
-- request's trace (src/telemetry/). Nullable, no default: adding it rewrites nothing.
ALTER TABLE outbox ADD COLUMN trace_context jsonb;

-- Down Migration
ALTER TABLE outbox DROP COLUMN trace_context;
