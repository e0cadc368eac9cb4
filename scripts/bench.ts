/**
 * `npm run bench <name>`: benchmarks that print their figures.
 *   gateway  identity GET directly on the service vs through the gateway (distributed run),
 *            plus the single-node process's RSS after start-up.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { spawn } from 'node:child_process';
import path from 'node:path';
import autocannon from 'autocannon';
import postgres from 'postgres';
import { startDistributed } from './lib/distributed.ts';
import { waitForHttp } from './lib/wait.ts';
import { buildWebAppsIfStale } from './lib/web-build.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const PG_ADMIN_URL = process.env.PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DURATION = Number(process.env.BENCH_DURATION ?? 15);

interface Figures {
  label: string;
  reqPerSec: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

async function measure(label: string, url: string, headers: Record<string, string> = {}): Promise<Figures> {
  // A short warm-up so JIT and connection pools are hot before the measured run.
  await autocannon({ url, connections: CONNECTIONS, duration: 2, headers });
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers });
  const figures = {
    label,
    reqPerSec: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
  console.log(
    `${label.padEnd(34)} ${figures.reqPerSec.toFixed(0).padStart(8)} req/s   p50 ${figures.p50} ms   p99 ${figures.p99} ms` +
      (figures.non2xx || figures.errors ? `   (non-2xx ${figures.non2xx}, errors ${figures.errors})` : ''),
  );
  return figures;
}

async function dropDatabase(name: string) {
  const admin = postgres(PG_ADMIN_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin.end();
}

async function createProfile(baseUrl: string): Promise<string> {
  const session = (await (await fetch(`${baseUrl}/api/session`, { method: 'POST' })).json()) as { anon_token: string };
  const res = await fetch(`${baseUrl}/api/user-profile`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-anon-token': session.anon_token },
    body: JSON.stringify({ username: `bench_${randomBytes(3).toString('hex')}` }),
  });
  if (res.status !== 201) throw new Error(`could not create the benchmark profile: ${res.status} ${await res.text()}`);
  return session.anon_token;
}

/** Starts the single-node site as `npm start` does and reads its resident memory once ready. */
async function singleNodeRss(): Promise<number> {
  const database = `wfm_bench_single_${randomBytes(3).toString('hex')}`;
  const admin = postgres(PG_ADMIN_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE "${database}"`);
  await admin.end();
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${database}`;
  const port = 18090;
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), DATABASE_URL: url.toString(), NATS_URL: '', REDIS_URL: '', SKIP_WEB_BUILD: '1', LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  try {
    await waitForHttp(`http://127.0.0.1:${port}/readyz`, 120_000);
    await new Promise((r) => setTimeout(r, 2_000));
    const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    return kb / 1024;
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    await dropDatabase(database);
  }
}

async function benchGateway() {
  await buildWebAppsIfStale();
  const database = `wfm_bench_${randomBytes(3).toString('hex')}`;
  const run = await startDistributed({
    adminDatabaseUrl: PG_ADMIN_URL,
    database,
    natsUrl: process.env.NATS_URL ?? 'nats://127.0.0.1:4222',
    redisUrl: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    gatewayPort: 18080,
    basePort: 17101,
    workerPort: 17107,
    staffSecret: 'bench-staff-header-secret-0000000000000000',
    servicePassword: 'bench-service-password',
    rateLimitPerMinute: 1_000_000_000,
    logLevel: 'warn',
    stdio: 'ignore',
  });
  try {
    const token = await createProfile(run.gatewayUrl);
    const route = `/api/user-profile/${token}`;
    console.log(`\nGET ${'/api/user-profile/{token}'} — ${CONNECTIONS} connections, ${DURATION} s each, loopback\n`);
    const direct = await measure('identity direct', `${run.serviceUrls.identity}${route}`);
    const viaGateway = await measure('identity through gateway', `${run.gatewayUrl}${route}`);
    const rss = await singleNodeRss();
    console.log(`\nsingle-node RSS after start-up: ${rss.toFixed(1)} MiB`);
    console.log(`ratio gateway/direct: ${(viaGateway.reqPerSec / direct.reqPerSec).toFixed(2)}`);
  } finally {
    await run.stop();
    await dropDatabase(database);
  }
}

const benches: Record<string, () => Promise<void>> = { gateway: benchGateway };
const name = process.argv[2];
const bench = name ? benches[name] : undefined;
if (!bench) {
  console.error(`usage: npm run bench <${Object.keys(benches).join('|')}>`);
  process.exit(2);
}
await bench();
