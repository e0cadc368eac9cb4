/** `npm run bench gateway`: identity GET directly on the service vs through the gateway, and the single-node RSS. */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import postgres from 'postgres';
import { uniqueUsername } from '@wfm/service-kit/testing-names';
import { CONNECTIONS, DURATION, dropDatabase, guard, measure, PG_ADMIN_URL, startRun, stopRun } from './bench-harness.ts';
import { freePort } from './free-ports.ts';
import { waitForProcessReady } from './wait.ts';
import { buildWebAppsIfStale } from './web-build.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

async function createProfile(baseUrl: string): Promise<string> {
  const session = (await (await fetch(`${baseUrl}/api/session`, { method: 'POST' })).json()) as { anon_token: string };
  const res = await fetch(`${baseUrl}/api/user-profile`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-anon-token': session.anon_token },
    body: JSON.stringify({ username: uniqueUsername('bench_') }),
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
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), DATABASE_URL: url.toString(), NATS_URL: '', REDIS_URL: '', SKIP_WEB_BUILD: '1', LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  guard.watch('single-node site', child);
  try {
    await waitForProcessReady('single-node site', child, `http://127.0.0.1:${port}/readyz`, 120_000);
    await new Promise((r) => setTimeout(r, 2_000));
    guard.checkAlive();
    const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    return kb / 1024;
  } finally {
    guard.release(child);
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
    await dropDatabase(database);
  }
}

export async function benchGateway() {
  await buildWebAppsIfStale();
  const database = `wfm_bench_${randomBytes(3).toString('hex')}`;
  const run = await startRun(database);
  try {
    const token = await createProfile(run.gatewayUrl);
    const route = `/api/user-profile/${token}`;
    console.log(`\nGET ${'/api/user-profile/{token}'} — ${CONNECTIONS} connections, ${DURATION} s each, loopback\n`);
    const direct = await measure('identity direct', `${run.serviceUrls.identity}${route}`);
    const viaGateway = await measure('identity through gateway', `${run.gatewayUrl}${route}`);
    guard.checkAlive();
    const rss = await singleNodeRss();
    console.log(`\nsingle-node RSS after start-up: ${rss.toFixed(1)} MiB`);
    console.log(`ratio gateway/direct: ${(viaGateway.reqPerSec / direct.reqPerSec).toFixed(2)}`);
  } finally {
    await stopRun(run, database);
  }
}
