import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { SERVICES } from '@wfm/contracts/shared';
import { BenchFailure, type BenchGuard } from './bench-guard.ts';
import { envNameFor, type DistributedRun } from './distributed.ts';
import { freePort } from './free-ports.ts';
import { waitForProcessReady } from './wait.ts';
import { wallClock, type ClientCommand, type ClientPlan, type ClientReport } from './ws-bench-clients.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const CLIENT_SCRIPT = path.join(import.meta.dirname, 'ws-bench-clients.ts');

/** What `npm run bench ws` borrows from scripts/lib/bench-harness.ts (shared run and guard). */
export interface WsBenchTools {
  guard: BenchGuard;
  startRun(database: string): Promise<DistributedRun>;
  stopRun(run: DistributedRun, database: string): Promise<void>;
  /** What the extra gateways need to join the run as the launcher's gateway did. */
  natsUrl: string;
  redisUrl: string;
  staffSecret: string;
  rateLimitPerMinute: number;
}

/** The bench's knobs; every one has an environment variable (docs/operations.md). */
export interface WsBenchSettings {
  clients: number;
  gateways: number;
  clientProcesses: number;
  posts: number;
  /** Posts sent first and not counted: the first broadcast meets cold code in every process. */
  warmUpPosts: number;
  /** Loopback source addresses the clients are spread over (127.0.0.11 and up). */
  addresses: number;
}

/** A whole-number setting from the environment, at least `min`; unset or empty: `fallback`. */
const wholeNumber = (name: string, fallback: number, min = 1): number => {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) throw new Error(`${name} must be a whole number, ${min} or more (got ${raw})`);
  return value;
};

export function wsBenchSettings(): WsBenchSettings {
  return {
    clients: wholeNumber('BENCH_WS_CLIENTS', 5_000),
    gateways: wholeNumber('BENCH_WS_GATEWAYS', 2),
    clientProcesses: wholeNumber('BENCH_WS_CLIENT_PROCESSES', 2),
    posts: wholeNumber('BENCH_WS_POSTS', 20),
    warmUpPosts: wholeNumber('BENCH_WS_WARMUP_POSTS', 2, 0),
    addresses: wholeNumber('BENCH_WS_ADDRESSES', 20),
  };
}

/** Targets of issue 15 item 4 on this 2-core box, load generator included. */
export const WS_TARGETS = { p99Ms: 100, bytesPerIdleConnection: 16 * 1024 } as const;

/** Handshakes in flight at once per client process: well under the gateways' listen backlog. */
const CONNECT_CONCURRENCY = 100;
/** How long every client may take to receive one post before the run fails. */
const DELIVERY_TIMEOUT_MS = 15_000;
/** Idle time before and after connecting, so the memory read settles. */
const SETTLE_MS = 3_000;
/** Pause between two posts: the clients are idle again before the next one. */
const BETWEEN_POSTS_MS = 250;

/** Resident memory of a process in bytes (Linux /proc). */
export function rssBytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN) * 1024;
}

