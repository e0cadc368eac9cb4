import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { uniqueUsername } from '@wfm/service-kit/testing-names';
import { launchBrowser, newContext, PHONE } from '../../e2e/lib/browser.ts';
import { seedPublicPages } from '../../e2e/lib/public-pages.ts';
import { publicPages } from './public-page-list.ts';

/**
 * `npm run bench interactive` (issue 27 target: first paint -> interactive <= 1.5 s on a 4x slowed
 * CPU for a post and a poll page). Each public page is opened INTERACTIVE_RUNS (5) times in a fresh
 * phone-sized browser context whose CPU is slowed 4x (DevTools' Emulation.setCPUThrottlingRate),
 * as a first visit and as a returning visitor (token and username in storage, the browser cache
 * warm). Per page it prints the medians of:
 *   - first contentful paint;
 *   - interactive: the moment #root loses `aria-busy` (app/start.tsx removes it once React has
 *     hydrated the page; until then the boot script holds clicks);
 *   - paint -> interactive, the target's figure;
 *   - blocking: the long tasks' time over 50 ms (as Lighthouse's TBT counts it) from first paint
 *     until 2 s after interactive, which is where a phone feels the page is busy;
 *   - main-thread CPU and CPU blocking: the same from a Chrome trace of the whole load (navigation
 *     until 2 s after interactive) by each task's CPU time, not its wall time: on a loaded machine
 *     the wall figures above grow with the other processes, these much less. Compare these
 *     between commits when `uptime` shows load.
 * Ends with `interactive worst median ms: <n>` over the post and poll pages (the target's pages).
 * BENCH_INTERACTIVE_PAGES (comma-separated names, as the lighthouse bench's) measures only some.
 * INTERACTIVE_PROFILES=<folder> keeps each run's JavaScript CPU profile there (`.cpuprofile`, opens
 * in DevTools' Performance panel), its long tasks (`.longtasks.json`) and a Chrome trace with the
 * renderer's style, layout and parsing (`.trace.json`, the same panel), to see what blocks.
 * A figure, never an assertion: the machine's load moves it.
 */

export interface InteractiveBenchOptions {
  siteUrl: string;
  admin: { username: string; password: string };
  /** The id of a seeded post with a long body and comments. */
  postId: number;
  /** Throws when a launched process has gone. */
  checkAlive: () => void;
}

interface RunFigures {
  paint: number;
  interactive: number;
  blocking: number;
  cpuBlocking: number;
  cpu: number;
}

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
}

/**
 * The page's main-thread tasks from a Chrome trace, by the thread's CPU time (`tdur`), which a busy
 * machine's other processes do not lengthen (wall times do: on a shared 2-core machine a task
 * waits for a core). The page's renderer is the main thread with the most task time.
 */
