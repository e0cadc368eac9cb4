/** `npm run bench search`: varied uncached searches and pages through the gateway and straight on the forum service. */
import { randomBytes } from 'node:crypto';
import { startBareProxy } from './bare-proxy.ts';
import { CONNECTIONS, DURATION, guard, measure, seed, startRun, stopRun, WARM_UP_SECONDS, type Figures } from './bench-harness.ts';
import { pagePaths, searchPaths } from './search-workload.ts';

/** Every answer of the uncached measurements must say the gateway asked the forum service. */
const CACHE_MISS = { name: 'x-cache', value: 'MISS' };

export async function benchSearch() {
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

    // The floor under issue 29's first target: the least CPU a Node.js proxy spends on these reads.
    console.log('\nthrough a bare node:http + undici proxy (no framework, cache or limits), same workloads:');
    const proxy = await startBareProxy(forum);
    guard.watch('bare proxy', proxy.process);
    let bare: Figures[];
    try {
      const through = { gatewayPid: proxy.process.pid, serverName: 'bare proxy', servicePids };
      bare = [
        await measure('bare proxy: GET /api/posts?q=<varied>', proxy.url, { ...through, paths: searches }),
        await measure('bare proxy: latest <pages>', proxy.url, { ...through, paths: pagePaths('latest') }),
        await measure('bare proxy: trending <pages>', proxy.url, { ...through, paths: pagePaths('trending') }),
      ];
      guard.checkAlive();
    } finally {
      guard.release(proxy.process);
      await proxy.stop();
    }

    guard.checkAlive();
    console.log('');
    // Issue 29's first target: the proxy's CPU per uncached read against the forum's on the same request.
    const perForum = (figures: Figures) => {
      const cpu = figures.cpuPerRequest;
      return cpu?.forum ? (cpu.server! / cpu.forum).toFixed(2) : 'n/a';
    };
    const names = ['search', 'latest', 'trending'];
    const ratios = (all: Figures[]) => all.map((figures, i) => `${names[i]} ${perForum(figures)}`).join('   ');
    console.log(`CPU per uncached read, gateway/forum: ${ratios([search, latest, trending])}`);
    console.log(`CPU per uncached read, bare proxy/forum: ${ratios(bare)}`);
    console.log(`straight on the forum: search p99 ms: ${directSearch.p99}   latest p99 ms: ${directLatest.p99}   trending p99 ms: ${directTrending.p99}`);
    console.log(`search req/s: ${search.reqPerSec.toFixed(0)}   p50 ms: ${search.p50}   p99 ms: ${search.p99}`);
    console.log(`uncached latest p99 ms: ${latest.p99}`);
    console.log(`uncached trending p99 ms: ${trending.p99}`);
    console.log(`search p99 ms: ${search.p99}`);
  } finally {
    await stopRun(run, database);
  }
}
