import { afterAll, afterEach, beforeAll } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DESKTOP, launchBrowser, newContext, screenshot } from './browser.ts';

export interface BrowserSessionOptions {
  /** How a failed test's screenshot is named: <prefix>-<test name>.png (default 'failed'). */
  screenshotPrefix?: string;
  /**
   * When the contexts opened through context() close: after every test (default), or after the
   * last test of the file, for files whose tests go on with a visitor an earlier test opened.
   */
  closeContexts?: 'after-each-test' | 'after-the-file';
}

export interface BrowserSession {
  /** Chromium, launched before the first test of the file (or describe block) and closed after the last. */
  readonly browser: Browser;
  /** A visitor's context (newContext: own client address), closed as closeContexts says. */
  context(viewport?: { width: number; height: number }): Promise<BrowserContext>;
  /** A visitor's context with one page, which is the page photographed if the test fails. */
  open(viewport?: { width: number; height: number }): Promise<{ context: BrowserContext; page: Page }>;
  /**
   * The pages photographed into test-results/screenshots when a test fails (each call replaces
   * the previous ones). Forgotten after every test, unless the contexts stay open for the file:
   * then a later test that fails shows the page it went on with. Returns the first page given.
   */
  watch<P extends Page | undefined>(page: P, ...more: Page[]): P;
}

/**
 * The browser set-up every browser test file shares: registers the vitest hooks that launch
 * Chromium, photograph the watched page when a test fails and close the contexts and the browser.
 * Call it at the top of the file (or of a describe block, whose tests alone then use it).
 */
export function useBrowser(options: BrowserSessionOptions = {}): BrowserSession {
  const prefix = options.screenshotPrefix ?? 'failed';
  const closeAfterEachTest = options.closeContexts !== 'after-the-file';
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  let watched: Page[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterEach(async (ctx) => {
    const pages = watched;
    if (closeAfterEachTest) watched = [];
    if (ctx.task.result?.state === 'fail') {
      const name = `${prefix}-${ctx.task.name.replace(/\W+/g, '-')}`;
      // The test has failed already: a page it closed itself cannot be photographed, which is no second failure.
      for (const [i, page] of pages.entries()) await screenshot(page, pages.length > 1 ? `${name}-${i}` : name).catch(() => undefined);
    }
    if (closeAfterEachTest) await Promise.all(contexts.splice(0).map((c) => c.close()));
  });
  afterAll(async () => {
    await Promise.all(contexts.splice(0).map((c) => c.close().catch(() => undefined)));
    await browser?.close();
  });

  return {
    get browser() {
      if (!browser) throw new Error('useBrowser: the browser is launched in beforeAll; use it inside hooks and tests');
      return browser;
    },
    async context(viewport = DESKTOP) {
      const context = await newContext(this.browser, viewport);
      contexts.push(context);
      return context;
    },
    async open(viewport = DESKTOP) {
      const context = await this.context(viewport);
      return { context, page: this.watch(await context.newPage()) };
    },
    watch(page, ...more) {
      watched = [page, ...more].filter((p): p is Page => p !== undefined);
      return page;
    },
  };
}
