import { describe, expect, inject, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { apiCall } from './lib/api.ts';
import { applyTheme, axeViolations, formatViolations } from './lib/axe.ts';
import { DESKTOP, screenshot } from './lib/browser.ts';
import { useBrowser } from './lib/browser-session.ts';
import { uniqueUsername } from '@wfm/service-kit/testing-names';

/**
 * Issue 23 #11: markdown as planners write it — lists, numbered steps, quotes, fenced code, rules
 * and GFM tables — on the post page and in comments, at desktop and phone width, where a wide table
 * or code line scrolls inside its own box instead of widening the page.
 */
const site = inject('siteUrl');
const call = <T>(method: string, path: string, body?: unknown, token?: string) => apiCall<T>(site, method, path, body, token);
const PHONE_390 = { width: 390, height: 844 };

const BODY = [
  '## Weekly cadence',
  '',
  '- forecast weekly',
  '- reforecast daily',
  '  - intraday at 10:00 and 14:00',
  '',
  '1. Pull 104 weeks of history',
  '2. Remove outliers (storms, outages)',
  '3. Fit and compare the models',
  '',
  '> Service level is a **lagging** indicator of staffing.',
  '',
  '```',
  'required_agents = erlang_c(volume_per_interval * aht_seconds / interval_seconds, target_sl=0.80, target_answer_seconds=20)',
  '```',
  '',
  '---',
  '',
  '| Queue | Volume | AHT (s) | Service level target | Occupancy target | Shrinkage | Notes |',
  '|:--|--:|--:|:-:|:-:|--:|---|',
  '| Billing | 12,400 | 310 | 80/20 | 85% | 32% | peaks on Mondays after invoices go out |',
  '| Tech support | 8,150 | 540 | 70/60 | 88% | 35% | long calls, skills-based routing |',
].join('\n');

const session = useBrowser();

async function postWithBlocks(): Promise<{ id: number; readerToken: string }> {
  const { anon_token: token } = await call<{ anon_token: string }>('POST', '/api/session');
  const author = uniqueUsername('md_');
  await call('POST', '/api/user-profile', { username: author }, token);
  const { id } = await call<{ id: number }>(
    'POST',
    '/api/posts',
    { type: 'Question', title: `Forecast cadence ${randomBytes(4).toString('hex')}`, body: BODY, author_name: author, tags: '' },
    token,
  );
  await call('POST', '/api/comments', { post_id: id, body: 'Our steps:\n\n1. baseline\n2. adjust\n\n> same here', author_name: author }, token);
  const { anon_token: readerToken } = await call<{ anon_token: string }>('POST', '/api/session');
  await call('POST', '/api/user-profile', { username: uniqueUsername('rd_') }, readerToken);
  return { id, readerToken };
}

describe('markdown blocks on the post page', () => {
  for (const [name, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE_390],
  ] as const) {
    it(`renders lists, steps, a quote, code, a rule and a table at ${name} width, the table scrolling in its own box`, async () => {
      const { id, readerToken } = await postWithBlocks();
      const context = await session.context(viewport);
      await context.addInitScript((t) => localStorage.setItem('anon_token', t), readerToken);
      const page = session.watch(await context.newPage());
      await page.goto(`${site}/post/${id}`);
      const body = page.getByTestId('markdown').filter({ has: page.getByRole('heading', { name: 'Weekly cadence' }) });
      await body.locator('table').waitFor();
      // The server's markup of an unchanged text is kept by the hydrated page (web/src/components/
      // lazy-markdown.tsx): what is checked below is what the visitor keeps seeing once it is live.
      await page.locator('#root:not([aria-busy])').waitFor({ state: 'attached' });

      expect(await body.locator(':scope > ul > li').count()).toBe(2);
      expect(await body.locator('ul ul > li').allTextContents()).toEqual(['intraday at 10:00 and 14:00']);
      expect(await body.locator('ol > li').allTextContents()).toEqual([
        'Pull 104 weeks of history',
        'Remove outliers (storms, outages)',
        'Fit and compare the models',
      ]);
      expect(await body.locator('blockquote strong').textContent()).toBe('lagging');
      expect(await body.locator('pre code').textContent()).toContain('required_agents = erlang_c(');
      expect(await body.locator('hr').count()).toBe(1);
      expect(await body.locator('thead th').allTextContents()).toEqual([
        'Queue',
        'Volume',
        'AHT (s)',
        'Service level target',
        'Occupancy target',
        'Shrinkage',
        'Notes',
      ]);
      expect(await body.locator('tbody tr').count()).toBe(2);
      const comment = page.getByTestId('comment').first();
      expect(await comment.locator('ol > li').allTextContents()).toEqual(['baseline', 'adjust']);
      expect(await comment.locator('blockquote').textContent()).toContain('same here');

      // The page itself never scrolls sideways; on a phone the table and the long code line do,
      // each inside its own box.
      const overflow = await page.evaluate(() => {
        const box = (el: Element | null) => (el ? { scroll: el.scrollWidth, client: el.clientWidth } : null);
        return {
          page: box(document.scrollingElement),
          table: box(document.querySelector('[data-testid="markdown"] table')?.parentElement ?? null),
          code: box(document.querySelector('[data-testid="markdown"] pre')),
        };
      });
      expect(overflow.page!.scroll).toBeLessThanOrEqual(overflow.page!.client);
      if (name === 'phone') {
        expect(overflow.table!.scroll).toBeGreaterThan(overflow.table!.client);
        expect(overflow.code!.scroll).toBeGreaterThan(overflow.code!.client);
      }
      await body.locator('hr').scrollIntoViewIfNeeded();
      await screenshot(page, `markdown-blocks-${name}`);

      // The new elements pass the accessibility rules (contrast of quotes and table headers, the
      // scrolling boxes reachable by keyboard) in both themes.
      const found: string[] = [];
      for (const theme of ['dark', 'light'] as const) {
        await applyTheme(page, theme);
        const violations = await axeViolations(page);
        if (violations.length > 0) found.push(formatViolations(`post with markdown blocks, ${name}, ${theme}`, violations));
      }
      expect(found.join('\n\n')).toBe('');
    });
  }
});
