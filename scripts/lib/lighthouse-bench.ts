import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { uniqueUsername } from '@wfm/service-kit/testing-names';
import { seedPublicPages } from '../../e2e/lib/public-pages.ts';
import { publicPages } from './public-page-list.ts';

/**
 * `npm run bench lighthouse` (issue 27 item 5): Lighthouse's mobile performance (its default
 * simulated throttling: slow 4G, a 4x slower CPU) on every public page, as a first visit (empty
 * cache and storage) and as a returning visitor (the browser cache and the visitor's token and
 * username kept), LIGHTHOUSE_RUNS (5) runs each, on a site seeded with realistic volume. Prints the
 * medians of performance, TBT, LCP, max potential FID and CLS per page, the machine's Lighthouse
 * benchmarkIndex (so days can be compared), and ends with `lighthouse worst median: <n>`.
 * BENCH_LIGHTHOUSE_PAGES (comma-separated names) measures only some pages. LIGHTHOUSE_REPORTS=<folder>
 * keeps each run's JSON report there (its diagnostics: long tasks, bootup-time,
 * mainthread-work-breakdown), to see where the blocking time goes.
 *
 * A score measures the machine as much as the page: nothing asserts it (the accessibility, best
 * practices and SEO scores, which do not depend on speed, are tested in e2e/lighthouse.test.ts).
 */

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export interface LighthouseBenchOptions {
  siteUrl: string;
  admin: { username: string; password: string };
  /** The id of a seeded post with a long body and comments. */
  postId: number;
  /** Throws when a launched process has gone. */
  checkAlive: () => void;
}

interface RunFigures {
  performance: number;
  tbt: number;
  lcp: number;
  maxFid: number;
  cls: number;
  benchmarkIndex: number;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function benchLighthouse(opts: LighthouseBenchOptions): Promise<void> {
  const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 5);
  if (!Number.isInteger(runs) || runs < 1 || runs % 2 === 0) throw new Error(`LIGHTHOUSE_RUNS must be an odd positive integer (got ${process.env.LIGHTHOUSE_RUNS})`);
  const seed = await seedPublicPages(opts.siteUrl, opts.admin);
  const pages = publicPages(opts.postId, seed);
  const only = process.env.BENCH_LIGHTHOUSE_PAGES?.split(',').filter(Boolean);
  const measured = only ? pages.filter(([name]) => only.includes(name)) : pages;
  if (measured.length === 0) throw new Error(`BENCH_LIGHTHOUSE_PAGES names no page of: ${pages.map(([n]) => n).join(', ')}`);

  // The returning visitor's identity: a token and a username, as the welcome dialog leaves them.
  const session = (await (await fetch(`${opts.siteUrl}/api/session`, { method: 'POST' })).json()) as { anon_token: string };
  const username = uniqueUsername('lh_');
  const profile = await fetch(`${opts.siteUrl}/api/user-profile`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-anon-token': session.anon_token },
    body: JSON.stringify({ username }),
  });
  if (profile.status !== 201) throw new Error(`could not create the returning visitor: ${profile.status} ${await profile.text()}`);

  const reports = process.env.LIGHTHOUSE_REPORTS;
  if (reports) await mkdir(reports, { recursive: true });
  let reportCount = 0;

  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update'],
  });
  const rows: Array<{ name: string; visit: string; figures: RunFigures }> = [];
  try {
    const measure = async (url: string, returning: boolean): Promise<RunFigures> => {
      for (let attempt = 0; ; attempt++) {
        const result = await lighthouse(url, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance'],
          disableStorageReset: returning,
        });
        const lhr = result?.lhr;
        if (reports && lhr && !lhr.runtimeError) {
          const name = `${new URL(url).pathname.replace(/\W+/g, '_')}-${returning ? 'returning' : 'first'}-${++reportCount}.json`;
          await writeFile(path.join(reports, name), JSON.stringify(lhr));
        }
        // Lighthouse's own failures (NO_NAVSTART and the like) ask to run again.
        if (!lhr || (lhr.runtimeError && attempt < 2)) continue;
        if (lhr.runtimeError) throw new Error(`Lighthouse could not measure ${url}: ${lhr.runtimeError.code}`);
        const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
        return {
          performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
          tbt: value('total-blocking-time'),
          lcp: value('largest-contentful-paint'),
          maxFid: value('max-potential-fid'),
          cls: value('cumulative-layout-shift'),
          benchmarkIndex: lhr.environment.benchmarkIndex,
        };
      }
    };

    /** Puts the returning visitor's token and username into the browser's storage for the site. */
    const becomeReturningVisitor = async () => {
      const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
      try {
        const page = await browser.contexts()[0]!.newPage();
        await page.goto(`${opts.siteUrl}/help`);
        // The keys of web/src/lib/storage.ts (a string: this file is type-checked without the DOM).
        await page.evaluate(
          `localStorage.setItem('anon_token', ${JSON.stringify(session.anon_token)}); localStorage.setItem('username', ${JSON.stringify(username)});`,
        );
        await page.close();
      } finally {
        await browser.close().catch(() => {});
      }
    };

    for (const [name, path] of measured) {
      const url = `${opts.siteUrl}${path}`;
      // Made once, then answered from the gateway's cache, as for every visitor after the first.
      await fetch(url);
      for (const returning of [false, true]) {
        const results: RunFigures[] = [];
        if (returning) {
          await becomeReturningVisitor();
          // The first load fills the browser cache; the measured ones are a returning visitor's.
          await measure(url, true);
        }
        for (let i = 0; i < runs; i++) results.push(await measure(url, returning));
        opts.checkAlive();
        const figures: RunFigures = {
          performance: median(results.map((r) => r.performance)),
          tbt: median(results.map((r) => r.tbt)),
          lcp: median(results.map((r) => r.lcp)),
          maxFid: median(results.map((r) => r.maxFid)),
          cls: median(results.map((r) => r.cls)),
          benchmarkIndex: median(results.map((r) => r.benchmarkIndex)),
        };
        const visit = returning ? 'returning' : 'first visit';
        rows.push({ name, visit, figures });
        console.log(
          `${name.padEnd(12)} ${visit.padEnd(11)}  performance ${String(figures.performance).padStart(3)}` +
            `  (runs ${results.map((r) => r.performance).join(', ')})   TBT ${figures.tbt.toFixed(0).padStart(5)} ms` +
            `   LCP ${figures.lcp.toFixed(0).padStart(5)} ms   max potential FID ${figures.maxFid.toFixed(0).padStart(4)} ms` +
            `   CLS ${figures.cls.toFixed(3)}`,
        );
      }
    }
  } finally {
    await chrome.kill();
  }
  console.log(`\nLighthouse benchmarkIndex of this machine (median of every run's): ${median(rows.map((r) => r.figures.benchmarkIndex)).toFixed(0)}`);
  console.log(`runs per page and visit: ${runs} (medians above)`);
  console.log(`lighthouse worst median: ${Math.min(...rows.map((r) => r.figures.performance))}`);
}
