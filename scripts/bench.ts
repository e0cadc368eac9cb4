/**
 * `npm run bench <name>`: benchmarks that print their figures.
 *   gateway  identity GET directly on the service vs through the gateway (distributed run),
 *            plus the single-node process's RSS after start-up (scripts/lib/gateway-bench.ts).
 *   hop      the gateway's own CPU per request (uncached page, cached page, proxied call) with the
 *            services replaced by a replay; BENCH_HOP_BASE=<folder> compares another commit's gateway
 *            back to back (scripts/lib/hop-bench.ts).
 *   feed     10,000 seeded posts; the feed, search, trending, a post's detail and its server-rendered page through the
 *            gateway against its no-I/O ceiling (/healthz); the same answers from a bare node:http
 *            server for scale; write -> websocket latency (scripts/lib/feed-bench.ts).
 *   search   10,000 seeded posts; varied searches through the gateway, each request a different
 *            query (every answer checked to be a cache MISS), and uncached latest/trending pages
 *            (scripts/lib/search-bench.ts).
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
 *   interactive  first paint -> interactive (#root hydrated) of every public page on a 4x slowed CPU,
 *            phone viewport, first visit and returning visitor, INTERACTIVE_RUNS (5) runs each, on the
 *            lighthouse bench's site; medians, and the long tasks' blocking time; ends with
 *            `interactive worst median ms: <n>` over the post and poll pages (scripts/lib/interactive-bench.ts).
 *   pow      time per proof-of-work answer at each pressure level, native (a script) and WebCrypto (the
 *            web app's solver), one core; then tokens, poll votes and posts per hour one script
 *            gets from one address with the pressure gate off and on (identity, catalog and forum
 *            built in process on PostgreSQL; POW_BENCH_SECONDS (20) per figure; scripts/lib/pow-bench.ts).
 *   ws       5,000 websocket clients round-robin over two gateway processes: gateway memory per
 *            idle connection, then new post -> new_post on every client, p50/p99/max
 *            (scripts/lib/ws-bench.ts); ends with `ws p99 ms: <n>`.
 *
 * What they share (the measurement and its printed line, the distributed run, the seeding) is
 * scripts/lib/bench-harness.ts; this file names the benches, hands each what it borrows from the harness and runs the one asked.
 * Every bench runs on free ports, and stops with a non-zero exit before printing its ratios or
 * final line when a process it launched exits or a measured request fails or answers non-2xx
 * (scripts/lib/bench-guard.ts).
 */
import { randomBytes } from 'node:crypto';
import { benchAma } from './lib/ama-bench.ts';
import { BenchFailure } from './lib/bench-guard.ts';
import {
  BENCH_SERVICE_PASSWORD,
  CONNECTIONS,
  distributedOptions,
  dropDatabase,
  guard,
  measure,
  PG_ADMIN_URL,
  seed,
  startRun,
  stopRun,
} from './lib/bench-harness.ts';
import { benchFeed } from './lib/feed-bench.ts';
import { benchGateway } from './lib/gateway-bench.ts';
import { benchHop } from './lib/hop-bench.ts';
import { benchInteractive } from './lib/interactive-bench.ts';
import { benchJobs } from './lib/jobs-bench.ts';
import { benchLighthouse } from './lib/lighthouse-bench.ts';
import { benchPolls } from './lib/polls-bench.ts';
import { benchPow } from './lib/pow-bench.ts';
import { benchSearch } from './lib/search-bench.ts';
import { benchSoak } from './lib/soak-bench.ts';
import { benchWs } from './lib/ws-bench.ts';
import { buildWebAppsIfStale } from './lib/web-build.ts';

/** The AMA booking rush on a distributed run (scripts/lib/ama-bench.ts). */
async function amaBench() {
  const database = `wfm_bench_ama_${randomBytes(3).toString('hex')}`;
  // Every bench visitor calls from loopback, one address: the seat share (issue 25) would hold it to
  // 100 of the 500 places. It is set to all places, so the rush still fills the session while the
  // share's count still runs under the session lock for every booking.
  const run = await startRun(database, { env: { AMA_SEAT_SHARE_PERCENT: '100' } });
  try {
    const options = await distributedOptions(database);
    await benchAma({
      gatewayUrl: run.gatewayUrl,
      amaUrl: run.serviceUrls['ama-booking'],
      staffSecret: options.staffSecret,
      connections: CONNECTIONS,
      pids: new Map([...run.processes].flatMap(([name, child]) => (child.pid === undefined ? [] : [[name, child.pid] as const]))),
      checkAlive: () => guard.checkAlive(),
    });
  } finally {
    await stopRun(run, database);
  }
}

type BrowserBench = (opts: { siteUrl: string; admin: { username: string; password: string }; postId: number; checkAlive: () => void }) => Promise<void>;

/** A browser bench on every public page of a distributed run seeded with LIGHTHOUSE_POSTS posts (the lighthouse and interactive benches). */
async function browserBench(prefix: string, bench: BrowserBench) {
  await buildWebAppsIfStale();
  const database = `wfm_bench_${prefix}_${randomBytes(3).toString('hex')}`;
  const admin = { username: 'bench-admin', password: 'bench-admin-password-0001' };
  const run = await startRun(database, { env: { ADMIN_USERNAME: admin.username, ADMIN_PASSWORD: admin.password } });
  try {
    const seeded = await seed(database, Number(process.env.LIGHTHOUSE_POSTS ?? 500));
    await bench({ siteUrl: run.gatewayUrl, admin, postId: seeded.detailId, checkAlive: () => guard.checkAlive() });
  } finally {
    await stopRun(run, database);
  }
}

const benches: Record<string, () => Promise<void>> = {
  lighthouse: () => browserBench('lh', benchLighthouse),
  interactive: () => browserBench('ti', benchInteractive),
  gateway: benchGateway,
  hop: benchHop,
  feed: benchFeed,
  search: benchSearch,
  jobs: () =>
    benchJobs({ pgAdminUrl: PG_ADMIN_URL, servicePassword: BENCH_SERVICE_PASSWORD, startRun, stopRun, measure, checkAlive: () => guard.checkAlive() }),
  ama: amaBench,
  polls: () => benchPolls({ guard, connections: CONNECTIONS, startRun, stopRun, measure }),
  pow: () => benchPow(),
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
