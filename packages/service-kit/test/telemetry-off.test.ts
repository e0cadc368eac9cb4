/**
 * With no OTLP endpoint (OTEL_EXPORTER_OTLP_ENDPOINT unset) tracing costs nothing: no SDK module is
 * imported, no tracer provider is registered (the API stays its no-op), apps register no request
 * hooks, and outbox rows and messages carry no trace context.
 */
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trace } from '@opentelemetry/api';
import { writeEvent } from '../src/outbox.ts';
import { startTracing, tracingEnabled } from '../src/telemetry/tracing.ts';
import { buildTestService, type TestService } from '../src/testing.ts';
import { fixtureService, fixtureRoutes, uid } from './helpers.ts';

const SRC = fileURLToPath(new URL('../src', import.meta.url));
const FIXTURE = fileURLToPath(new URL('./fixtures/tracing-off-fixture.ts', import.meta.url));

/** Runs the fixture process (endpoint or none) and answers the @opentelemetry packages it loaded. */
async function otelPackagesLoaded(endpoint?: string): Promise<{ packages: string[]; last: string }> {
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', FIXTURE, ...(endpoint ? [endpoint] : [])], {
    cwd: fileURLToPath(new URL('..', import.meta.url)),
    timeout: 60_000,
  });
  const lines = stdout.trim().split('\n');
  const packages = new Set(lines.flatMap((line) => /\/@opentelemetry\/([^/]+)\//.exec(line)?.[1] ?? []));
  return { packages: [...packages].sort(), last: lines.at(-1) ?? '' };
}
/** Where @opentelemetry/api keeps what an SDK registers (its global, keyed by its major version). */
const OTEL_GLOBAL = Symbol.for('opentelemetry.js.api.1');

let t: TestService;

beforeAll(async () => {
  t = await buildTestService({
    ...fixtureService,
    routes: [...fixtureRoutes, async (app) => {
      app.post('/traced-write', async (request) => {
        await app.sql.begin((tx) => writeEvent(tx, 'identity.profile.created', { username: (request.body as { u: string }).u, created_at: 1 }));
        return { traceContext: request.traceContext ?? 'none' };
      });
    }],
  }, { relay: false });
});

afterAll(async () => {
  await t?.close();
});

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sourceFiles(path.join(dir, entry.name)) : entry.name.endsWith('.ts') ? [path.join(dir, entry.name)] : [],
  );
}

describe('tracing without an OTLP endpoint', () => {
  it('does not start: no provider registered, the API tracer is the no-op one', async () => {
    const tracing = await startTracing({ serviceName: 'forum', env: {} });
    expect(tracing.started).toBe(false);
    expect(tracingEnabled()).toBe(false);
    expect((globalThis as Record<symbol, unknown>)[OTEL_GLOBAL]).toBeUndefined();
    const span = trace.getTracer('probe').startSpan('probe');
    expect(span.isRecording()).toBe(false);
    expect(span.spanContext().traceId).toBe('0'.repeat(32));
  });

  it('loads no OpenTelemetry module but the API in a process that builds an app and serves and publishes', async () => {
    const off = await otelPackagesLoaded();
    expect(off.last).toBe('ready started=false status=200');
    expect(off.packages).toEqual(['api']);
    // The same process with an endpoint loads the SDK: the probe sees what is loaded.
    const on = await otelPackagesLoaded('http://127.0.0.1:1');
    expect(on.last).toBe('ready started=true status=200');
    expect(on.packages).toEqual(expect.arrayContaining(['sdk-trace-node', 'exporter-trace-otlp-http']));
  }, 120_000);

  it('imports the SDK only from telemetry/sdk.ts, and that module only dynamically', () => {
    const sdkPackages = /from '@opentelemetry\/(?!api')[^']+'/;
    for (const file of sourceFiles(SRC)) {
      const text = readFileSync(file, 'utf8');
      const relative = path.relative(SRC, file);
      if (relative === path.join('telemetry', 'sdk.ts')) continue;
      // `import type` is erased at run time; anything else would load the SDK in every process.
      const runtimeImports = text.split('\n').filter((line) => sdkPackages.test(line) && !/^\s*(import|export) type\b/.test(line));
      expect(runtimeImports, relative).toEqual([]);
      // Static imports (side-effect ones too) of the SDK module; `await import('./sdk.ts')` is the one way in.
      expect(/^\s*(import|export)\b(?!\s+type\b)[^(;]*'(\.{1,2}\/)+(telemetry\/)?sdk\.ts'/m.test(text), relative).toBe(false);
    }
  });

  it('adds no request hooks, and keeps no trace context with the outbox row (even when the client sent one)', async () => {
    const username = `u${uid()}`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/traced-write',
      headers: { traceparent: `00-${'ab'.repeat(16)}-${'cd'.repeat(8)}-01` },
      payload: { u: username },
    });
    expect(res.json()).toEqual({ traceContext: 'none' });
    const rows = await t.sql<{ trace_context: unknown }[]>`SELECT trace_context FROM outbox WHERE payload->>'username' = ${username}`;
    expect(rows).toEqual([{ trace_context: null }]);

  });
});
