/** `npm run bench feed`: the feed's reads through the gateway against its ceiling, a bare node:http reference, write -> websocket latency. */
import { randomBytes } from 'node:crypto';
import { recordAnswer, startBareReference } from './bare-reference.ts';
import { CONNECTIONS, DURATION, guard, measure, seed, startRun, stopRun } from './bench-harness.ts';
import { SEARCH_WORD } from './feed-seed.ts';
import { measureWriteToWebsocket } from './realtime-latency.ts';
import { buildWebAppsIfStale } from './web-build.ts';

const LATENCY_WRITES = 20;
const GZIP = { 'accept-encoding': 'gzip' };

export async function benchFeed() {
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
      // The same post as the server-rendered page (web/src/entry-server.tsx), cached like its JSON.
      { name: '/post/{id} (HTML)', path: `/post/${seeded.detailId}` },
      // Both again as a browser asks for them: the gateway keeps each answer gzipped once.
      { name: '/api/posts/{id} (gzip)', path: `/api/posts/${seeded.detailId}`, headers: GZIP },
      { name: '/post/{id} (HTML, gzip)', path: `/post/${seeded.detailId}`, headers: GZIP },
    ];
    let before = await measure(ceilingLabel, `${gateway}/healthz`, { gatewayPid });
    const ratios: Array<{ name: string; ratio: number; gatewayCpu: number }> = [];
    for (const { name, path, headers } of reads) {
      const label = `GET ${name}`;
      const figures = await measure(label, `${gateway}${path}`, { gatewayPid, headers });
      const after = await measure(ceilingLabel, `${gateway}/healthz`, { gatewayPid });
      ratios.push({ name, ratio: figures.reqPerSec / ((before.reqPerSec + after.reqPerSec) / 2), gatewayCpu: figures.cpuPerRequest!.server! });
      before = after;
    }

    // The same answers from a bare node:http server: what moving the bytes costs on this box.
    console.log(`\nbare node:http replaying the gateway's answers (headers and bytes)\n`);
    const post = `${gateway}/api/posts/${seeded.detailId}`;
    const page = `${gateway}/post/${seeded.detailId}`;
    const reference = await startBareReference({
      healthz: await recordAnswer(`${gateway}/healthz`),
      feed: await recordAnswer(`${gateway}/api/posts`),
      'post-json': await recordAnswer(post),
      'post-html': await recordAnswer(page),
      'post-json-gzip': await recordAnswer(post, GZIP),
      'post-html-gzip': await recordAnswer(page, GZIP),
    });
    guard.watch('bare reference server', reference.process);
    let bareFeedRatio: number;
    // req/s of each post answer from the bare server.
    const bare: Record<string, number> = {};
    try {
      const bareBefore = await measure('bare GET /healthz', `${reference.url}/healthz`);
      const bareFeed = await measure('bare GET /feed (latest feed bytes)', `${reference.url}/feed`);
      const bareAfter = await measure('bare GET /healthz', `${reference.url}/healthz`);
      bareFeedRatio = bareFeed.reqPerSec / ((bareBefore.reqPerSec + bareAfter.reqPerSec) / 2);
      for (const name of ['post-json', 'post-html', 'post-json-gzip', 'post-html-gzip']) {
        bare[name] = (await measure(`bare GET /${name}`, `${reference.url}/${name}`)).reqPerSec;
      }
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
    console.log(`ratio bare node:http feed/healthz, same bytes: ${bareFeedRatio.toFixed(2)}`);
    const read = (name: string) => ratios.find((r) => r.name === name)!;
    const pairs = [
      ['', '/post/{id} (HTML)', '/api/posts/{id}', 'post-html', 'post-json'],
      [', gzip as browsers ask', '/post/{id} (HTML, gzip)', '/api/posts/{id} (gzip)', 'post-html-gzip', 'post-json-gzip'],
    ] as const;
    for (const [how, html, json, bareHtml, bareJson] of pairs) {
      console.log(`ratio post HTML/post JSON${how}: ${(read(html).ratio / read(json).ratio).toFixed(2)}`);
      // The same two answers' bytes from the bare server: the most any server reaches with them here.
      console.log(`ratio bare node:http post HTML/post JSON${how}, same bytes: ${(bare[bareHtml]! / bare[bareJson]!).toFixed(2)}`);
      // What a page costs the gateway itself against its JSON (1.00: the same CPU per request).
      console.log(`gateway CPU per request post JSON/post HTML${how}: ${(read(json).gatewayCpu / read(html).gatewayCpu).toFixed(2)}`);
    }
    console.log(`ratio feed/ceiling: ${ratios[0]!.ratio.toFixed(2)}`);
  } finally {
    await stopRun(run, database);
  }
}
