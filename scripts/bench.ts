/**
 * `npm run bench <name>`: benchmarks that print their figures.
 *   gateway  identity GET directly on the service vs through the gateway (distributed run),
 *            plus the single-node process's RSS after start-up.
 *   feed     10,000 seeded posts; the feed, search, trending, a post's detail and its server-rendered page through the
 *            gateway against its no-I/O ceiling (/healthz); the same answers from a bare node:http
 *            server for scale; write -> websocket latency.
 *   search   10,000 seeded posts; varied searches through the gateway, each request a different
 *            query (every answer checked to be a cache MISS), and uncached latest/trending pages.
 *   jobs     5,000 seeded job postings; the public jobs list (and a search) through the gateway's
 *            read cache against its ceiling (scripts/lib/jobs-bench.ts).
 *   polls    2,000 verified visitors vote on one poll through the gateway (tally checked), then the
 *            poll detail and list reads against the gateway's ceiling (scripts/lib/polls-bench.ts).
 *   ama      2,000 verified visitors book a 500-place AMA session through the gateway
 *            (scripts/lib/ama-bench.ts): exactly 500 bookings, every other answer a clear 4xx.
 *   soak     a mixed workload with websocket clients for BENCH_SOAK_MINUTES (30): req/s, p99 and every
 *            process's RSS each minute, then `soak ratio last/first` (scripts/lib/soak-bench.ts).
 *   lighthouse  Lighthouse mobile performance of every public page, first visit and returning visitor,
 *            LIGHTHOUSE_RUNS (5) runs each, on LIGHTHOUSE_POSTS (500) seeded posts: medians of
 *            performance, TBT, LCP, max potential FID and CLS, the machine's benchmarkIndex; ends with
 *            `lighthouse worst median: <n>` (scripts/lib/lighthouse-bench.ts).
 *   ws       5,000 websocket clients round-robin over two gateway processes: gateway memory per
 *            idle connection, then new post -> new_post on every client, p50/p99/max
 *            (scripts/lib/ws-bench.ts); ends with `ws p99 ms: <n>`.
 *
 * Every bench runs on free ports, and stops with a non-zero exit before printing its ratios or
 * final line when a process it launched exits or a measured request fails or answers non-2xx
 * (scripts/lib/bench-guard.ts).
 */
import { randomBytes } from 'node:crypto';
import { uniqueUsername } from '@wfm/service-kit/testing-names';
import { readFileSync } from 'node:fs';
import { spawn } from 'node:child_process';
import path from 'node:path';
import postgres from 'postgres';
import { SERVICES } from '@wfm/contracts/shared';
import { startDistributed, type DistributedOptions, type DistributedRun } from './lib/distributed.ts';
import { benchAma as runAmaBench } from './lib/ama-bench.ts';
import { recordAnswer, startBareReference } from './lib/bare-reference.ts';
import { BenchFailure, BenchGuard } from './lib/bench-guard.ts';
import { SEARCH_WORD, seedFeed } from './lib/feed-seed.ts';
import { freePort, freePorts } from './lib/free-ports.ts';
import { benchJobs } from './lib/jobs-bench.ts';
import { benchLighthouse } from './lib/lighthouse-bench.ts';
import { benchWs } from './lib/ws-bench.ts';
import { runLoad, type LoadSpec } from './lib/load-generator.ts';
import { measureWriteToWebsocket } from './lib/realtime-latency.ts';
import { benchPolls } from './lib/polls-bench.ts';
import { benchSoak } from './lib/soak-bench.ts';
import { pagePaths, searchPaths } from './lib/search-workload.ts';
import { waitForProcessReady } from './lib/wait.ts';
import { buildWebAppsIfStale } from './lib/web-build.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const PG_ADMIN_URL = process.env.PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
// Benches measure throughput, not the limiters: every process they launch inherits limits scaled out
// of the way. The counters live in the shared Redis for an hour, so without this a bench that
// issues visitor tokens from one address met identity's per-address limit after an earlier bench.
process.env.RATE_LIMIT_SCALE ??= '1000';
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

interface MeasureOptions {
  /** Also print the bytes per answer and the CPU time per request of the gateway and of autocannon. */
  gatewayPid?: number;
  /** Also print the CPU time per request of these processes, and of this machine's PostgreSQL and Redis. */
  servicePids?: Record<string, number>;
  /** Request these paths of `url`'s origin one after the other instead of `url` itself. */
  paths?: string[];
  /** A header every answer must carry (else the measurement fails). */
  expectHeader?: LoadSpec['expectHeader'];
}

