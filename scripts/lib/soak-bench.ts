/**
 * `npm run bench soak` (issue 15 item 5): a mixed workload through the gateway of the distributed
 * run for BENCH_SOAK_MINUTES (default 30) — browsing the feed and posts, searching, upvoting,
 * voting on a poll, posting, commenting and booking an AMA seat, with websocket clients connected —
 * printing each minute the throughput, p99 and the resident memory of every process, and ending
 * with `soak ratio last/first: <x.xx>` (requests per second of the last 5 minutes over the first 5).
 *
 * Targets: ratio >= 0.9, and no process's RSS more than 20 % above its size at the end of minute 5.
 * BENCH_SOAK_REPLICAS=2 runs it against the scale-out topology (two of every process behind the
 * balancer). Any non-2xx answer, failed request or exited process stops the bench (bench guard).
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import postgres from 'postgres';
import WebSocket from 'ws';
import { SERVICES } from '@wfm/contracts/shared';
import { signStaffHeaders } from '@wfm/service-kit';
import { startDistributed, type DistributedOptions, type DistributedRun } from './distributed.ts';
import { BenchFailure, type BenchGuard } from './bench-guard.ts';
import { SEARCH_WORDS, seedFeed } from './feed-seed.ts';
import { freePort, freePorts } from './free-ports.ts';
import { cpuMicrosOf } from './process-cpu.ts';
import { PgActivitySampler } from './pg-activity-sampler.ts';
import { searchPaths } from './search-workload.ts';

export interface SoakDeps {
  guard: BenchGuard;
  pgAdminUrl: string;
  servicePassword: string;
  /** The benches' distributed-run options (free ports, Redis, rate limits out of the way). */
  options(database: string): Promise<DistributedOptions>;
  dropDatabase(database: string): Promise<void>;
}

export const SOAK_SETTINGS = {
  minutes: Number(process.env.BENCH_SOAK_MINUTES ?? 30),
  /** Concurrent request loops of the load generator (closed loop: each waits for its answer). */
  connections: Number(process.env.BENCH_SOAK_CONNECTIONS ?? 16),
  websocketClients: Number(process.env.BENCH_SOAK_WS_CLIENTS ?? 200),
  replicas: Number(process.env.BENCH_SOAK_REPLICAS ?? 1),
  /** Load before minute 1 starts, so JIT and caches are warm for the first window as for the last. */
  warmUpSeconds: Number(process.env.BENCH_SOAK_WARMUP_SECONDS ?? 30),
  seedPosts: 5_000,
  visitors: 200,
};

/** The share of each kind of call in the mix (a visitor browses much more than writes). */
const MIX = [
  ['feed', 34],
  ['post', 30],
  ['search', 10],
  ['upvote', 8],
  ['comment', 6],
  ['poll vote', 4],
  ['booking', 4],
  ['new post', 4],
] as const;
type Kind = (typeof MIX)[number][0];

const WINDOW_MINUTES = 5;
const RSS_GROWTH_LIMIT = 0.2;
const RATIO_TARGET = 0.9;