/** The value below which `fraction` of the sorted samples lie (nearest rank). */
export function percentile(sorted: readonly number[], fraction: number): number {
  if (sorted.length === 0) return NaN;
  const rank = Math.ceil(fraction * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

/** Client i of n goes to gateway i % gateways: how many each gateway holds. */
export function connectionsPerGateway(clients: number, gateways: number): number[] {
  return Array.from({ length: gateways }, (_, g) => Math.floor(clients / gateways) + (g < clients % gateways ? 1 : 0));
}

/** Splits `clients` over `processes` (first ones take the remainder) as [offset, count] pairs. */
export function clientShares(clients: number, processes: number): Array<{ offset: number; count: number }> {
  const shares: Array<{ offset: number; count: number }> = [];
  let offset = 0;
  for (let p = 0; p < processes; p++) {
    const count = Math.floor(clients / processes) + (p < clients % processes ? 1 : 0);
    if (count > 0) shares.push({ offset, count });
    offset += count;
  }
  return shares;
}

/** A client process with a typed request/answer channel; a 'failed' report or an exit rejects. */
export class ClientProcess {
  private readonly pending = new Set<{ resolve: (r: ClientReport) => void; reject: (e: Error) => void; event: ClientReport['event'] }>();
  failure: string | undefined;

  constructor(
    readonly name: string,
    readonly child: ChildProcess,
  ) {
    child.on('message', (report: ClientReport) => {
      if (report.event === 'failed') return this.fail(report.reason);
      for (const waiter of this.pending) {
        if (waiter.event !== report.event) continue;
        this.pending.delete(waiter);
        waiter.resolve(report);
        return;
      }
    });
    child.once('exit', (code, signal) => this.fail(`exited (${signal ? `signal ${signal}` : `code ${code}`})`));
  }

  private fail(reason: string): void {
    this.failure ??= `${this.name}: ${reason}`;
    for (const waiter of this.pending) waiter.reject(new BenchFailure(this.failure));
    this.pending.clear();
  }

  ask<E extends ClientReport['event']>(command: ClientCommand, event: E): Promise<Extract<ClientReport, { event: E }>> {
    if (this.failure) return Promise.reject(new BenchFailure(this.failure));
    return new Promise((resolve, reject) => {
      this.pending.add({ resolve: resolve as (r: ClientReport) => void, reject, event });
      this.child.send(command);
    });
  }

  stop(): void {
    this.failure ??= 'stopped';
    if (this.child.connected) this.child.disconnect();
  }
}

export function startClientProcess(name: string): ClientProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', CLIENT_SCRIPT], {
    cwd: ROOT,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new ClientProcess(name, child);
}

/** Starts one more gateway process of the run (same services, bus, Redis and cache namespace). */
async function startExtraGateway(tools: WsBenchTools, run: DistributedRun, database: string): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'gateway/src/server.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: process.env.NODE_ENV ?? 'development',
      NATS_URL: tools.natsUrl,
      REDIS_URL: tools.redisUrl,
      STAFF_HEADER_SECRET: tools.staffSecret,
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      CACHE_NAMESPACE: database,
      RATE_LIMIT_NAMESPACE: database,
      RATE_LIMIT_PER_MINUTE: String(tools.rateLimitPerMinute),
      ...Object.fromEntries(SERVICES.map((s) => [envNameFor(s.name), run.serviceUrls[s.name]])),
    },
    stdio: ['ignore', process.env.BENCH_LOG === '1' ? 'inherit' : 'ignore', process.env.BENCH_LOG === '1' ? 'inherit' : 'ignore'],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitForProcessReady('extra gateway', child, `${url}/readyz`);
  return { url, child };
}

