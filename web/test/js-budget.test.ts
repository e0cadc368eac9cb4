import { describe, expect, it } from 'vitest';
import { budgetTable, overBudget, routeFigures, type BudgetChunk } from '../build/js-budget.ts';

const chunk = (fileName: string, size: number, extra: Partial<BudgetChunk> = {}): BudgetChunk => ({
  fileName,
  code: 'x'.repeat(size),
  isEntry: false,
  imports: [],
  dynamicImports: [],
  facadeModuleId: null,
  ...extra,
});

/** A bundle shaped like the web build: an entry whose steps import React, and two lazily loaded pages. */
function bundle(postImports: string[] = ['markdown.js']): BudgetChunk[] {
  return [
    chunk('index.js', 10, { isEntry: true, dynamicImports: ['react.js', 'start.js'] }),
    chunk('react.js', 100),
    chunk('start.js', 20, { imports: ['react.js'], dynamicImports: ['post.js', 'help.js'] }),
    chunk('post.js', 30, { facadeModuleId: '/repo/web/src/routes/post.tsx', imports: postImports, dynamicImports: ['charts.js'] }),
    chunk('help.js', 5, { facadeModuleId: '/repo/web/src/routes/help.tsx' }),
    chunk('markdown.js', 40),
    chunk('charts.js', 1000),
    chunk('huge.js', 500),
  ];
}

const PAGES = { '/post/:id': '/src/routes/post.tsx', '/help': '/src/routes/help.tsx' };
const length = (c: BudgetChunk) => c.code.length;

describe('JavaScript budget per route', () => {
  it('counts the first visit, the page and its static imports, not what the page loads when needed', () => {
    const figures = routeFigures(bundle(), PAGES, { '/post/:id': 200, '/help': 200 }, length);
    expect(figures.map((f) => [f.route, f.bytes, [...f.files].sort()])).toEqual([
      ['/post/:id', 10 + 100 + 20 + 30 + 40, ['index.js', 'markdown.js', 'post.js', 'react.js', 'start.js']],
      ['/help', 10 + 100 + 20 + 5, ['help.js', 'index.js', 'react.js', 'start.js']],
    ]);
    expect(overBudget(figures)).toEqual([]);
  });

  it('adds the modules a row names after the page, with their static imports', () => {
    // The post page's charts, loaded dynamically, and here before /help renders in some visits.
    const chunks = bundle().map((c) => (c.fileName === 'charts.js' ? { ...c, facadeModuleId: '/repo/web/src/charts.tsx', imports: ['huge.js'] } : c));
    const [help] = routeFigures(chunks, { '/help, with charts': ['/src/routes/help.tsx', '/src/charts.tsx'] }, { '/help, with charts': 2000 }, length);
    expect([help!.bytes, [...help!.files].sort()]).toEqual([
      10 + 100 + 20 + 5 + 1000 + 500,
      ['charts.js', 'help.js', 'huge.js', 'index.js', 'react.js', 'start.js'],
    ]);
  });

  it('fails the route an oversized static import pushes over its budget, and only that route', () => {
    const figures = routeFigures(bundle(['markdown.js', 'huge.js']), PAGES, { '/post/:id': 200, '/help': 200 }, length);
    expect(overBudget(figures)).toEqual(['/post/:id: 0.7 KB of compressed JavaScript, budget 0.2 KB']);
    expect(budgetTable(figures)).toMatch(/\/post\/:id .* OVER\n {2}\/help /);
  });

  it('measures gzip by default, and refuses a route without a page chunk or a budget', () => {
    const [post] = routeFigures(bundle(), PAGES, { '/post/:id': 200, '/help': 200 });
    // 'x' repeated compresses to far less than its length.
    expect(post!.bytes).toBeGreaterThan(0);
    expect(post!.bytes).toBeLessThan(200);
    expect(() => routeFigures(bundle(), { '/jobs': '/src/routes/jobs.tsx' }, { '/jobs': 1 }, length)).toThrow(/no chunk is the page of \/jobs/);
    expect(() => routeFigures(bundle(), PAGES, { '/help': 1 }, length)).toThrow(/\/post\/:id has no budget/);
  });
});