/** Checks every measurement and every launched process; set by the bench that runs. */
const guard = new BenchGuard();

/** Before each measured run, in the same load-generator process, so JIT and sockets are warm. */
const WARM_UP_SECONDS = 2;

async function measure(label: string, url: string, opts: MeasureOptions = {}): Promise<Figures> {
  const result = await runLoad({
    url,
    connections: CONNECTIONS,
    seconds: DURATION,
    warmUpSeconds: WARM_UP_SECONDS,
    serverPid: opts.gatewayPid,
    paths: opts.paths,
    expectHeader: opts.expectHeader,
    ...(opts.servicePids ? { otherPids: opts.servicePids, serverCpu: true } : {}),
  });
  // Figures over failed or unexpected answers, or with a launched process gone, are not printed.
  guard.check(label, result);
  const figures = {
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
    cost =
      `   body ${(body.length / 1024).toFixed(1).padStart(4)} KB   CPU/request: gateway ${gatewayCpu.toFixed(0)} µs,${others.join('')}` +
      ` autocannon ${(result.clientCpuMicros / requests).toFixed(0)} µs`;
  }
  console.log(
    `${label.padEnd(34)} ${figures.reqPerSec.toFixed(0).padStart(8)} req/s   p50 ${String(figures.p50).padStart(2)} ms` +
      `   p99 ${String(figures.p99).padStart(3)} ms${cost}`,
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

/** The distributed run every benchmark uses: free ports, Redis, rate limits out of the way. */
async function distributedOptions(database: string): Promise<DistributedOptions> {
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
    logLevel: 'warn',
    // BENCH_LOG=1 shows the launched processes' warnings (e.g. why one did not become ready).
    stdio: process.env.BENCH_LOG === '1' ? 'inherit' : 'ignore',
  };
}

const BENCH_SERVICE_PASSWORD = 'bench-service-password';

/** Starts the distributed run on free ports with every process watched by the guard. */
async function startRun(database: string): Promise<DistributedRun> {
  try {
    const run = await startDistributed(await distributedOptions(database));
    guard.watchAll(run.processes);
    return run;
  } catch (err) {
    // The launcher has created the database before a process failed to start: leave nothing behind.
    await dropDatabase(database);
    throw err;
  }
}

async function stopRun(run: DistributedRun, database: string): Promise<void> {
  guard.stopWatching();
  await run.stop();
  await dropDatabase(database);
}

/** Seeds FEED_POSTS posts as the forum's own role (feed and search benches). */
async function seed(database: string, posts = FEED_POSTS) {
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

async function benchGateway() {
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

const FEED_POSTS = 10_000;
const LATENCY_WRITES = 20;

async function benchFeed() {
  // The post's server-rendered page is measured too: it needs the built web app (503 without it).
  await buildWebAppsIfStale();
  const database = `wfm_bench_feed_${randomBytes(3).toString('hex')}`;
  const run = await startRun(database);
  try {
    const seeded = await seed(database);

    const gateway = run.gatewayUrl;
    const gatewayPid = run.processes.get('gateway')?.pid;
    console.log(`\nthrough the gateway — ${CONNECTIONS} connections, ${DURATION} s each, loopback`);
    console.log('(the ceiling is measured before and after each read, and each ratio uses the mean of the two,');
    console.log(' so a slow drift of this shared machine weighs on both sides alike)\n');
    const ceilingLabel = 'GET /healthz (ceiling, no proxy)';
    // name: how the read is printed; path: what is requested.
    const reads = [
      { name: '/api/posts (latest)', path: '/api/posts' },
      { name: '/api/posts?sort=trending', path: '/api/posts?sort=trending' },
      { name: `/api/posts?q=${SEARCH_WORD}`, path: `/api/posts?q=${SEARCH_WORD}` },
      { name: '/api/posts/{id}', path: `/api/posts/${seeded.detailId}` },
      // The same post as the server-rendered page (gateway/src/html-pages.ts), cached like its JSON.
      { name: '/post/{id} (HTML)', path: `/post/${seeded.detailId}` },
    ];
    let before = await measure(ceilingLabel, `${gateway}/healthz`, { gatewayPid });
    const ratios: Array<{ name: string; ratio: number }> = [];
    for (const { name, path } of reads) {
      const label = `GET ${name}`;
      const figures = await measure(label, `${gateway}${path}`, { gatewayPid });
      const after = await measure(ceilingLabel, `${gateway}/healthz`, { gatewayPid });
      ratios.push({ name, ratio: figures.reqPerSec / ((before.reqPerSec + after.reqPerSec) / 2) });
      before = after;
    }

    // The same two answers from a bare node:http server: what moving the bytes costs on this box.
    console.log(`\nbare node:http replaying the gateway's /healthz and latest-feed answers (headers and bytes)\n`);
    const reference = await startBareReference({
      healthz: await recordAnswer(`${gateway}/healthz`),
      feed: await recordAnswer(`${gateway}/api/posts`),
    });
    guard.watch('bare reference server', reference.process);
    let bareRatio: number;
    try {
      const bareBefore = await measure('bare GET /healthz', `${reference.url}/healthz`);
      const bareFeed = await measure('bare GET /feed (latest feed bytes)', `${reference.url}/feed`);
      const bareAfter = await measure('bare GET /healthz', `${reference.url}/healthz`);
      bareRatio = bareFeed.reqPerSec / ((bareBefore.reqPerSec + bareAfter.reqPerSec) / 2);
      guard.checkAlive();
    } finally {
      guard.release(reference.process);
      await reference.stop();
    }

    // What the forum service does on its own for the reads the cache spares it.
    console.log(`\nforum service direct (no cache), same load\n`);
    const direct = [
      ['GET /api/posts (latest)', ''],
      ['GET /api/posts?sort=trending', '?sort=trending'],
      [`GET /api/posts?q=${SEARCH_WORD}`, `?q=${SEARCH_WORD}`],
    ] as const;
    for (const [label, query] of direct) await measure(label, `${run.serviceUrls.forum}/api/posts${query}`);

    // Last, because its posts would otherwise head the feed measured above.
    const latency = await measureWriteToWebsocket(run.gatewayUrl, LATENCY_WRITES);
    console.log(`\nwrite -> websocket, ${LATENCY_WRITES} writes each (from the write's response to the message)`);
    for (const [label, figures] of [['new post -> new_post', latency.post], ['comment -> new_comment', latency.comment]] as const) {
      console.log(`${label.padEnd(34)} p50 ${figures.p50.toFixed(1)} ms   max ${figures.max.toFixed(1)} ms`);
    }

    guard.checkAlive();
    console.log('');
    for (const { name, ratio } of ratios.slice(1)) console.log(`ratio ${name}/ceiling: ${ratio.toFixed(2)}`);
    console.log(`ratio bare node:http feed/healthz, same bytes: ${bareRatio.toFixed(2)}`);
    const ratioOf = (name: string) => ratios.find((r) => r.name === name)!.ratio;
    console.log(`ratio post HTML/post JSON: ${(ratioOf('/post/{id} (HTML)') / ratioOf('/api/posts/{id}')).toFixed(2)}`);
    console.log(`ratio feed/ceiling: ${ratios[0]!.ratio.toFixed(2)}`);
  } finally {
    await stopRun(run, database);
  }
}

/** Every answer of the uncached measurements must say the gateway asked the forum service. */
const CACHE_MISS = { name: 'x-cache', value: 'MISS' };

async function benchSearch() {
  const database = `wfm_bench_search_${randomBytes(3).toString('hex')}`;
  const run = await startRun(database);
  try {
    await seed(database);
    const gateway = run.gatewayUrl;
    const searches = searchPaths();
    console.log(`\nthrough the gateway — ${CONNECTIONS} connections, ${DURATION} s each (after ${WARM_UP_SECONDS} s warm-up), loopback`);
    console.log(`each request a different URL (${searches.length} search queries: one and two words, common and rare),`);
    console.log('and every answer checked to carry X-Cache: MISS, so the forum service and PostgreSQL answer each one\n');
    const gatewayPid = run.processes.get('gateway')?.pid;
    const forumPid = run.processes.get('forum')?.pid;
    const servicePids = forumPid === undefined ? undefined : { forum: forumPid };
    const search = await measure('GET /api/posts?q=<varied>', gateway, { paths: searches, expectHeader: CACHE_MISS, gatewayPid, servicePids });
    const latest = await measure('GET /api/posts?sort=latest <pages>', gateway, {
      paths: pagePaths('latest'),
      expectHeader: CACHE_MISS,
      gatewayPid,
      servicePids,
    });
    const trending = await measure('GET /api/posts?sort=trending <pages>', gateway, {
      paths: pagePaths('trending'),
      expectHeader: CACHE_MISS,
      gatewayPid,
      servicePids,
    });
    // The same workloads straight on the forum service, as issue 8 first measured them: what the
    // service and PostgreSQL cost without the gateway's hop.
    console.log('\nstraight on the forum service (no gateway, no cache), same workloads:');
    const forum = run.serviceUrls.forum;
    const directSearch = await measure('forum: GET /api/posts?q=<varied>', forum, { paths: searches });
    const directLatest = await measure('forum: latest <pages>', forum, { paths: pagePaths('latest') });
    const directTrending = await measure('forum: trending <pages>', forum, { paths: pagePaths('trending') });
    guard.checkAlive();
    console.log('');
    console.log(`straight on the forum: search p99 ms: ${directSearch.p99}   latest p99 ms: ${directLatest.p99}   trending p99 ms: ${directTrending.p99}`);
    console.log(`search req/s: ${search.reqPerSec.toFixed(0)}   p50 ms: ${search.p50}   p99 ms: ${search.p99}`);
    console.log(`uncached latest p99 ms: ${latest.p99}`);
    console.log(`uncached trending p99 ms: ${trending.p99}`);
    console.log(`search p99 ms: ${search.p99}`);
  } finally {
    await stopRun(run, database);
  }
}

async function benchAma() {
  const database = `wfm_bench_ama_${randomBytes(3).toString('hex')}`;
  const run = await startRun(database);
  try {
    const options = await distributedOptions(database);
    await runAmaBench({
      gatewayUrl: run.gatewayUrl,
      amaUrl: run.serviceUrls['ama-booking'],
      staffSecret: options.staffSecret,
      connections: CONNECTIONS,
      checkAlive: () => guard.checkAlive(),
    });
  } finally {
    await stopRun(run, database);
  }
}

/** Lighthouse on every public page of a distributed run seeded with LIGHTHOUSE_POSTS posts (scripts/lib/lighthouse-bench.ts). */
async function lighthouseBench() {
  await buildWebAppsIfStale();
  const database = `wfm_bench_lh_${randomBytes(3).toString('hex')}`;
  const admin = { username: 'bench-admin', password: 'bench-admin-password-0001' };
  let run: DistributedRun;
  try {
    run = await startDistributed({ ...(await distributedOptions(database)), env: { ADMIN_USERNAME: admin.username, ADMIN_PASSWORD: admin.password } });
    guard.watchAll(run.processes);
  } catch (err) {
    await dropDatabase(database);
    throw err;
  }
  try {
    const seeded = await seed(database, Number(process.env.LIGHTHOUSE_POSTS ?? 500));
    await benchLighthouse({ siteUrl: run.gatewayUrl, admin, postId: seeded.detailId, checkAlive: () => guard.checkAlive() });
  } finally {
    await stopRun(run, database);
  }
}

const benches: Record<string, () => Promise<void>> = {
  lighthouse: lighthouseBench,
  gateway: benchGateway,
  feed: benchFeed,
  search: benchSearch,
  jobs: () =>
    benchJobs({ pgAdminUrl: PG_ADMIN_URL, servicePassword: BENCH_SERVICE_PASSWORD, startRun, stopRun, measure, checkAlive: () => guard.checkAlive() }),
  ama: benchAma,
  polls: () => benchPolls({ guard, connections: CONNECTIONS, startRun, stopRun, measure }),
  soak: () =>
    benchSoak({ guard, pgAdminUrl: PG_ADMIN_URL, servicePassword: BENCH_SERVICE_PASSWORD, options: distributedOptions, dropDatabase }),
  ws: async () => {
    const options = await distributedOptions('unused');
    await benchWs({
      guard,
      startRun,
      stopRun,
      natsUrl: options.natsUrl,
      redisUrl: options.redisUrl!,
      staffSecret: options.staffSecret,
      rateLimitPerMinute: options.rateLimitPerMinute!,
    });
  },
};
const name = process.argv[2];
const bench = name ? benches[name] : undefined;
if (!bench) {
  console.error(`usage: npm run bench <${Object.keys(benches).join('|')}>`);
  process.exit(2);
}
try {
  await bench();
} catch (err) {
  // No figure line after a failure: the run says why and exits non-zero.
  console.error(`\nbench ${name} failed${err instanceof BenchFailure ? ' (its figures would mislead)' : ''}: ${(err as Error).message}`);
  process.exit(1);
}
