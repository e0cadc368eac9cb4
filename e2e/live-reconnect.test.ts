import { describe, expect, inject, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import type { BrowserContext, Page, WebSocketRoute } from 'playwright-core';
import WebSocket from 'ws';
import { apiCall } from './lib/api.ts';
import { DESKTOP, screenshot } from './lib/browser.ts';
import { useBrowser } from './lib/browser-session.ts';
import { uniqueUsername } from '@wfm/service-kit/testing-names';

/**
 * Issue 23 #8: live updates survive a dropped socket. The browser's /ws goes through a switch
 * (playwright's routeWebSocket): "down" closes every open socket and refuses new ones, as a rolling
 * deploy or a network drop does. A post and a comment published meanwhile never reach the page as
 * messages; it must show them after the reconnect anyway, without a reload.
 */
const site = inject('siteUrl');
const call = <T>(method: string, path: string, body?: unknown, token?: string) => apiCall<T>(site, method, path, body, token);
const hex = () => randomBytes(4).toString('hex');

const session = useBrowser({ screenshotPrefix: 'failed-live-reconnect' });

/** A socket of our own (not the browser's) that collects every message, to know when one has been sent. */
async function listener() {
  const messages: Array<{ type: string; data: Record<string, unknown> }> = [];
  const ws = new WebSocket(`${site.replace('http', 'ws')}/ws`);
  ws.on('message', (raw) => messages.push(JSON.parse(String(raw)) as (typeof messages)[number]));
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  return {
    sent: (type: string, match: (data: Record<string, unknown>) => boolean) =>
      expect.poll(() => messages.some((m) => m.type === type && match(m.data)), { timeout: 10_000 }).toBe(true),
    close: () => ws.close(),
  };
}

/**
 * True once a page has had no /api request in flight for `quietMs`: a refetch the page starts after
 * a message (it is sent on, then handled) has begun and ended by then.
 */
function apiQuiet(page: Page, quietMs = 500): () => boolean {
  const pending = new Set<unknown>();
  let lastChange = Date.now();
  const note = () => void (lastChange = Date.now());
  page.on('request', (r) => {
    if (r.url().includes('/api/')) pending.add(r);
    note();
  });
  page.on('requestfinished', (r) => void (pending.delete(r) && note()));
  page.on('requestfailed', (r) => void (pending.delete(r) && note()));
  return () => pending.size === 0 && Date.now() - lastChange >= quietMs;
}

/** Routes every /ws of the context through a switch the test can turn off and on. */
async function socketSwitch(ctx: BrowserContext) {
  const open = new Set<WebSocketRoute>();
  const greeted = new Set<WebSocketRoute>();
  let down = false;
  let refused = 0;
  await ctx.routeWebSocket(/\/ws$/, (ws) => {
    if (down) {
      refused += 1;
      void ws.close({ code: 1012, reason: 'service restart' });
      return;
    }
    open.add(ws);
    ws.onClose(() => {
      open.delete(ws);
      greeted.delete(ws);
    });
    const server = ws.connectToServer();
    // Passed on as they come; the gateway's hello answer is noted on the way.
    server.onMessage((message) => {
      if (String(message).startsWith('{"type":"hello"')) greeted.add(ws);
      ws.send(message);
    });
  });
  return {
    /** Open sockets the gateway has answered the hello of. */
    greeted: () => greeted.size,
    async drop() {
      down = true;
      await Promise.all([...open].map((ws) => ws.close({ code: 1012, reason: 'service restart' })));
    },
    restore() {
      down = false;
    },
    refused: () => refused,
  };
}

const indicator = (page: Page) => page.getByTestId('active-indicator').textContent();

describe('live updates after a dropped socket', () => {
  it('shows a post and a comment published while the socket was down once it reconnects, without a reload', async () => {
    const { anon_token: token } = await call<{ anon_token: string }>('POST', '/api/session');
    const author = uniqueUsername('rc_');
    await call('POST', '/api/user-profile', { username: author }, token);
    const threadTitle = `Reconnect thread ${hex()}`;
    const { id: threadId } = await call<{ id: number }>(
      'POST',
      '/api/posts',
      { type: 'Question', title: threadTitle, body: 'What breaks when the socket drops?', author_name: author, tags: '' },
      token,
    );

    // A returning reader (a username already, so no welcome modal covers the pages).
    const { anon_token: readerToken } = await call<{ anon_token: string }>('POST', '/api/session');
    await call('POST', '/api/user-profile', { username: uniqueUsername('rd_') }, readerToken);
    const context = await session.context(DESKTOP);
    await context.addInitScript((t) => localStorage.setItem('anon_token', t), readerToken);
    const sockets = await socketSwitch(context);
    const feed = await context.newPage();
    const thread = await context.newPage();
    session.watch(feed, thread);
    const [feedQuiet, threadQuiet] = [apiQuiet(feed), apiQuiet(thread)];
    await feed.goto(`${site}/`);
    await thread.goto(`${site}/post/${threadId}`);
    await feed.getByRole('link', { name: threadTitle }).waitFor();
    await thread.getByRole('heading', { level: 1, name: threadTitle }).waitFor();
    await expect.poll(() => indicator(feed)).toBe('Active');
    await expect.poll(() => indicator(thread)).toBe('Active');
    // The first hello's answer may say the gateway could not replay all that was broadcast since the
    // pages were loaded (a replica started moments ago, or a busy one): the pages then refetch what
    // they show. That refetch must be over before the socket drops, or it would bring the post
    // published below while "down".
    await expect.poll(() => sockets.greeted()).toBe(2);
    await expect.poll(() => feedQuiet() && threadQuiet()).toBe(true);
    const postsTodayText = () => feed.getByTestId('stat-today-s-posts').textContent();
    await expect.poll(postsTodayText).toMatch(/^\d+$/);
    const postsToday = Number(await postsTodayText());
    // Survives only if the pages are never reloaded.
    for (const p of [feed, thread]) await p.evaluate(() => Object.assign(window, { __sameDocument: true }));

    await sockets.drop();
    await expect.poll(() => indicator(feed)).not.toBe('Active');
    await expect.poll(() => indicator(thread)).not.toBe('Active');

    // Published while the browser is away: our own socket sees the messages go out, so they are
    // really gone for the browser, not merely late.
    const watch = await listener();
    try {
      const postTitle = `Missed post ${hex()}`;
      const { id: postId } = await call<{ id: number }>(
        'POST',
        '/api/posts',
        { type: 'Idea', title: postTitle, body: 'Published while the socket was down.', author_name: author, tags: '' },
        token,
      );
      const commentBody = `Missed comment ${hex()}`;
      const { id: commentId } = await call<{ id: number }>(
        'POST',
        '/api/comments',
        { post_id: threadId, body: commentBody, author_name: author },
        token,
      );
      await watch.sent('new_post', (d) => d.id === postId);
      await watch.sent('new_comment', (d) => d.id === commentId);
      expect(await feed.getByRole('link', { name: postTitle }).count()).toBe(0);
      expect(await thread.getByTestId('comment').filter({ hasText: commentBody }).count()).toBe(0);

      sockets.restore();
      await expect.poll(() => indicator(feed)).toBe('Active');
      await expect.poll(() => indicator(thread)).toBe('Active');

      await feed.getByRole('link', { name: postTitle }).waitFor({ timeout: 15_000 });
      await thread.getByTestId('comment').filter({ hasText: commentBody }).waitFor({ timeout: 15_000 });
      await thread.getByRole('heading', { name: 'Discussion (1)' }).waitFor();
      // The sidebar figures are refetched too.
      await expect.poll(postsTodayText).toBe(String(postsToday + 1));
      for (const p of [feed, thread]) expect(await p.evaluate(() => (window as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
      await screenshot(feed, 'live-reconnect-feed');
      await screenshot(thread, 'live-reconnect-thread');
    } finally {
      watch.close();
    }
  });
});
