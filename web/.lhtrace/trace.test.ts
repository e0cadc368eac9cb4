import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { inject, it } from 'vitest';
import { CHROMIUM } from '../../e2e/lib/browser.ts';
import { seedPublicPages } from '../../e2e/lib/public-pages.ts';

it('traces', async () => {
  const site = inject('siteUrl');
  const seed = await seedPublicPages(site, inject('admin'));
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update'] });
  const out = process.env.TRACE_OUT ?? '/tmp/traces';
  mkdirSync(out, { recursive: true });
  const runs = Number(process.env.TRACE_RUNS ?? 3);
  for (const [name, p] of [['jobs', '/jobs'], ['ama', `/ama/${seed.sessionId}`]] as const) {
    await fetch(site + p);
    for (let i = 0; i < runs; i++) {
      const r = await lighthouse(site + p, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] }, { extends: 'lighthouse:default', settings: { additionalTraceCategories: 'disabled-by-default-v8.cpu_profiler' } });
      const a = r!.lhr.audits;
      console.log(name, i, Math.round(r!.lhr.categories.performance!.score! * 100), a['total-blocking-time']!.displayValue, loadavg()[0]!.toFixed(2));
      writeFileSync(`${out}/${name}-${i}.trace.json`, JSON.stringify((r!.artifacts as any).Trace ?? (r!.artifacts as any).traces?.defaultPass));
      writeFileSync(`${out}/${name}-${i}.lhr.json`, JSON.stringify(r!.lhr));
    }
  }
  await chrome.kill();
});
