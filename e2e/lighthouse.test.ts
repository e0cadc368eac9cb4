import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { CHROMIUM, SCREENSHOT_DIR } from './lib/browser.ts';
import { seedPublicPages, type PublicPagesSeed } from './lib/public-pages.ts';

/**
 * Issue 15 item 2: Lighthouse (mobile form factor, its default simulated throttling: slow 4G and a
 * 4x slower CPU) scores the public pages at least 90 for performance and 100 for accessibility,
 * best practices and SEO, on a first visit (no token, empty browser cache): each page five times
 * (LIGHTHOUSE_RUNS), judged on the run with the median performance score.
 *
 * A performance score measures the machine as much as the page: this file is not part of the
 * parallel run. It has its own vitest config (vitest.lighthouse.config.ts), which `npm test`
 * (scripts/test.ts) runs after everything else has finished, alone. Run it by hand with
 * `npx vitest run --config e2e/vitest.lighthouse.config.ts`. The reports go to
 * test-results/lighthouse/<page>.json with the load average at the time.
 */
const site = inject('siteUrl');
const admin = inject('admin');

export const TARGETS = { performance: 90, accessibility: 100, 'best-practices': 100, seo: 100 } as const;
/** Runs per page (LIGHTHOUSE_RUNS, odd); the median one is judged. */
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 5);
if (!Number.isInteger(RUNS) || RUNS < 1 || RUNS % 2 === 0) throw new Error(`LIGHTHOUSE_RUNS must be an odd positive integer (got ${process.env.LIGHTHOUSE_RUNS})`);
type Category = keyof typeof TARGETS;

const REPORT_DIR = path.join(path.dirname(SCREENSHOT_DIR), 'lighthouse');

/** The machine's busy and total CPU time so far (jiffies, all cores), from /proc/stat. */
function cpuTimes(): { busy: number; total: number } {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  const total = fields.reduce((a, b) => a + b, 0);
  const idle = (fields[3] ?? 0) + (fields[4] ?? 0); // idle + iowait
  return { busy: total - idle, total };
}

/**
 * Waits (at most `limitMs`) until the machine has been quiet for three seconds in a row: the
 * parallel run's processes and the stack's own start-up work must not be measured as the page's.
 * The 1-minute load average lags by a minute, so CPU time is sampled instead.
 */
async function quietMachine(limitMs = 90_000, busyAtMost = 0.2): Promise<void> {
  const deadline = Date.now() + limitMs;
  let quietSeconds = 0;
  let before = cpuTimes();
  while (quietSeconds < 3 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const now = cpuTimes();
    const busy = (now.busy - before.busy) / Math.max(1, now.total - before.total);
    before = now;
    quietSeconds = busy <= busyAtMost ? quietSeconds + 1 : 0;
  }
}

let seed: PublicPagesSeed;
let chrome: chromeLauncher.LaunchedChrome;

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM}: install it with 'apt-get install -y chromium'`);
  seed = await seedPublicPages(site, admin);
  chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update'],
  });
  mkdirSync(REPORT_DIR, { recursive: true });
  await quietMachine();
}, 240_000);

afterAll(async () => {
  await chrome?.kill();
});

interface Audit {
  scores: Record<Category, number>;
  figures: Record<string, string | undefined>;
  failing: string[];
}

async function audit(name: string, pagePath: string): Promise<Audit> {
  const url = `${site}${pagePath}`;
  // A page is made once and then served from the gateway's cache, as for every visitor after the first.
  await fetch(url);
  const run = async () => {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: Object.keys(TARGETS) });
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    return result.lhr;
  };
  let lhr = await run();
  // Lighthouse's own failures (e.g. NO_NAVSTART: "Something went wrong with recording the trace
  // over your page load. Please run Lighthouse again.") score every category 0 without having
  // measured the page: run again, at most twice, as it asks; a page that breaks it every time fails.
  for (let retry = 0; lhr.runtimeError && retry < 2; retry++) {
    console.log(`lighthouse ${name}: ${lhr.runtimeError.code}, run again`);
    lhr = await run();
  }
  if (lhr.runtimeError) throw new Error(`Lighthouse could not measure ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const scores = Object.fromEntries(Object.entries(lhr.categories).map(([id, c]) => [id, Math.round((c.score ?? 0) * 100)])) as Record<Category, number>;
  const failing: string[] = [];
  for (const [id, target] of Object.entries(TARGETS) as Array<[Category, number]>) {
    if (scores[id] >= target) continue;
    for (const ref of lhr.categories[id]!.auditRefs) {
      const a = lhr.audits[ref.id]!;
      if (ref.weight > 0 && a.score !== null && a.score < 1) failing.push(`${id}: ${ref.id} ${a.displayValue ?? ''} (score ${a.score})`);
    }
  }
  const figures = Object.fromEntries(
    ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index'].map((id) => [id, lhr.audits[id]?.displayValue]),
  );
  writeFileSync(path.join(REPORT_DIR, `${name}.json`), JSON.stringify({ url, load: loadavg(), scores, figures, failing, lhr }, null, 1));
  console.log(`lighthouse ${name}: ${JSON.stringify(scores)} ${JSON.stringify(figures)} load ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  return { scores, figures, failing };
}

describe('Lighthouse mobile on a first visit', () => {
  const pages: Array<[string, () => string]> = [
    ['home', () => '/'],
    ['post', () => `/post/${seed.postId}`],
    ['poll', () => `/polls/${seed.pollId}`],
    ['ama-session', () => `/ama/${seed.sessionId}`],
    ['jobs', () => '/jobs'],
  ];
  for (const [name, pagePath] of pages) {
    it(`${name}: performance ≥ ${TARGETS.performance}, accessibility, best practices and SEO 100`, async () => {
      // One score varies by a few points from run to run (Lighthouse's own advice: judge the median
      // of several runs). The run with the median performance score is judged, on every category.
      await quietMachine(20_000);
      const runs: Audit[] = [];
      for (let i = 0; i < RUNS; i++) runs.push(await audit(runs.length === 0 ? name : `${name}-${i + 1}`, pagePath()));
      runs.sort((a, b) => a.scores.performance - b.scores.performance);
      const result = runs[Math.floor(runs.length / 2)]!;
      console.log(`lighthouse ${name}: performance of the ${RUNS} runs ${runs.map((r) => r.scores.performance).join(', ')}; median judged`);
      for (const [id, target] of Object.entries(TARGETS) as Array<[Category, number]>) {
        expect(result.scores[id], `${name} ${id}; failing audits:\n${result.failing.join('\n')}`).toBeGreaterThanOrEqual(target);
      }
    }, 180_000 * RUNS);
  }
});
