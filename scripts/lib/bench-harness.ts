/**
 * What every `npm run bench` bench shares (scripts/bench.ts lists them): the load measurement and
 * its printed line, the guard over measurements and launched processes, and the distributed run on
 * free ports with its own database, seeded with the feed's posts when a bench needs them.
 */
import postgres from 'postgres';
import { SERVICES } from '@wfm/contracts/shared';
import { startDistributed, type DistributedOptions, type DistributedRun } from './distributed.ts';
import { BenchGuard } from './bench-guard.ts';
import { seedFeed } from './feed-seed.ts';
import { freePort, freePorts } from './free-ports.ts';
import { runLoad, type LoadSpec } from './load-generator.ts';

export const PG_ADMIN_URL = process.env.PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
// Benches measure throughput, not the limiters: every process they launch inherits limits scaled out
// of the way. The counters live in the shared Redis for an hour, so without this a bench that
// issues visitor tokens from one address met identity's per-address limit after an earlier bench.
process.env.RATE_LIMIT_SCALE ??= '1000';
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
export const DURATION = Number(process.env.BENCH_DURATION ?? 15);

export interface Figures {
  label: string;
  reqPerSec: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  /** CPU time per request, µs, of the measured server (`server`) and of `servicePids` by name; with `gatewayPid` only. */
  cpuPerRequest?: Record<string, number>;
}

interface MeasureOptions {
  /** Also print the bytes per answer and the CPU time per request of the gateway and of autocannon. */
  gatewayPid?: number;
  /** What the process under `gatewayPid` is called in the printed line (default: gateway). */
  serverName?: string;
  /** Also print the CPU time per request of these processes, and of this machine's PostgreSQL and Redis. */
  servicePids?: Record<string, number>;
  /** Request these paths of `url`'s origin one after the other instead of `url` itself. */
  paths?: string[];
  /** A header every answer must carry (else the measurement fails). */
  expectHeader?: LoadSpec['expectHeader'];
  /** Request headers sent with every request. */
  headers?: LoadSpec['headers'];
}

/** Checks every measurement and every launched process; set by the bench that runs. */
export const guard = new BenchGuard();

/** Before each measured run, in the same load-generator process, so JIT and sockets are warm. */
export const WARM_UP_SECONDS = 2;

export async function measure(label: string, url: string, opts: MeasureOptions = {}): Promise<Figures> {
  const result = await runLoad({
    url,
    connections: CONNECTIONS,
    seconds: DURATION,
    warmUpSeconds: WARM_UP_SECONDS,
    serverPid: opts.gatewayPid,
    paths: opts.paths,
    expectHeader: opts.expectHeader,
    headers: opts.headers,
    ...(opts.servicePids ? { otherPids: opts.servicePids, serverCpu: true } : {}),
  });
  // Figures over failed or unexpected answers, or with a launched process gone, are not printed.
  guard.check(label, result);
  const figures: Figures = {
    label,
    reqPerSec: result.reqPerSec,
    p50: result.p50,
    p99: result.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
  let cost = '';
  if (opts.gatewayPid !== undefined) {
    const requests = Math.max(1, result.requests);
    const gatewayCpu = (result.serverCpuMicros ?? 0) / requests;
    // A varied workload's first path stands for its answers' size.
    const sample = opts.paths ? `${url}${opts.paths[0]}` : url;
    const body = Buffer.from(await (await fetch(sample, { headers: { 'accept-encoding': 'identity' } })).arrayBuffer());
    const others = Object.entries(result.otherCpuMicros ?? {}).map(([name, micros]) => ` ${name} ${(micros / requests).toFixed(0)} µs,`);
    figures.cpuPerRequest = { server: gatewayCpu };
    for (const [name, micros] of Object.entries(result.otherCpuMicros ?? {})) figures.cpuPerRequest[name] = micros / requests;
    cost =
      `   body ${(body.length / 1024).toFixed(1).padStart(4)} KB   CPU/request: ${opts.serverName ?? 'gateway'} ${gatewayCpu.toFixed(0)} µs,${others.join('')}` +
      ` autocannon ${(result.clientCpuMicros / requests).toFixed(0)} µs`;
  }
  console.log(
    `${label.padEnd(34)} ${figures.reqPerSec.toFixed(0).padStart(8)} req/s   p50 ${String(figures.p50).padStart(2)} ms` +
      `   p99 ${String(figures.p99).padStart(3)} ms${cost}`,
  );
  return figures;
}

export async function dropDatabase(name: string) {
  const admin = postgres(PG_ADMIN_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin.end();
}

/** The distributed run every benchmark uses: free ports, Redis, rate limits out of the way. */
export async function distributedOptions(database: string): Promise<DistributedOptions> {
  return {
    adminDatabaseUrl: PG_ADMIN_URL,
    database,
    natsUrl: process.env.NATS_URL ?? 'nats://127.0.0.1:4222',
    redisUrl: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    gatewayPort: await freePort(),
    servicePorts: await freePorts(SERVICES.length),
    workerPort: await freePort(),
    staffSecret: 'bench-staff-header-secret-0000000000000000',
    servicePassword: BENCH_SERVICE_PASSWORD,
    rateLimitPerMinute: 1_000_000_000,
    // What operators run (LOG_LEVEL's default): each request's access line is part of its cost.
    // BENCH_LOG_LEVEL=warn measures without them, as the benches did before 2026-11-29 evening.
    logLevel: process.env.BENCH_LOG_LEVEL ?? 'info',
    // BENCH_LOG=1 shows the launched processes' warnings (e.g. why one did not become ready).
    stdio: process.env.BENCH_LOG === '1' ? 'inherit' : 'ignore',
  };
}

export const BENCH_SERVICE_PASSWORD = 'bench-service-password';

/** Starts the distributed run on free ports (with `extra` options) with every process watched by the guard. */
export async function startRun(database: string, extra: Partial<DistributedOptions> = {}): Promise<DistributedRun> {
  try {
    const run = await startDistributed({ ...(await distributedOptions(database)), ...extra });
    guard.watchAll(run.processes);
    return run;
  } catch (err) {
    // The launcher has created the database before a process failed to start: leave nothing behind.
    await dropDatabase(database);
    throw err;
  }
}

export async function stopRun(run: DistributedRun, database: string): Promise<void> {
  guard.stopWatching();
  await run.stop();
  await dropDatabase(database);
}

const FEED_POSTS = 10_000;

/** Seeds FEED_POSTS posts as the forum's own role (feed and search benches). */
export async function seed(database: string, posts = FEED_POSTS) {
  const forumUrl = new URL(PG_ADMIN_URL);
  forumUrl.pathname = `/${database}`;
  forumUrl.username = 'forum_svc';
  forumUrl.password = BENCH_SERVICE_PASSWORD;
  const started = Date.now();
  const seeded = await seedFeed(forumUrl.toString(), posts);
  console.log(
    `\nseeded ${seeded.posts} posts, ${seeded.comments} comments, ${seeded.upvotes} upvotes in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  return seeded;
}