function mainThreadTasks(trace: Buffer): number[] {
  const events = (JSON.parse(trace.toString('utf8')) as { traceEvents: TraceEvent[] }).traceEvents;
  const mains = new Set(events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`));
  const byThread = new Map<string, number[]>();
  for (const e of events) {
    const thread = `${e.pid}:${e.tid}`;
    if (e.name !== 'ThreadControllerImpl::RunTask' || e.ph !== 'X' || !mains.has(thread)) continue;
    byThread.set(thread, [...(byThread.get(thread) ?? []), (e.tdur ?? 0) / 1000]);
  }
  const total = (tasks: number[]) => tasks.reduce((a, b) => a + b, 0);
  return [...byThread.values()].sort((a, b) => total(b) - total(a))[0] ?? [];
}

/** After interactive, the long tasks of this long still count (queries, effects and dialogs the hydration started). */
const SETTLE_MS = 2_000;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * Runs in the page before its HTML is parsed (a string: this file is type-checked without the
 * DOM). Records long tasks and the moment #root's `aria-busy` goes.
 */
const RECORDER = `
  window.__wfmBench = { longTasks: [], interactive: 0 };
  new PerformanceObserver(function (list) {
    list.getEntries().forEach(function (e) { window.__wfmBench.longTasks.push([e.startTime, e.duration]); });
  }).observe({ type: 'longtask', buffered: true });
  new MutationObserver(function (records, observer) {
    records.forEach(function (r) {
      if (r.target.id === 'root' && !r.target.hasAttribute('aria-busy') && !window.__wfmBench.interactive) {
        window.__wfmBench.interactive = performance.now();
        observer.disconnect();
      }
    });
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ['aria-busy'] });
`;

/** The page's #root has lost `aria-busy` (a function, not a string: the site's CSP forbids eval). */
function hydrated(): boolean {
  const doc = (globalThis as unknown as { document: { getElementById(id: string): { getAttribute(name: string): string | null } | null } }).document;
  const root = doc.getElementById('root');
  return root !== null && root.getAttribute('aria-busy') !== 'true';
}

const COLLECT = `(() => {
  const b = window.__wfmBench;
  const paint = performance.getEntriesByName('first-contentful-paint')[0];
  return { paint: paint ? paint.startTime : 0, interactive: b.interactive, longTasks: b.longTasks };
})()`;

export async function benchInteractive(opts: InteractiveBenchOptions): Promise<void> {
  const runs = Number(process.env.INTERACTIVE_RUNS ?? 5);
  if (!Number.isInteger(runs) || runs < 1 || runs % 2 === 0) throw new Error(`INTERACTIVE_RUNS must be an odd positive integer (got ${process.env.INTERACTIVE_RUNS})`);
  const seed = await seedPublicPages(opts.siteUrl, opts.admin);
  const pages = publicPages(opts.postId, seed);
  const only = process.env.BENCH_INTERACTIVE_PAGES?.split(',').filter(Boolean);
  const measured = only ? pages.filter(([name]) => only.includes(name)) : pages;
  if (measured.length === 0) throw new Error(`BENCH_INTERACTIVE_PAGES names no page of: ${pages.map(([n]) => n).join(', ')}`);

  const session = (await (await fetch(`${opts.siteUrl}/api/session`, { method: 'POST' })).json()) as { anon_token: string };
  const username = uniqueUsername('ti_');
  const profile = await fetch(`${opts.siteUrl}/api/user-profile`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-anon-token': session.anon_token },
    body: JSON.stringify({ username }),
  });
  if (profile.status !== 201) throw new Error(`could not create the returning visitor: ${profile.status} ${await profile.text()}`);

  const profiles = process.env.INTERACTIVE_PROFILES;
  if (profiles) await mkdir(profiles, { recursive: true });
  let profileCount = 0;

  const browser = await launchBrowser();
  const targets: number[] = [];
  try {
    const measure = async (url: string, returning: boolean): Promise<RunFigures> => {
      const context = await newContext(browser, PHONE);
      try {
        if (returning) {
          // The visitor's storage, and a browser cache filled by an earlier (unmeasured) visit.
          await context.addInitScript(
            `try { localStorage.setItem('anon_token', ${JSON.stringify(session.anon_token)}); localStorage.setItem('username', ${JSON.stringify(username)}); } catch (e) {}`,
          );
          const warm = await context.newPage();
          await warm.goto(url, { waitUntil: 'load' });
          await warm.waitForFunction(hydrated, undefined, { timeout: 60_000, polling: 100 });
          await warm.close();
        }
        await context.addInitScript(RECORDER);
        const page = await context.newPage();
        const cdp = await context.newCDPSession(page);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
        if (profiles) {
          await cdp.send('Profiler.enable');
          await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
          await cdp.send('Profiler.start');
        }
        // With profiles kept, the trace also holds the renderer's own work (style, layout, parsing),
        // which the JavaScript profile shows only as "(program)".
        await browser.startTracing(page, { categories: profiles ? ['toplevel', 'devtools.timeline', 'blink.user_timing'] : ['toplevel'] });
        await page.goto(url, { waitUntil: 'commit' });
        await page.waitForFunction(hydrated, undefined, { timeout: 60_000, polling: 100 });
        await page.waitForTimeout(SETTLE_MS);
        const trace = await browser.stopTracing();
        const tasks = mainThreadTasks(trace);
        const got = (await page.evaluate(COLLECT)) as { paint: number; interactive: number; longTasks: Array<[number, number]> };
        if (profiles) {
          const { profile } = await cdp.send('Profiler.stop');
          const name = `${new URL(url).pathname.replace(/\W+/g, '_')}-${returning ? 'returning' : 'first'}-${++profileCount}`;
          await writeFile(path.join(profiles, `${name}.cpuprofile`), JSON.stringify(profile));
          await writeFile(path.join(profiles, `${name}.trace.json`), trace);
          await writeFile(path.join(profiles, `${name}.longtasks.json`), JSON.stringify({ paint: got.paint, interactive: got.interactive, longTasks: got.longTasks }));
        }
        const until = got.interactive + SETTLE_MS;
        const blocking = got.longTasks
          .filter(([start]) => start >= got.paint && start <= until)
          .reduce((sum, [, duration]) => sum + Math.max(0, duration - 50), 0);
        return {
          paint: got.paint,
          interactive: got.interactive,
          blocking,
          cpuBlocking: tasks.reduce((sum, cpu) => sum + Math.max(0, cpu - 50), 0),
          cpu: tasks.reduce((sum, cpu) => sum + cpu, 0),
        };
      } finally {
        await context.close();
      }
    };

    for (const [name, path] of measured) {
      const url = `${opts.siteUrl}${path}`;
      await fetch(url);
      for (const returning of [false, true]) {
        const results: RunFigures[] = [];
        for (let i = 0; i < runs; i++) results.push(await measure(url, returning));
        opts.checkAlive();
        const gaps = results.map((r) => r.interactive - r.paint);
        const gap = median(gaps);
        if (name === 'post' || name === 'poll') targets.push(gap);
        const visit = returning ? 'returning' : 'first visit';
        console.log(
          `${name.padEnd(12)} ${visit.padEnd(11)}  paint -> interactive ${gap.toFixed(0).padStart(5)} ms` +
            `  (runs ${gaps.map((g) => g.toFixed(0)).join(', ')})` +
            `   first paint ${median(results.map((r) => r.paint)).toFixed(0).padStart(5)} ms` +
            `   interactive ${median(results.map((r) => r.interactive)).toFixed(0).padStart(5)} ms` +
            `   blocking ${median(results.map((r) => r.blocking)).toFixed(0).padStart(5)} ms` +
            `   main-thread CPU ${median(results.map((r) => r.cpu)).toFixed(0).padStart(5)} ms` +
            `   CPU blocking ${median(results.map((r) => r.cpuBlocking)).toFixed(0).padStart(5)} ms`,
        );
      }
    }
  } finally {
    await browser.close();
  }
  console.log(`\nCPU slowed 4x, phone viewport, runs per page and visit: ${runs} (medians above)`);
  if (targets.length > 0) console.log(`interactive worst median ms: ${Math.max(...targets).toFixed(0)}`);
}
