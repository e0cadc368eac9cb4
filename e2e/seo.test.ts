import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiCall, visitorAddress } from './lib/api.ts';
import { DESKTOP, PHONE, newContext, screenshot } from './lib/browser.ts';
import { useBrowser } from './lib/browser-session.ts';
import { uniqueUsername } from '@wfm/service-kit/testing-names';
import { seedPublicPages, word, type PublicPagesSeed } from './lib/public-pages.ts';

/**
 * Issue 15 item 1: the public pages answer HTML that already holds their content, head tags and
 * canonical URL (gateway/src/html-pages.ts); the React app takes the page over without a loading
 * state in between and without asking again for the data the page carried; sitemap, feed, robots.
 */
const site = inject('siteUrl');
const admin = inject('admin');
const call = <T>(method: string, path: string, body?: unknown, token?: string) => apiCall<T>(site, method, path, body, token);

/** A page as a crawler or a link-preview bot gets it: HTML, no JavaScript run. */
async function crawl(path: string, headers: Record<string, string> = {}): Promise<{ status: number; html: string; headers: Headers }> {
  const res = await fetch(`${site}${path}`, { headers: { accept: 'text/html', 'x-forwarded-for': visitorAddress(), ...headers } });
  return { status: res.status, html: await res.text(), headers: res.headers };
}

const meta = (html: string, attr: 'name' | 'property', key: string) =>
  html.match(new RegExp(`<meta ${attr}="${key.replace(':', '\\:')}" content="([^"]*)"`))?.[1];
const rootOf = (html: string) => html.slice(html.indexOf('<div id="root"'), html.indexOf('<script type="application/json"'));

let seed: PublicPagesSeed;
const session = useBrowser();

beforeAll(async () => {
  seed = await seedPublicPages(site, admin);
}, 120_000);