/** What the load generator counts between two samples. */
class Minute {
  requests = 0;
  latencies: number[] = [];
  failures: string[] = [];
  failed = 0;
  byKind = new Map<Kind, number>();
  /** Summed latency (ms) of each kind: a kind that slows down as the data grows shows here first. */
  msByKind = new Map<Kind, number>();
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

function rssMiB(pid: number | undefined): number {
  if (pid === undefined) return 0;
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

function cpuMicros(pid: number | undefined): number {
  if (pid === undefined) return 0;
  try {
    return cpuMicrosOf(pid);
  } catch {
    return 0;
  }
}

const BOOKING_METHODS = ['paypal', 'gcash', 'bank_transfer'] as const;

/**
 * Text made of the seed's vocabulary, as the seeded posts are: the soak's posts and comments vary
 * like real ones. (Written as one fixed sentence, 23,000 identical posts made every search for a
 * seeded word walk past all of them: a correlation no community's content has.)
 */
function vocabularyText(words: number, seed: number): string {
  const vocabulary = SEARCH_WORDS.common;
  return Array.from({ length: words }, (_, i) => vocabulary[(seed * 7919 + i * 104_729) % vocabulary.length]).join(' ');
}

export async function benchSoak(deps: SoakDeps): Promise<void> {
  const settings = SOAK_SETTINGS;
  if (!(settings.minutes >= 2)) throw new Error('BENCH_SOAK_MINUTES must be at least 2');
  // Sessions, posts and votes from one address (the load generator) far beyond the per-address
  // limits sized for one contact centre; the limits themselves are tested elsewhere.
  process.env.RATE_LIMIT_SCALE = '100000';
  const database = `wfm_bench_soak_${randomBytes(3).toString('hex')}`;
  const base = await deps.options(database);
  const replicas = settings.replicas;
  const options: DistributedOptions = {
    ...base,
    replicas,
    // On a loaded shared machine the processes took minutes to start (60 s was not enough).
    readyTimeoutMs: Number(process.env.BENCH_READY_TIMEOUT_SECONDS ?? 600) * 1_000,
    servicePorts: await freePorts(SERVICES.length * replicas),
    ...(replicas > 1 ? { gatewayReplicaPorts: await Promise.all(Array.from({ length: replicas }, () => freePort())) } : {}),
  };
  let run: DistributedRun;
  try {
    run = await startDistributed(options);
  } catch (err) {
    await deps.dropDatabase(database);
    throw err;
  }
  deps.guard.watchAll(run.processes);
  const sockets: WebSocket[] = [];
  try {
    await soak(run, options, deps, sockets);
  } finally {
    for (const ws of sockets) ws.terminate();
    deps.guard.stopWatching();
    await run.stop();
    await deps.dropDatabase(database);
  }
}

async function soak(run: DistributedRun, options: DistributedOptions, deps: SoakDeps, sockets: WebSocket[]): Promise<void> {
  const settings = SOAK_SETTINGS;
  const gateway = run.gatewayUrl;

  // --- data: seeded posts, visitors, a poll, an AMA session without a participant limit ------
  const forumUrl = new URL(deps.pgAdminUrl);
  forumUrl.pathname = `/${options.database}`;
  forumUrl.username = 'forum_svc';
  forumUrl.password = deps.servicePassword;
  await seedFeed(forumUrl.toString(), settings.seedPosts);
  const forumSql = postgres(forumUrl.toString(), { max: 1, onnotice: () => {} });
  const postIds = (await forumSql<Array<{ id: number }>>`SELECT id FROM forum.posts ORDER BY id`).map((r) => Number(r.id));
  await forumSql.end();

  const json = async <T>(res: Response, what: string): Promise<T> => {
    if (!res.ok) throw new Error(`${what} answered ${res.status}: ${await res.text()}`);
    return (await res.json()) as T;
  };
  const newToken = async () =>
    (await json<{ anon_token: string }>(await fetch(`${gateway}/api/session`, { method: 'POST' }), 'POST /api/session')).anon_token;
  const tokens = await Promise.all(Array.from({ length: settings.visitors }, newToken));
  const poll = await json<{ id: number; options: Array<{ id: number }> }>(
    await fetch(`${gateway}/api/polls`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-anon-token': tokens[0]! },
      body: JSON.stringify({
        title: 'Soak: which forecasting method do you trust?',
        description: 'Asked again and again by the soak bench.',
        category: 'general',
        options: ['Erlang C', 'Simulation', 'Machine learning'],
        created_by: 'Anonymous',
      }),
    }),
    'POST /api/polls',
  );
  const sessionPath = '/api/admin/ama/sessions';
  const ama = await json<{ id: number }>(
    await fetch(`${run.serviceUrls['ama-booking']}${sessionPath}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...signStaffHeaders(options.staffSecret, { id: 1, username: 'soak-admin', role: 'Admin' }, { method: 'POST', url: sessionPath }),
      },
      body: JSON.stringify({
        title: 'Soak: capacity planning AMA',
        host_name: 'Soak Host',
        scheduled_time: Date.now() + 30 * 24 * 3_600_000,
        duration_minutes: 60,
        max_participants: null,
        max_questions: 50,
      }),
    }),
    'creating the AMA session',
  );

  // --- websocket clients, spread over the gateways as a balancer would -----------------------
  let wsMessages = 0;
  const wsUrls = run.gatewayUrls.map((u) => `${u.replace('http', 'ws')}/ws`);
  for (let i = 0; i < settings.websocketClients; i++) {
    const ws = new WebSocket(wsUrls[i % wsUrls.length]!);
    sockets.push(ws);
    ws.on('message', () => wsMessages++);
    ws.on('error', () => {});
  }
  await Promise.all(
    sockets.map(
      (ws) =>
        new Promise<void>((resolve, reject) => {
          ws.once('open', () => resolve());
          ws.once('error', reject);
        }),
    ),
  );
  let wsClosed = 0;
  for (const ws of sockets) ws.once('close', () => wsClosed++);

  // --- the workload ---------------------------------------------------------------------------
  const searches = searchPaths();
  const total = MIX.reduce((n, [, w]) => n + w, 0);
  let counter = 0;
  let bookings = 0;
  let searchIndex = 0;
  const pickKind = (): Kind => {
    let r = (counter++ * 7919) % total; // a fixed, evenly spread sequence
    for (const [kind, weight] of MIX) {
      if (r < weight) return kind;
      r -= weight;
    }
    return 'feed';
  };
  const randomPost = () => postIds[Math.floor(Math.random() * postIds.length)]!;
  const randomToken = () => tokens[Math.floor(Math.random() * tokens.length)]!;
  const createdPosts: number[] = [];

  let current = new Minute();
  const call = async (kind: Kind, method: string, path: string, body?: unknown, token?: string): Promise<unknown> => {
    const started = performance.now();
    const minute = current;
    try {
      const res = await fetch(`${gateway}${path}`, {
        method,
        headers: {
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(token ? { 'x-anon-token': token } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      minute.requests++;
      minute.latencies.push(performance.now() - started);
      minute.byKind.set(kind, (minute.byKind.get(kind) ?? 0) + 1);
      minute.msByKind.set(kind, (minute.msByKind.get(kind) ?? 0) + (performance.now() - started));
      if (res.status < 200 || res.status >= 300) {
        minute.failed++;
        if (minute.failures.length < 5) minute.failures.push(`${method} ${path.slice(0, 60)}: ${res.status} ${text.slice(0, 120)}`);
        return undefined;
      }
      return text ? JSON.parse(text) : undefined;
    } catch (err) {
      minute.failed++;
      if (minute.failures.length < 5) minute.failures.push(`${method} ${path.slice(0, 60)}: ${(err as Error).message}`);
      return undefined;
    }
  };

  const step = async (kind: Kind) => {
    switch (kind) {
      case 'feed':
        await call(kind, 'GET', counter % 3 === 0 ? '/api/posts?sort=trending' : '/api/posts');
        return;
      case 'post': {
        // Mostly seeded posts, sometimes one written during the soak.
        const recent = createdPosts.length > 0 && counter % 4 === 0 ? createdPosts[createdPosts.length - 1 - (counter % Math.min(20, createdPosts.length))] : undefined;
        await call(kind, 'GET', `/api/posts/${recent ?? randomPost()}`);
        return;
      }
      case 'search':
        await call(kind, 'GET', searches[searchIndex++ % searches.length]!);
        return;
      case 'upvote':
        await call(kind, 'POST', `/api/posts/${randomPost()}/upvote`, undefined, randomToken());
        return;
      case 'comment':
        await call(kind, 'POST', '/api/comments', { post_id: randomPost(), body: vocabularyText(8 + (counter % 30), counter), author_name: 'Anonymous' }, randomToken());
        return;
      case 'new post': {
        const created = (await call(
          kind,
          'POST',
          '/api/posts',
          {
            type: 'Question',
            title: `Soak ${counter}: ${vocabularyText(4 + (counter % 5), counter)}`,
            body: vocabularyText(40 + (counter % 80), counter + 1),
            author_name: 'Anonymous',
            tags: vocabularyText(1 + (counter % 3), counter + 2).replaceAll(' ', ','),
          },
          randomToken(),
        )) as { id?: number; held?: boolean } | undefined;
        // A post the duplicate-content check held for review (the soak's bodies come from one
        // vocabulary, so some repeat) has its id but no page until staff release it: not read.
        if (created?.id && !created.held) {
          createdPosts.push(created.id);
          if (createdPosts.length > 200) createdPosts.shift();
        }
        return;
      }
      case 'poll vote': {
        // Once per visitor: a new visitor for every vote (its session call is part of the mix).
        const session = (await call(kind, 'POST', '/api/session')) as { anon_token?: string } | undefined;
        if (!session?.anon_token) return;
        const option = poll.options[counter % poll.options.length]!.id;
        await call(kind, 'POST', `/api/polls/${poll.id}/vote`, { option_id: option }, session.anon_token);
        return;
      }
      case 'booking': {
        // Taken before the first await: `counter` read after it may be another loop's too (two
        // bookings with one email are refused as the same person's, a 409 the run counts as failed).
        const n = ++bookings;
        const session = (await call(kind, 'POST', '/api/session')) as { anon_token?: string } | undefined;
        if (!session?.anon_token) return;
        await call(
          kind,
          'POST',
          `/api/ama/sessions/${ama.id}/book`,
          {
            participant_name: `Soak Visitor ${n}`,
            participant_email: `soak${n}@bench.example`,
            participant_phone: `+1555${String(n % 1_000_000).padStart(6, '0')}`,
            payment_method: BOOKING_METHODS[n % 3],
          },
          session.anon_token,
        );
        return;
      }
    }
  };

  let running = true;
  const loops = Array.from({ length: settings.connections }, async () => {
    while (running) await step(pickKind());
  });

  const processes = () => [...run.processes.entries()].sort(([a], [b]) => a.localeCompare(b));
  const names = processes().map(([name]) => name);
  console.log(
    `\nsoak: ${settings.minutes} min through ${run.replicas > 1 ? `the balancer in front of ${run.replicas} gateways` : 'the gateway'}` +
      ` (${run.replicas} replica${run.replicas > 1 ? 's' : ''} of every service), ${settings.connections} request loops,` +
      ` ${settings.websocketClients} websocket clients, ${settings.seedPosts} seeded posts; warm-up ${settings.warmUpSeconds} s`,
  );
  console.log(`mix (% of calls): ${MIX.map(([k, w]) => `${k} ${Math.round((w / total) * 100)}`).join(', ')}`);
  console.log('poll votes and bookings first open a session for a new visitor (two requests)\n');

  const pgAdmin = new URL(deps.pgAdminUrl);
  pgAdmin.pathname = `/${options.database}`;
  const pg = new PgActivitySampler(pgAdmin.toString(), options.database);
  await new Promise((r) => setTimeout(r, settings.warmUpSeconds * 1_000));
  pg.start();
  const warm = current;
  if (warm.failed > 0) {
    running = false;
    await Promise.all(loops);
    await pg.stop();
    throw new BenchFailure(`warm-up: ${warm.failed} calls failed: ${warm.failures.join('; ')}`);
  }
  current = new Minute();
  pg.takeMinute();
  let pgCpuTotal = 0;

  const perMinute: Array<{ reqPerSec: number; p99: number; rss: Map<string, number> }> = [];
  let cpuBefore = new Map(processes().map(([name, child]) => [name, cpuMicros(child.pid)]));
  const cpuAtStart = new Map(cpuBefore);
  let totalRequests = 0;
  const requestsByKind = new Map<Kind, number>();
  let clientCpuBefore = process.cpuUsage();
  let minuteStarted = performance.now();
  try {
    for (let minute = 1; minute <= settings.minutes; minute++) {
      await new Promise((r) => setTimeout(r, Math.max(0, minuteStarted + 60_000 - performance.now())));
      const done = current;
      current = new Minute();
      const seconds = (performance.now() - minuteStarted) / 1000;
      minuteStarted = performance.now();
      deps.guard.checkAlive();
      if (done.failed > 0) throw new BenchFailure(`minute ${minute}: ${done.failed} calls failed: ${done.failures.join('; ')}`);
      if (wsClosed > 0) throw new BenchFailure(`minute ${minute}: ${wsClosed} websocket clients were disconnected`);

      const latencies = done.latencies.sort((a, b) => a - b);
      const rss = new Map(processes().map(([name, child]) => [name, rssMiB(child.pid)]));
      const cpuNow = new Map(processes().map(([name, child]) => [name, cpuMicros(child.pid)]));
      const serverCpu = [...cpuNow].reduce((n, [name, micros]) => n + (micros - (cpuBefore.get(name) ?? micros)), 0);
      const clientCpu = process.cpuUsage(clientCpuBefore);
      cpuBefore = cpuNow;
      clientCpuBefore = process.cpuUsage();
      totalRequests += done.requests;
      for (const [kind, n] of done.byKind) requestsByKind.set(kind, (requestsByKind.get(kind) ?? 0) + n);
      const figures = { reqPerSec: done.requests / seconds, p99: percentile(latencies, 99), rss };
      perMinute.push(figures);
      console.log(
        `minute ${String(minute).padStart(2)}  ${figures.reqPerSec.toFixed(0).padStart(5)} req/s  p50 ${percentile(latencies, 50).toFixed(0).padStart(3)} ms` +
          `  p99 ${figures.p99.toFixed(0).padStart(4)} ms  ws msgs ${String(wsMessages).padStart(8)}` +
          `  CPU/req: servers ${(serverCpu / Math.max(1, done.requests)).toFixed(0)} µs, load generator ${((clientCpu.user + clientCpu.system) / Math.max(1, done.requests)).toFixed(0)} µs` +
          `  load ${readFileSync('/proc/loadavg', 'utf8').split(' ')[0]}`,
      );
      console.log(`           RSS MiB: ${names.map((n) => `${n} ${rss.get(n)!.toFixed(0)}`).join(', ')}`);
      const postgresFigures = pg.takeMinute(4);
      pgCpuTotal += postgresFigures.cpuMicros;
      console.log(
        `           PostgreSQL: CPU/req ${(postgresFigures.cpuMicros / Math.max(1, done.requests)).toFixed(0)} µs, statements active at once ${postgresFigures.busy.toFixed(2)};` +
          ` most sampled: ${postgresFigures.statements.map((s) => `${(s.share * 100).toFixed(0)} % ${s.query}`).join(' | ')}`,
      );
      console.log(
        `           mean ms by kind: ${MIX.map(([kind]) => `${kind} ${((done.msByKind.get(kind) ?? 0) / Math.max(1, done.byKind.get(kind) ?? 0)).toFixed(1)}`).join(', ')}`,
      );
    }
  } finally {
    running = false;
    await Promise.all(loops);
    await pg.stop();
  }

  // --- summary ----------------------------------------------------------------------------------
  const window = Math.min(WINDOW_MINUTES, Math.floor(settings.minutes / 2));
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const first = mean(perMinute.slice(0, window).map((m) => m.reqPerSec));
  const last = mean(perMinute.slice(-window).map((m) => m.reqPerSec));
  const ratio = last / first;
  const baseline = perMinute[window - 1]!.rss;
  const final = perMinute[perMinute.length - 1]!.rss;
  const growth = names.map((name) => ({ name, from: baseline.get(name)!, to: final.get(name)!, pct: final.get(name)! / baseline.get(name)! - 1 }));
  console.log(`\nRSS after minute ${window} -> minute ${settings.minutes} (MiB):`);
  for (const g of growth) console.log(`  ${g.name.padEnd(14)} ${g.from.toFixed(1).padStart(6)} -> ${g.to.toFixed(1).padStart(6)}  ${g.pct >= 0 ? '+' : ''}${(g.pct * 100).toFixed(1)} %`);
  const grown = growth.filter((g) => g.pct > RSS_GROWTH_LIMIT);
  // For the capacity model (docs/operations.md): what each process spent per request of the mix.
  const cpuEnd = new Map(processes().map(([name, child]) => [name, cpuMicros(child.pid)]));
  const perProcess = names.map((name) => ({ name, micros: ((cpuEnd.get(name) ?? 0) - (cpuAtStart.get(name) ?? 0)) / Math.max(1, totalRequests) }));
  const allMicros = perProcess.reduce((n, p) => n + p.micros, 0);
  console.log(`
CPU per request of the mix, by process (µs): ${perProcess.map((p) => `${p.name} ${p.micros.toFixed(0)}`).join(', ')}; PostgreSQL ${(pgCpuTotal / Math.max(1, totalRequests)).toFixed(0)}`);
  console.log(
    `all processes: ${allMicros.toFixed(0)} µs per request = ${(1e6 / Math.max(1, allMicros)).toFixed(0)} req/s per core of this mix` +
      ` (requests by kind: ${[...requestsByKind].map(([k, n]) => `${k} ${n}`).join(', ')})`,
  );
  console.log(
    `\nthroughput first ${window} min ${first.toFixed(0)} req/s, last ${window} min ${last.toFixed(0)} req/s;` +
      ` p99 first ${mean(perMinute.slice(0, window).map((m) => m.p99)).toFixed(0)} ms, last ${mean(perMinute.slice(-window).map((m) => m.p99)).toFixed(0)} ms`,
  );
  console.log(
    `targets: ratio >= ${RATIO_TARGET} ${ratio >= RATIO_TARGET ? 'met' : 'MISSED'};` +
      ` RSS growth <= ${RSS_GROWTH_LIMIT * 100} % after minute ${window} ${grown.length === 0 ? 'met' : `MISSED (${grown.map((g) => g.name).join(', ')})`}` +
      (settings.minutes < 2 * WINDOW_MINUTES ? ` (a shortened run: windows of ${window} min)` : ''),
  );
  console.log(`soak ratio last/first: ${ratio.toFixed(2)}`);
}
