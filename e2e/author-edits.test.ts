import { describe, expect, inject, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { DESKTOP, PHONE, screenshot } from './lib/browser.ts';
import { useBrowser } from './lib/browser-session.ts';
import WebSocket from 'ws';
import { apiCall } from './lib/api.ts';
import { uniqueUsername } from '@wfm/service-kit/testing-names';

// Issue 26 item 1 in Chromium: the author edits and deletes their post and comment; others see "edited".

const site = inject('siteUrl');
const call = <T>(method: string, path: string, body?: unknown, token?: string) => apiCall<T>(site, method, path, body, token);

async function visitorIn(ctx: BrowserContext): Promise<string> {
  const { anon_token: token } = await call<{ anon_token: string }>('POST', '/api/session');
  // A member: a visitor without a username gets the welcome dialog over the page.
  await call('POST', '/api/user-profile', { username: uniqueUsername('ed_') }, token);
  await ctx.addInitScript((t) => {
    localStorage.setItem('anon_token', t);
    localStorage.setItem('terms_accepted', 'true');
  }, token);
  return token;
}

const session = useBrowser();
let page: Page;

async function open(viewport = DESKTOP): Promise<{ ctx: BrowserContext; page: Page }> {
  const ctx = await session.context(viewport);
  ctx.setDefaultTimeout(90_000);
  return { ctx, page: await ctx.newPage() };
}
const SLOW = { timeout: 60_000 };

/** Resolves with the page's first hello answer: from then on its socket hears every change. */
function helloAnswered(target: Page): Promise<{ visitor: boolean; missed: boolean }> {
  return new Promise((resolve) => {
    target.on('websocket', (socket) => {
      socket.on('framereceived', ({ payload }) => {
        const message = JSON.parse(String(payload)) as { type: string; data: { visitor: boolean; missed: boolean } };
        if (message.type === 'hello') resolve(message.data);
      });
    });
  });
}

/** Waits until the gateway can replay the last `ms` of public messages (a replica younger than that cannot). */
async function replayableFor(ms: number): Promise<void> {
  await expect
    .poll(
      () =>
        new Promise<boolean>((resolve, reject) => {
          const ws = new WebSocket(`${site.replace('http', 'ws')}/ws`);
          ws.on('open', () => ws.send(JSON.stringify({ type: 'hello', anon_token: '', replay_ms: ms })));
          ws.on('message', (raw) => {
            const message = JSON.parse(String(raw)) as { type: string; data: { missed: boolean } };
            if (message.type !== 'hello') return;
            ws.close();
            resolve(!message.data.missed);
          });
          ws.on('error', reject);
        }),
      { timeout: 60_000, interval: 1000 },
    )
    .toBe(true);
}

describe('author edit and delete', () => {
  it('the author edits the post and deletes their comment; another visitor sees "edited" and no Edit button', { timeout: 400_000 }, async () => {
    const author = await open();
    page = session.watch(author.page);
    const token = await visitorIn(author.ctx);
    const { id } = await call<{ id: number }>(
      'POST',
      '/api/posts',
      { type: 'Idea', title: 'Original idea title', body: 'Original body.', author_name: 'Anonymous' },
      token,
    );
    await call('POST', '/api/comments', { post_id: id, body: 'My own comment', author_name: 'Anonymous' }, token);

    await page.goto(`${site}/post/${id}`);
    await page.getByRole('heading', { level: 1, name: 'Original idea title' }).waitFor(SLOW);
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit your post' });
    await dialog.getByLabel('Title').fill('Edited idea title');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await page.getByRole('heading', { level: 1, name: 'Edited idea title' }).waitFor(SLOW);
    await page.getByTestId('edited-marker').first().waitFor(SLOW);
    await screenshot(page, 'author-edits-desktop');

    // Another visitor on a phone: the edit and its marker, no Edit or Delete.
    const other = await open(PHONE);
    await visitorIn(other.ctx);
    const otherSocketAnswered = helloAnswered(other.page);
    await other.page.goto(`${site}/post/${id}`);
    await other.page.getByRole('heading', { level: 1, name: 'Edited idea title' }).waitFor(SLOW);
    await other.page.getByTestId('edited-marker').first().waitFor(SLOW);
    await screenshot(other.page, 'author-edits-phone-other-visitor');
    expect(await other.page.getByRole('button', { name: 'Delete comment' }).count()).toBe(0);
    expect(await other.page.getByRole('button', { name: 'Edit', exact: true }).count()).toBe(0);

    // The author deletes their comment after the confirmation, once the other page's socket is open
    // (the next test: a change made before that).
    await otherSocketAnswered;
    await page.getByRole('button', { name: 'Delete comment' }).click();
    await page.getByRole('dialog', { name: 'Delete this comment?' }).getByRole('button', { name: 'Delete comment' }).click();
    await expect.poll(() => page.getByText('My own comment').count(), SLOW).toBe(0);
    // The other visitor's page drops it live (post_updated).
    await expect.poll(() => other.page.getByText('My own comment').count(), SLOW).toBe(0);

    // And deletes the post: home for the author, gone for the other visitor.
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByRole('dialog', { name: 'Delete this post?' }).getByRole('button', { name: 'Delete post' }).click();
    await page.waitForURL(`${site}/`, SLOW);
    await other.page.getByRole('heading', { level: 1, name: 'Post Not Found' }).waitFor(SLOW);
  });

  it('a page loaded before a change that its socket was not yet open for shows the change once the socket opens', { timeout: 300_000 }, async () => {
    // What this test is about is the replay, not a replica too young to have one (which refetches).
    await replayableFor(15_000);
    const token = await call<{ anon_token: string }>('POST', '/api/session').then((r) => r.anon_token);
    await call('POST', '/api/user-profile', { username: uniqueUsername('ed_') }, token);
    const { id } = await call<{ id: number }>('POST', '/api/posts', { type: 'Idea', title: 'Caught-up idea', body: 'Body.', author_name: 'Anonymous' }, token);
    const comment = await call<{ id: number }>('POST', '/api/comments', { post_id: id, body: 'Soon deleted comment', author_name: 'Anonymous' }, token);

    // An anonymous reader whose socket is held back (a slow phone) until the author has deleted the comment.
    const reader = await open(PHONE);
    await reader.ctx.addInitScript(() => localStorage.setItem('terms_accepted', 'true'));
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await reader.page.routeWebSocket(/\/ws$/, async (socket) => {
      await released;
      socket.connectToServer();
    });
    const answered = helloAnswered(reader.page);
    await reader.page.goto(`${site}/post/${id}`);
    await reader.page.locator('#root:not([aria-busy])').getByText('Soon deleted comment').waitFor(SLOW);

    await call('DELETE', `/api/comments/${comment.id}`, undefined, token);
    release();
    expect(await answered).toMatchObject({ missed: false });
    await expect.poll(() => reader.page.getByText('Soon deleted comment').count(), SLOW).toBe(0);
    await reader.page.getByText('deleted by its author', { exact: false }).first().waitFor(SLOW);
  });
});
