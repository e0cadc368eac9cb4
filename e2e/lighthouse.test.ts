import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { CHROMIUM, SCREENSHOT_DIR } from './lib/browser.ts';
import { seedPublicPages, type PublicPagesSeed } from './lib/public-pages.ts';

/**
 * Lighthouse (mobile form factor) scores every public page 100 for accessibility, best practices
 * and SEO, on a first visit (no token, empty browser cache). These categories do not depend on the
 * machine's speed, so one run per page is judged. The not-found page is not among them: it answers
 * 404 on purpose, and Lighthouse refuses to audit a 404 document (ERRORED_DOCUMENT_REQUEST); axe
 * checks it in the accessibility suite.
 *
 * Performance is a benchmark, not a test (issue 27 item 5): `npm run bench lighthouse`
 * (scripts/lib/lighthouse-bench.ts) prints its medians. This file still runs in its own phase after
 * everything else (vitest.lighthouse.config.ts, scripts/test.ts), since Lighthouse is heavy. Run it
 * by hand with `npx vitest run --config e2e/vitest.lighthouse.config.ts`. The reports go to
 * test-results/lighthouse/<page>.json.
 */
const site = inject('siteUrl');
const admin = inject('admin');

export const TARGETS = { accessibility: 100, 'best-practices': 100, seo: 100 } as const;
type Category = keyof typeof TARGETS;

const REPORT_DIR = path.join(path.dirname(SCREENSHOT_DIR), 'lighthouse');

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
}, 240_000);

afterAll(async () => {
  await chrome?.kill();
});

interface Audit {
  scores: Record<Category, number>;
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
  writeFileSync(path.join(REPORT_DIR, `${name}.json`), JSON.stringify({ url, scores, failing, lhr }, null, 1));
  console.log(`lighthouse ${name}: ${JSON.stringify(scores)}`);
  return { scores, failing };
}

describe('Lighthouse mobile on a first visit: accessibility, best practices and SEO', () => {
  const pages: Array<[string, () => string]> = [
    ['home', () => '/'],
    ['post', () => `/post/${seed.postId}`],
    ['polls', () => '/polls'],
    ['poll', () => `/polls/${seed.pollId}`],
    ['tools', () => '/tools'],
    ['templates', () => '/templates'],
    ['ama', () => '/ama'],
    ['ama-session', () => `/ama/${seed.sessionId}`],
    ['jobs', () => '/jobs'],
    ['calculators', () => '/calculators'],
    ['simulator', () => '/simulator'],
    ['help', () => '/help'],
  ];
  for (const [name, pagePath] of pages) {
    it(`${name}: accessibility, best practices and SEO 100`, async () => {
      const result = await audit(name, pagePath());
      for (const [id, target] of Object.entries(TARGETS) as Array<[Category, number]>) {
        expect(result.scores[id], `${name} ${id}; failing audits:\n${result.failing.join('\n')}`).toBeGreaterThanOrEqual(target);
      }
    }, 180_000);
  }
});
