/** Whether this process turned tracing on: set by the SDK module (sdk.ts), read by every helper. */
let enabled = false;

/** True once startTracing (or the tests' installTestTracing) registered a tracer provider in this process. */
export function tracingEnabled(): boolean {
  return enabled;
}

/** Set by sdk.ts when it registers or shuts down a provider; not part of the public API. */
export function setTracingEnabled(value: boolean): void {
  enabled = value;
}