async function json<T>(res: Response): Promise<T> {
  if (!res.ok) throw new BenchFailure(`${res.url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/**
 * `npm run bench ws`: BENCH_WS_CLIENTS (5,000) websocket clients, in BENCH_WS_CLIENT_PROCESSES
 * processes, spread round-robin over BENCH_WS_GATEWAYS gateway processes as a load balancer
 * would, and over BENCH_WS_ADDRESSES loopback source addresses (so the gateways' per-address caps
 * stay as shipped). Prints each gateway's resident memory per idle connection, then for
 * BENCH_WS_POSTS posts (written one after another through the gateways in turn) the time from the
 * write's answer to the `new_post` message on every client: p50, p99, max; last `ws p99 ms: <n>`.
 */
export async function benchWs(tools: WsBenchTools): Promise<void> {
  const settings = wsBenchSettings();
  const database = `wfm_bench_ws_${randomBytes(3).toString('hex')}`;
  const run = await tools.startRun(database);
  const extras: ChildProcess[] = [];
  const clientProcesses: ClientProcess[] = [];
  try {
    const gateways = [{ url: run.gatewayUrl, pid: run.processes.get('gateway')!.pid! }];
    for (let g = 1; g < settings.gateways; g++) {
      const extra = await startExtraGateway(tools, run, database);
      extras.push(extra.child);
      tools.guard.watch(`gateway ${g + 1}`, extra.child);
      gateways.push({ url: extra.url, pid: extra.child.pid! });
    }
    const localAddresses = Array.from({ length: settings.addresses }, (_, i) => `127.0.0.${11 + i}`);
    console.log(
      `\n${settings.clients} websocket clients in ${settings.clientProcesses} processes, round-robin over ${gateways.length} gateway` +
        ` processes and ${localAddresses.length} source addresses`,
    );
    const perGateway = connectionsPerGateway(settings.clients, gateways.length);
    for (const [g, gateway] of gateways.entries()) ensureOpenFiles(`gateway ${g + 1}`, gateway.pid, perGateway[g]!);

    await sleep(SETTLE_MS);
    const idleBefore = gateways.map((g) => rssBytes(g.pid));
    for (const [p, share] of clientShares(settings.clients, settings.clientProcesses).entries()) {
      const clients = startClientProcess(`client process ${p + 1}`);
      clientProcesses.push(clients);
      tools.guard.watch(clients.name, clients.child);
      ensureOpenFiles(clients.name, clients.child.pid!, share.count);
      const plan: ClientPlan = {
        urls: gateways.map((g) => `${g.url.replace(/^http/, 'ws')}/ws`),
        localAddresses,
        count: share.count,
        offset: share.offset,
        concurrency: CONNECT_CONCURRENCY,
      };
      // One process connects at a time: the memory figure is not disturbed by handshakes in flight.
      const connected = await clients.ask({ cmd: 'connect', ...plan }, 'connected');
      if (connected.open !== share.count) throw new BenchFailure(`${clients.name}: ${connected.open} of ${share.count} clients open`);
    }
    await sleep(SETTLE_MS);
    tools.guard.checkAlive();
    const idleAfter = gateways.map((g) => rssBytes(g.pid));
    console.log('\ngateway memory (resident set) with the clients connected and idle');
    const perConnection = gateways.map((_, g) => (idleAfter[g]! - idleBefore[g]!) / perGateway[g]!);
    for (const [g] of gateways.entries()) {
      console.log(
        `gateway ${g + 1}: ${perGateway[g]} connections   RSS ${(idleBefore[g]! / 2 ** 20).toFixed(1)} -> ${(idleAfter[g]! / 2 ** 20).toFixed(1)} MiB` +
          `   ${(perConnection[g]! / 1024).toFixed(1)} KB per idle connection`,
      );
    }

    // Writers: a few visitors (the forum allows 10 posts a minute each), each post through the next gateway.
    const totalPosts = settings.warmUpPosts + settings.posts;
    const writers = await Promise.all(
      Array.from({ length: Math.ceil(totalPosts / 5) }, async (_, i) => {
        const session = await json<{ anon_token: string }>(await fetch(`${gateways[i % gateways.length]!.url}/api/session`, { method: 'POST' }));
        return session.anon_token;
      }),
    );
    const latencies: number[] = [];
    for (let i = 0; i < totalPosts; i++) {
      const warmUp = i < settings.warmUpPosts;
      const gateway = gateways[i % gateways.length]!;
      const res = await fetch(`${gateway.url}/api/posts`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-anon-token': writers[i % writers.length]! },
        body: JSON.stringify({ type: 'Question', title: `Fan-out probe ${i}`, body: `How quickly does a new post reach 5,000 browsers? (probe ${i})`, author_name: 'Anonymous' }),
      });
      const created = await json<{ id: number }>(res);
      const answeredAt = wallClock();
      const answers = await Promise.all(
        clientProcesses.map((clients) => clients.ask({ cmd: 'collect', postId: created.id, timeoutMs: DELIVERY_TIMEOUT_MS }, 'arrivals')),
      );
      // A message that beat the write's answer (the event is relayed as the transaction commits) counts 0.
      const thisPost: number[] = [];
      for (const { times } of answers) for (const at of times) thisPost.push(Math.max(0, at - answeredAt));
      thisPost.sort((a, b) => a - b);
      if (!warmUp) latencies.push(...thisPost);
      if (warmUp || process.env.BENCH_WS_EACH === '1') {
        console.log(
          `${warmUp ? 'warm-up post (not counted)' : `post ${i + 1 - settings.warmUpPosts}`}: first ${thisPost[0]!.toFixed(1)} ms,` +
            ` p50 ${percentile(thisPost, 0.5).toFixed(1)} ms, last ${thisPost.at(-1)!.toFixed(1)} ms`,
        );
      }
      await sleep(BETWEEN_POSTS_MS);
    }
    tools.guard.checkAlive();
    for (const clients of clientProcesses) if (clients.failure) throw new BenchFailure(clients.failure);

    const sorted = latencies.sort((a, b) => a - b);
    const p50 = percentile(sorted, 0.5);
    const p99 = percentile(sorted, 0.99);
    console.log(`\nnew post -> new_post on every client, ${settings.posts} posts x ${settings.clients} clients = ${sorted.length} deliveries`);
    console.log(`(from the write's answer to the message's arrival; target p99 <= ${WS_TARGETS.p99Ms} ms)`);
    console.log(`p50 ${p50.toFixed(1)} ms   p99 ${p99.toFixed(1)} ms   max ${sorted.at(-1)!.toFixed(1)} ms`);
    const worst = Math.max(...perConnection);
    console.log(
      `\ngateway memory per idle connection: ${(worst / 1024).toFixed(1)} KB (worst gateway; target <= ${WS_TARGETS.bytesPerIdleConnection / 1024} KB)`,
    );
    console.log(`ws p99 ms: ${Math.round(p99)}`);
  } finally {
    for (const clients of clientProcesses) {
      tools.guard.release(clients.child);
      clients.stop();
    }
    for (const child of extras) {
      tools.guard.release(child);
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await new Promise((resolve) => child.once('exit', resolve));
      }
    }
    await tools.stopRun(run, database);
  }
}

/** The open-files limits (RLIMIT_NOFILE) of a process; `unlimited` reads as Infinity. */
export function openFilesLimits(pid: number | 'self'): { soft: number; hard: number } {
  const limits = readFileSync(`/proc/${pid}/limits`, 'utf8');
  const [, soft = '0', hard = '0'] = /Max open files\s+(\S+)\s+(\S+)/.exec(limits) ?? [];
  const value = (raw: string) => (raw === 'unlimited' ? Infinity : Number(raw));
  return { soft: value(soft), hard: value(hard) };
}

/** Room for the files, pipes and upstream connections a process holds besides the websockets. */
const FILE_HEADROOM = 512;

/**
 * Makes sure process `pid` may hold `sockets` websockets: raises its soft open-files limit up to
 * its hard one with prlimit(1) (util-linux) when it is too low, and fails the run when even the
 * hard limit is too low (then raise it for the shell that runs the bench: `ulimit -Hn`, as root).
 */
export function ensureOpenFiles(name: string, pid: number, sockets: number): void {
  const needed = sockets + FILE_HEADROOM;
  const { soft, hard } = openFilesLimits(pid);
  if (soft >= needed) return;
  if (hard < needed) {
    throw new BenchFailure(`${name} may open ${hard} files (hard limit) but needs ${needed}: raise it (ulimit -Hn) or lower BENCH_WS_CLIENTS`);
  }
  const raised = spawnSync('prlimit', [`--pid=${pid}`, `--nofile=${needed}:${hard === Infinity ? 'unlimited' : hard}`], { encoding: 'utf8' });
  if (raised.status !== 0) throw new BenchFailure(`could not raise the open-files limit of ${name} to ${needed}: ${raised.stderr || raised.error?.message}`);
}
