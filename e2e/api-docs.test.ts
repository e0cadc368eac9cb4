import { describe, expect, inject, it } from 'vitest';
import { newContext, screenshot } from './lib/browser.ts';
import { useBrowser } from './lib/browser-session.ts';

const site = inject('siteUrl');

const session = useBrowser();

describe('API reference at /api/docs', () => {
  it('renders the merged document in a real browser under the gateway CSP, loading nothing from another origin', async () => {
    const context = await newContext(session.browser);
    const page = await context.newPage();
    const origin = new URL(site).origin;
    const foreign: string[] = [];
    const errors: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.protocol !== 'data:' && url.protocol !== 'blob:' && url.origin !== origin) foreign.push(request.url());
    });
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    try {
      const res = await page.goto(`${site}/api/docs`);
      expect(res?.status()).toBe(200);
      // Operations of both services, rendered by Swagger UI's script (blocked scripts would render nothing).
      await page.locator('.opblock-summary-path', { hasText: '/api/session' }).first().waitFor();
      await screenshot(page, 'api-docs');
      // From 150 tags and operations on, Swagger UI renders only those near the viewport: scroll to the forum's.
      const posts = page.locator('.opblock-summary-path', { hasText: '/api/posts' }).first();
      await expect
        .poll(async () => {
          if ((await posts.count()) > 0) return true;
          await page.mouse.wheel(0, 1500);
          return false;
        }, { timeout: 30_000, interval: 200 })
        .toBe(true);
      expect(foreign).toEqual([]);
      expect(errors.filter((text) => /content security policy|refused/i.test(text))).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
