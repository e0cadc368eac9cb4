/**
 * `npm run bench <name>`: benchmarks that print their figures.
 *   gateway  identity GET directly on the service vs through the gateway (distributed run),
 *            plus the single-node process's RSS after start-up.
 *   feed     10,000 seeded posts; the feed, search, trending and a post's detail through the
 *            gateway against its no-I/O ceiling (/healthz); the same answers from a bare node:http
 *            server for scale; write -> websocket latency.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { spawn } from 'node:child_process';
import path from 'node:path';
import postgres from 'postgres';
import { startDistributed, type DistributedOptions } from './lib/distributed.ts';
import { recordAnswer, startBareReference } from './lib/bare-reference.ts';
import { SEARCH_WORD, seedFeed } from './lib/feed-seed.ts';
import { runLoad } from './lib/load-generator.ts';
import { measureWriteToWebsocket } from './lib/realtime-latency.ts';
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

interface MeasureOptions {
  /** Also print the bytes per answer and the CPU time per request of the gateway and of autocannon. */
  gatewayPid?: number;
}

/** Before each measured run, in the same load-generator process, so JIT and sockets are warm. */
const WARM_UP_SECONDS = 2;

async function measure(label: string, url: string, opts: MeasureOptions = {}): Promise<Figures> {
  const result = await runLoad({
    url,
    connections: CONNECTIONS,
    seconds: DURATION,
    warmUpSeconds: WARM_UP_SECONDS,
    serverPid: opts.gatewayPid,
  });
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
    const body = Buffer.from(await (await fetch(url, { headers: { 'accept-encoding': 'identity' } })).arrayBuffer());
    cost =
      `   body ${(body.length / 1024).toFixed(1).padStart(4)} KB   CPU/request: gateway ${gatewayCpu.toFixed(0)} µs,` +
      ` autocannon ${(result.clientCpuMicros / requests).toFixed(0)} µs`;
  }
  console.log(
    `${label.padEnd(34)} ${figures.reqPerSec.toFixed(0).padStart(8)} req/s   p50 ${String(figures.p50).padStart(2)} ms` +
      `   p99 ${String(figures.p99).padStart(3)} ms${cost}` +
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

/** The distributed run every benchmark uses: fixed ports, Redis, rate limits out of the way. */
function distributedOptions(database: string): DistributedOptions {
  return {
    adminDatabaseUrl: PG_ADMIN_URL,
    database,
    natsUrl: process.env.NATS_URL ?? 'nats://127.0.0.1:4222',
    redisUrl: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    gatewayPort: 18080,
    basePort: 17101,
    workerPort: 17107,
    staffSecret: 'bench-staff-header-secret-0000000000000000',
    servicePassword: BENCH_SERVICE_PASSWORD,
    rateLimitPerMinute: 1_000_000_000,
    logLevel: 'warn',
    stdio: 'ignore',
  };
}

const BENCH_SERVICE_PASSWORD = 'bench-service-password';

async function benchGateway() {
  await buildWebAppsIfStale();
  const database = `wfm_bench_${randomBytes(3).toString('hex')}`;
  const run = await startDistributed(distributedOptions(database));
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

const FEED_POSTS = 10_000;
const BARE_REFERENCE_PORT = 18099;
const LATENCY_WRITES = 20;

async function benchFeed() {
  const database = `wfm_bench_feed_${randomBytes(3).toString('hex')}`;
  const run = await startDistributed(distributedOptions(database));
  try {
    const forumUrl = new URL(PG_ADMIN_URL);
    forumUrl.pathname = `/${database}`;
    forumUrl.username = 'forum_svc';
    forumUrl.password = BENCH_SERVICE_PASSWORD;
    const started = Date.now();
    const seed = await seedFeed(forumUrl.toString(), FEED_POSTS);
    console.log(
      `\nseeded ${seed.posts} posts, ${seed.comments} comments, ${seed.upvotes} upvotes in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );

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
      { name: '/api/posts/{id}', path: `/api/posts/${seed.detailId}` },
    ];
    let before = await measure(ceilingLabel, `${gateway}/healthz`, { gatewayPid });
    const ratios: Array<{ name: string; ratio: number }> = [];
    for (const { name, path } of reads) {
      const label = `GET ${name}`;
      const figures = await measure(label, `${gateway}${path}`, { gatewayPid });
      if (figures.non2xx || figures.errors) throw new Error(`${label}: ${figures.non2xx} non-2xx answers, ${figures.errors} errors`);
      const after = await measure(ceilingLabel, `${gateway}/healthz`, { gatewayPid });
      ratios.push({ name, ratio: figures.reqPerSec / ((before.reqPerSec + after.reqPerSec) / 2) });
      before = after;
    }

    // The same two answers from a bare node:http server: what moving the bytes costs on this box.
    console.log(`\nbare node:http replaying the gateway's /healthz and latest-feed answers (headers and bytes)\n`);
    const reference = await startBareReference(BARE_REFERENCE_PORT, {
      healthz: await recordAnswer(`${gateway}/healthz`),
      feed: await recordAnswer(`${gateway}/api/posts`),
    });
    let bareRatio: number;
    try {
      const bareBefore = await measure('bare GET /healthz', `${reference.url}/healthz`);
      const bareFeed = await measure('bare GET /feed (latest feed bytes)', `${reference.url}/feed`);
      const bareAfter = await measure('bare GET /healthz', `${reference.url}/healthz`);
      bareRatio = bareFeed.reqPerSec / ((bareBefore.reqPerSec + bareAfter.reqPerSec) / 2);
    } finally {
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

    console.log('');
    for (const { name, ratio } of ratios.slice(1)) console.log(`ratio ${name}/ceiling: ${ratio.toFixed(2)}`);
    console.log(`ratio bare node:http feed/healthz, same bytes: ${bareRatio.toFixed(2)}`);
    console.log(`ratio feed/ceiling: ${ratios[0]!.ratio.toFixed(2)}`);
  } finally {
    await run.stop();
    await dropDatabase(database);
  }
}

const benches: Record<string, () => Promise<void>> = { gateway: benchGateway, feed: benchFeed };
const name = process.argv[2];
const bench = name ? benches[name] : undefined;
if (!bench) {
  console.error(`usage: npm run bench <${Object.keys(benches).join('|')}>`);
  process.exit(2);
}
await bench();