describe('server-rendered public pages', () => {
  it('a post answers HTML with its content, comments, title, description, Open Graph/Twitter tags and canonical URL', async () => {
    const { status, html, headers } = await crawl(`/post/${seed.postId}`);
    expect(status).toBe(200);
    expect(headers.get('content-type')).toMatch(/^text\/html/);
    const escapedTitle = seed.postTitle.replace('<', '&lt;').replace('>', '&gt;');
    expect(html).toContain(`<title>${escapedTitle} · WFM Community</title>`);
    expect(html).not.toContain(seed.postTitle);
    expect(meta(html, 'name', 'description')).toMatch(/^We plan 40 agents on a 15-minute interval\. How do you measure/);
    expect(meta(html, 'property', 'og:title')).toBe(escapedTitle);
    expect(meta(html, 'property', 'og:type')).toBe('article');
    expect(meta(html, 'property', 'og:url')).toBe(`${site}/post/${seed.postId}`);
    expect(meta(html, 'name', 'twitter:card')).toBe('summary');
    expect(html).toContain(`<link rel="canonical" href="${site}/post/${seed.postId}" />`);
    const root = rootOf(html);
    expect(root).toContain(`<h1 id="post-title"`);
    // The React page's own markup (web/src/entry-server.tsx): the Markdown rendered as the browser renders it.
    expect(root).toContain('We plan <strong>40 agents</strong> on a 15-minute interval.');
    expect(root).toContain('We track <strong>weighted MAPE</strong> per interval.');
    expect(root).toContain('Rob Reviewer');
    // Exactly one title and one description: the template's own were replaced, not added to.
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/<meta name="description"/g)).toHaveLength(1);
  });

  it('/, /polls/{id}, /ama/{id}, /tools and /jobs hold their main content and their own head', async () => {
    const pages: Array<[string, string, string]> = [
      ['/', 'Community Feed', seed.postTitle.replace('<', '&lt;').replace('>', '&gt;')],
      [`/polls/${seed.pollId}`, seed.pollTitle, '30 minutes'],
      [`/ama/${seed.sessionId}`, seed.sessionTitle, 'Sam Scheduler'],
      ['/tools', 'Tools Directory', 'Tools Directory'],
      ['/jobs', 'Job &amp; Role Spotlight', seed.jobTitle],
    ];
    for (const [path, title, content] of pages) {
      const { status, html } = await crawl(path);
      expect(status, path).toBe(200);
      expect(html, path).toContain(`<title>${title} · WFM Community</title>`);
      expect(html, path).toContain(`<link rel="canonical" href="${site}${path}" />`);
      expect(meta(html, 'property', 'og:title'), path).toBe(title);
      expect(meta(html, 'name', 'description')?.length, path).toBeGreaterThan(20);
      expect(rootOf(html), path).toContain(content);
      expect(rootOf(html), path).toContain('<h1');
    }
  });

  it('a page with a query string is server-rendered like the plain path, with the list for that query (not the bare shell, not cached)', async () => {
    const unique = seed.postTitle.split(' ').at(-1)!;
    const found = await crawl(`/?q=${unique}`);
    expect(found.status).toBe(200);
    expect(found.headers.get('cache-control')).toBe('no-cache');
    expect(rootOf(found.html)).toContain('Community Feed');
    expect(rootOf(found.html)).toContain(unique);
    const none = await crawl('/?q=zzqqxxnothing');
    expect(rootOf(none.html)).toContain('No posts match your search for &quot;zzqqxxnothing&quot;.');
    expect(rootOf(none.html)).not.toContain(unique);
    const jobs = await crawl('/jobs?q=planner');
    expect(jobs.status).toBe(200);
    expect(rootOf(jobs.html)).toContain('<h1');
  });

  it('a post that does not exist answers 404 with noindex and the post page as React renders it (its message once the app runs)', async () => {
    const { status, html } = await crawl('/post/999999999');
    expect(status).toBe(404);
    expect(html).toContain('<meta name="robots" content="noindex" />');
    expect(rootOf(html)).toContain('<main id="main"');
    expect(html).not.toContain('/api/posts/999999999');
  });

  it('answers 404 for paths the app has no page for and for malformed or unknown ids; the browser draws the spec\'d page', async () => {
    const cases: Array<[string, string]> = [
      ['/no-such-page', '404 Page Not Found'],
      ['/ama~', '404 Page Not Found'],
      ['/tools.tar.gz', '404 Page Not Found'],
      ['/polls/abc', 'Invalid Poll'],
      ['/polls/999999999', 'Poll Not Found'],
      ['/post/abc', 'Invalid Post'],
      ['/post/999999998', 'Post Not Found'],
      ['/ama/999999999', 'Session Not Found'],
    ];
    const context = await newContext(session.browser, DESKTOP);
    try {
      const page = await context.newPage();
      for (const [path, heading] of cases) {
        const { status, headers } = await crawl(path);
        expect(status, path).toBe(404);
        expect(headers.get('content-type'), path).toMatch(/^text\/html/);
        const answer = await page.goto(`${site}${path}`);
        expect(answer?.status(), path).toBe(404);
        await expect.poll(() => page.locator('h1, h2').allInnerTexts(), { timeout: 15_000 }).toEqual(expect.arrayContaining([expect.stringContaining(heading)]));
      }
    } finally {
      await context.close();
    }
    // The pages the app has keep answering 200.
    for (const path of ['/polls', '/templates', '/calculators', '/simulator', '/help', '/ama', '/new']) {
      expect((await crawl(path)).status, path).toBe(200);
    }
  });

  it('the HTML is cached like the JSON and dropped by the same events: a new comment shows at once', async () => {
    const first = await crawl(`/post/${seed.postId}`);
    const again = await crawl(`/post/${seed.postId}`);
    expect(again.headers.get('x-cache')).toBe('HIT');
    expect(again.html).toBe(first.html);
    const revalidated = await fetch(`${site}/post/${seed.postId}`, { headers: { 'if-none-match': again.headers.get('etag')!, 'x-forwarded-for': visitorAddress() } });
    expect(revalidated.status).toBe(304);

    const { anon_token: token } = await call<{ anon_token: string }>('POST', '/api/session');
    const comment = `Fresh comment ${word()}`;
    await call('POST', '/api/comments', { post_id: seed.postId, body: comment, author_name: 'Lee Late' }, token);
    await expect.poll(async () => rootOf((await crawl(`/post/${seed.postId}`)).html)).toContain(comment);
  });

  it('the page is served gzip-compressed to clients that accept it', async () => {
    const res = await fetch(`${site}/post/${seed.postId}`, { headers: { 'accept-encoding': 'gzip', 'x-forwarded-for': visitorAddress() } });
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(await res.text()).toContain('<h1 id="post-title"');
  });

  it('every icon of every public page is compact inline SVG: lucide\'s paths under one .icon class, no presentation attributes', async () => {
    const paths = ['/', `/post/${seed.postId}`, '/polls', `/polls/${seed.pollId}`, '/tools', '/templates', '/ama', `/ama/${seed.sessionId}`, '/jobs', '/calculators', '/simulator', '/help', '/no-such-page'];
    for (const path of paths) {
      const root = rootOf((await crawl(path)).html);
      const svgs = [...root.matchAll(/<svg[^>]*>/g)].map((m) => m[0]);
      expect(svgs.length, path).toBeGreaterThan(0);
      for (const svg of svgs) {
        // The charts (recharts) draw their own SVG; every other is an icon.
        if (svg.includes('recharts')) continue;
        expect(svg, path).toMatch(/^<svg class="icon[ "][^>]*viewBox="0 0 24 24"/);
        expect(svg, path).not.toMatch(/ (stroke|fill|width|height|xmlns)=/);
      }
      expect(root, path).toMatch(/<svg class="icon[^>]*><(path|circle|rect|line|polyline) /);
    }
  });

  for (const [name, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`in the browser (${name}) the content is on screen before any script runs, and React takes it over without asking for it again`, async () => {
      const context = await newContext(session.browser, viewport);
      try {
        // Without JavaScript: what a crawler renders.
        const noJs = await session.browser.newContext({ viewport, javaScriptEnabled: false, extraHTTPHeaders: { 'x-forwarded-for': visitorAddress() } });
        const still = await noJs.newPage();
        await still.goto(`${site}/post/${seed.postId}`);
        expect(await still.getByRole('heading', { level: 1 }).innerText()).toBe(seed.postTitle);
        // The icons paint without any script, at their size and with a visible stroke.
        const icons = await still.evaluate(() =>
          Array.from(document.querySelectorAll('main svg.icon')).map((svg) => {
            const style = getComputedStyle(svg);
            return { width: svg.getBoundingClientRect().width, drawn: (svg as SVGSVGElement).getBBox().width, stroke: style.stroke, fill: style.fill };
          }),
        );
        expect(icons.length).toBeGreaterThan(0);
        for (const icon of icons) {
          expect(icon.width).toBeGreaterThan(0);
          expect(icon.drawn).toBeGreaterThan(0);
          expect(icon.stroke).toMatch(/^(rgb|oklch|color)/);
          expect(icon.fill).toBe('none');
        }
        // The component classes (theme.css) style a button before any script, and a utility a caller
        // adds still wins over them; a button's icon is 16px whatever its own size class.
        const button = await still.evaluate(() => {
          const main = document.querySelector('main')!;
          const probe = (classes: string) => {
            const element = document.createElement('button');
            element.className = classes;
            element.innerHTML = '<svg class="icon size-5" viewBox="0 0 24 24"><path d="M5 12h14"></path></svg>';
            main.append(element);
            const style = getComputedStyle(element);
            const icon = getComputedStyle(element.firstElementChild!);
            const measured = {
              display: style.display,
              fontWeight: style.fontWeight,
              fontSize: style.fontSize,
              radius: parseFloat(style.borderTopLeftRadius),
              justify: style.justifyContent,
              border: style.borderTopWidth,
              icon: `${icon.width} ${icon.height}`,
            };
            element.remove();
            return measured;
          };
          return {
            onPage: main.querySelectorAll('button.btn').length,
            plain: probe('btn btn-icons btn-outline'),
            changed: probe('btn btn-icons btn-outline rounded-full text-lg justify-start'),
          };
        });
        expect(button.onPage).toBeGreaterThan(0);
        expect(button.plain).toEqual({ display: 'inline-flex', fontWeight: '500', fontSize: '14px', radius: 6, justify: 'center', border: '1px', icon: '16px 16px' });
        expect(button.changed).toEqual({ ...button.plain, fontSize: '18px', radius: expect.any(Number), justify: 'flex-start' });
        expect(button.changed.radius).toBeGreaterThan(1000);
        await screenshot(still, `seo-post-no-js-${name}`);
        await noJs.close();

        const page: Page = await context.newPage();
        const errors: string[] = [];
        page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
        page.on('pageerror', (e) => errors.push(e.message));
        const apiReads: string[] = [];
        // The post's own reads (detail, comments) come with the page. /viewer is the visitor's own
        // question "may I accept an answer here?", which no shared HTML can answer.
        page.on('request', (r) => {
          const url = new URL(r.url());
          if (url.pathname.startsWith(`/api/posts/${seed.postId}`) && !url.pathname.endsWith('/viewer')) apiReads.push(r.url());
        });
        // Every state of the main heading from the first paint on: it must never go missing
        // (a skeleton in between would be a flash).
        await page.addInitScript(() => {
          const seen: string[] = [];
          (window as unknown as { headings: string[] }).headings = seen;
          // From the moment the server's heading is parsed on.
          const note = () => {
            const heading = document.querySelector('main h1')?.textContent;
            if (heading !== undefined || seen.length > 0) seen.push(heading ?? '(none)');
          };
          new MutationObserver(note).observe(document, { childList: true, subtree: true, characterData: true });
          // The server's heading element, to check that React hydrated it rather than replaced it.
          document.addEventListener('DOMContentLoaded', () => {
            (window as unknown as { serverHeading: Element | null }).serverHeading = document.querySelector('main h1');
          });
        });
        await page.goto(`${site}/post/${seed.postId}`);
        // React hydrated the server's markup: once its root is attached (and has rendered), the
        // heading is the very element the server sent, not a copy.
        await page.waitForFunction(() => Object.keys(document.getElementById('root')!).some((k) => k.startsWith('__reactContainer')));
        await page.getByRole('button', { name: /share/i, includeHidden: true }).first().waitFor();
        expect(await page.evaluate(() => document.querySelector('main h1') === (window as unknown as { serverHeading: Element | null }).serverHeading)).toBe(true);
        const headings = await page.evaluate(() => (window as unknown as { headings: string[] }).headings);
        expect(headings.length).toBeGreaterThan(0);
        expect(headings.filter((h) => h !== seed.postTitle)).toEqual([]);
        expect(apiReads).toEqual([]);
        expect(await page.title()).toBe(`${seed.postTitle} · WFM Community`);
        expect(errors).toEqual([]);
        // The app's modules are asked for only after the server's content has painted (the boot
        // script waits for the first contentful paint), so a phone paints without waiting for them.
        const order = await page.evaluate(() => ({
          paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
          modules: performance
            .getEntriesByType('resource')
            .filter((e) => /\/assets\/[^/]+\.js$/.test(new URL(e.name).pathname) && !/\/boot-/.test(e.name))
            .map((e) => e.startTime),
        }));
        expect(order.paint).not.toBeNull();
        expect(order.modules.length).toBeGreaterThan(0);
        expect(Math.min(...order.modules)).toBeGreaterThanOrEqual(order.paint!);
        await screenshot(page, `seo-post-hydrated-${name}`);
      } finally {
        await context.close();
      }
    });
  }
});

