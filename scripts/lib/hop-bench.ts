/**
 * `npm run bench hop`: the gateway's own CPU per request, the services replaced by one process
 * replaying fixed answers (scripts/lib/hop-upstream.ts), so only the gateway's work varies: an
 * uncached 42 KB feed page (every request a new URL, each checked `X-Cache: MISS`), the same page
 * from the read cache, and a proxied uncached call. With BENCH_HOP_BASE=<folder holding another
 * commit's gateway/src> (e.g. `git archive <commit> gateway | tar -x -C /tmp/base`, with
 * `node_modules` linked to this checkout's) both gateways are measured in alternation,
 * BENCH_HOP_ROUNDS (3) rounds, and the medians compared: on a shared machine only such back-to-back
 * pairs say anything.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { CONNECTIONS, DURATION, guard, WARM_UP_SECONDS } from './bench-harness.ts';
import { freePort } from './free-ports.ts';
import { runLoad, type LoadSpec } from './load-generator.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const ALL_CASES = ['miss', 'hit', 'proxied'] as const;
/** BENCH_HOP_CASES=miss (comma-separated): only those cases, e.g. for a profile of one of them. */
const CASES = process.env.BENCH_HOP_CASES ? ALL_CASES.filter((c) => process.env.BENCH_HOP_CASES!.split(',').includes(c)) : ALL_CASES;

async function waitUntilUp(url: string, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 300; i++) {
    guard.checkAlive();
    if (child.exitCode !== null) throw new Error(`${url}: the process exited`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not answer within 60 s`);
}

function stop(child: ChildProcess): Promise<void> {
  guard.release(child);
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  child.kill('SIGTERM');
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

export async function benchHop() {
  const variants: Record<string, string> = { current: ROOT };
  if (process.env.BENCH_HOP_BASE) variants.base = path.resolve(process.env.BENCH_HOP_BASE);
  // CPU_PROFILE_DIR=<dir>: every gateway writes a V8 CPU profile there when it stops.
  const profile = process.env.CPU_PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.CPU_PROFILE_DIR}`] : [];
  const rounds = Number(process.env.BENCH_HOP_ROUNDS ?? (variants.base ? 3 : 1));
  const upstreamPort = await freePort();
  const upstream = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'hop-upstream.ts'), String(upstreamPort)], { stdio: 'ignore' });
  guard.watch('hop upstream', upstream);
  const figures: Record<string, Record<string, number[]>> = {};
  let sequence = 0;
  try {
    await waitUntilUp(`http://127.0.0.1:${upstreamPort}/`, upstream);
    console.log(`\ngateway CPU per request, services replaced by a replay — ${CONNECTIONS} connections, ${DURATION} s each, loopback\n`);
    for (let round = 0; round < rounds; round++) {
      const order = Object.entries(variants);
      if (round % 2 === 1) order.reverse();
      for (const [name, root] of order) {
        const port = await freePort();
        const gateway = spawn(
          process.execPath,
          [...profile, '--import', 'tsx', path.join(import.meta.dirname, 'hop-gateway.ts'), root, String(port), `http://127.0.0.1:${upstreamPort}`],
          { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] },
        );
        guard.watch(`${name} gateway`, gateway);
        try {
          const url = `http://127.0.0.1:${port}`;
          await waitUntilUp(`${url}/healthz`, gateway);
          const base = { url, connections: CONNECTIONS, seconds: DURATION, warmUpSeconds: WARM_UP_SECONDS, serverPid: gateway.pid };
          const specs: Record<(typeof ALL_CASES)[number], LoadSpec> = {
            miss: {
              ...base,
              paths: Array.from({ length: 300_000 }, () => `/api/posts?sort=latest&offset=${sequence++}`),
              expectHeader: { name: 'x-cache', value: 'MISS' },
            },
            hit: { ...base, url: `${url}/api/posts?sort=latest` },
            proxied: { ...base, url: `${url}/api/comments?post_id=1` },
          };
          for (const label of CASES) {
            const result = await runLoad(specs[label]);
            guard.check(`${name} ${label}`, result);
            const micros = (result.serverCpuMicros ?? 0) / Math.max(1, result.requests);
            ((figures[label] ??= {})[name] ??= []).push(micros);
            console.log(
              `round ${round + 1} ${name.padEnd(7)} ${label.padEnd(7)} ${result.reqPerSec.toFixed(0).padStart(6)} req/s   p99 ${String(result.p99).padStart(3)} ms   gateway ${micros.toFixed(0)} µs/request`,
            );
          }
        } finally {
          await stop(gateway);
        }
      }
    }
  } finally {
    await stop(upstream);
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  console.log('');
  for (const label of CASES) {
    const current = median(figures[label]!.current!);
    const base = figures[label]!.base;
    console.log(`${label.padEnd(7)} gateway µs/request (median): ${current.toFixed(0)}${base ? `   base ${median(base).toFixed(0)}   ratio current/base ${(current / median(base)).toFixed(2)}` : ''}`);
  }
  console.log(`hop gateway µs per request: ${CASES.map((label) => `${label} ${median(figures[label]!.current!).toFixed(0)}`).join(' ')}`);
}