describe('sitemap, feed and robots.txt', () => {
  it('/sitemap.xml lists the public post, poll, AMA session and the job board with absolute URLs', async () => {
    const res = await fetch(`${site}/sitemap.xml`, { headers: { 'x-forwarded-for': visitorAddress() } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/xml/);
    const xml = await res.text();
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
    for (const path of ['/', '/jobs', '/tools', `/post/${seed.postId}`, `/polls/${seed.pollId}`, `/ama/${seed.sessionId}`]) {
      expect(xml, path).toContain(`<loc>${site}${path}</loc>`);
    }
    expect(xml).not.toContain('/admin');
    // Every page it names answers 200 (none of the 404s above).
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
    for (const loc of locs.slice(0, 50)) expect((await crawl(loc.slice(site.length))).status, loc).toBe(200);
  });

  it('/rss.xml carries the latest posts with links to their pages', async () => {
    const res = await fetch(`${site}/rss.xml`, { headers: { 'x-forwarded-for': visitorAddress() } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/rss\+xml/);
    const xml = await res.text();
    expect(xml).toContain('<rss version="2.0"');
    expect(xml).toContain(`<title>${seed.postTitle.replace('<', '&lt;').replace('>', '&gt;')}</title>`);
    expect(xml).toContain(`<link>${site}/post/${seed.postId}</link>`);
  });

  it('sitemap and feed are built once and answered from the cache, a new post drops them, and a forged Host reaches neither them nor the pages', async () => {
    // Issue 25 item 10, against the whole site (its services, PostgreSQL, the gateway's cache).
    for (const path of ['/sitemap.xml', '/rss.xml']) {
      await fetch(`${site}${path}`, { headers: { 'x-forwarded-for': visitorAddress() } });
      await expect.poll(async () => (await fetch(`${site}${path}`, { headers: { 'x-forwarded-for': visitorAddress() } })).headers.get('x-cache')).toBe('HIT');
    }
    // A forged Host (and X-Forwarded-Host from the trusted loopback proxy) gets the entry every visitor gets.
    const forged = await Promise.all(
      ['/sitemap.xml', '/rss.xml', `/post/${seed.postId}`, '/'].map((path) =>
        crawl(path, { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' }).then((res) => ({ path, ...res })),
      ),
    );
    for (const { path, status, html } of forged) {
      expect(status, path).toBe(200);
      expect(html, path).not.toContain('evil.example');
    }
    expect((await crawl(`/post/${seed.postId}`)).html).toContain(`<link rel="canonical" href="${site}/post/${seed.postId}" />`);

    const { anon_token: token } = await call<{ anon_token: string }>('POST', '/api/session');
    await call('POST', '/api/user-profile', { username: uniqueUsername('feed_') }, token);
    const title = `Feed check ${word()}`;
    const { id } = await call<{ id: number }>('POST', '/api/posts', { type: 'Idea', title, body: 'Shown in the feed at once.', author_name: 'Fay Feed' }, token);
    await expect.poll(async () => (await (await fetch(`${site}/rss.xml`, { headers: { 'x-forwarded-for': visitorAddress() } })).text())).toContain(`<link>${site}/post/${id}</link>`);
    await expect.poll(async () => (await (await fetch(`${site}/sitemap.xml`, { headers: { 'x-forwarded-for': visitorAddress() } })).text())).toContain(`<loc>${site}/post/${id}</loc>`);
  });

  it('/robots.txt keeps /admin and /api out and names the sitemap', async () => {
    const res = await fetch(`${site}/robots.txt`);
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text.split('\n')).toEqual(expect.arrayContaining(['User-agent: *', 'Disallow: /admin', 'Disallow: /api', `Sitemap: ${site}/sitemap.xml`]));
  });
});
