import { describe, expect, inject, it } from 'vitest';
import type { APIRequestContext, Page } from 'playwright-core';
import { apiCall } from './lib/api.ts';
import { DESKTOP, PHONE, screenshot } from './lib/browser.ts';
import { useBrowser } from './lib/browser-session.ts';
import { uniqueUsername } from '@wfm/service-kit/testing-names';

const site = inject('siteUrl');
const admin = inject('admin');
const call = <T>(method: string, path: string, body?: unknown, token?: string) => apiCall<T>(site, method, path, body, token);
// The shared generator avoids letters that spell listed words (a consonant-only name once did).
const uniqueName = (prefix = 'bell_') => uniqueUsername(prefix);
const SLOW = 180_000;

const session = useBrowser({ closeContexts: 'after-the-file' });

/** A visitor with a username whose browser holds their token (no welcome modal). */
async function visitor(viewport = DESKTOP): Promise<{ page: Page; token: string; username: string }> {
  const { anon_token } = await call<{ anon_token: string }>('POST', '/api/session');
  const username = uniqueName();
  await call('POST', '/api/user-profile', { username }, anon_token);
  const context = await session.context(viewport);
  await context.addInitScript((t) => localStorage.setItem('anon_token', t), anon_token);
  const opened = session.watch(await context.newPage());
  return { page: opened, token: anon_token, username };
}

async function staff(): Promise<APIRequestContext> {
  const context = await session.context(DESKTOP);
  const res = await context.request.post(`${site}/api/admin/login`, { data: admin });
  expect(res.status()).toBe(200);
  return context.request;
}

const bell = (p: Page) => p.getByTestId('notification-bell');
const count = (p: Page) => p.getByTestId('notification-count');

describe('replies-to-me bell', () => {
  it('counts a comment on my post and an answer to my AMA question live, lists them, and clears on looking', async () => {
    const me = await visitor();
    const title = `Bell test ${uniqueName('')}`;
    const { id: postId } = await call<{ id: number }>(
      'POST',
      '/api/posts',
      { type: 'Question', title, body: 'How do you plan shrinkage?', tags: '', author_name: me.username, tool_links: [], attachments: [], status: 'open', isAnonymous: false },
      me.token,
    );
    await me.page.goto(site);
    await bell(me.page).waitFor();
    expect(await count(me.page).count()).toBe(0);
    expect(await bell(me.page).getAttribute('aria-label')).toBe('Replies to me');
    // The socket said hello with my token before anything is sent, so the push can reach it.
    await me.page.waitForLoadState('networkidle');

    const other = (await call<{ anon_token: string }>('POST', '/api/session')).anon_token;
    await call('POST', '/api/comments', { post_id: postId, body: 'We plan 30% for chat.', author_name: 'Anonymous', isAnonymous: true }, other);
    await expect.poll(() => count(me.page).textContent(), { timeout: 20_000 }).toBe('1');
    expect(await bell(me.page).getAttribute('aria-label')).toBe('Replies to me: 1 new');

    // An AMA answer to my question.
    const desk = await staff();
    const sessionTitle = `Ask the bell ${uniqueName('')}`;
    const created = await desk.post(`${site}/api/admin/ama/sessions`, {
      data: {
        title: sessionTitle,
        description: 'Questions about staffing.',
        host_name: 'Dana Planner',
        host_bio: 'WFM lead.',
        scheduled_time: Date.now() + 3 * 86_400_000,
        duration_minutes: 60,
        max_participants: 20,
        max_questions: 10,
        zoom_link: 'https://zoom.us/j/123456789',
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const sessionId = ((await created.json()) as { id: number }).id;
    const question = await call<{ id: number }>('POST', `/api/ama/sessions/${sessionId}/questions`, { question: 'Erlang C or simulation?', isAnonymous: true }, me.token);
    const answered = await desk.put(`${site}/api/admin/ama/questions/${question.id}/answer`, { data: { answer: 'Simulation for blended queues.' } });
    expect(answered.status(), await answered.text()).toBe(200);
    await expect.poll(() => count(me.page).textContent(), { timeout: 20_000 }).toBe('2');
    await screenshot(me.page, 'replies-bell-desktop');

    await bell(me.page).click();
    await me.page.getByRole('heading', { level: 1, name: 'Replies to me' }).waitFor();
    const list = me.page.getByTestId('notifications-list');
    await list.getByText('Simulation for blended queues.').waitFor();
    await list.getByText('We plan 30% for chat.').waitFor();
    expect(await list.getByRole('listitem').count()).toBe(2);
    expect(await list.getByTestId('notification-new').count()).toBe(2);
    // Looking clears the bell (both services marked read).
    await expect.poll(() => count(me.page).count(), { timeout: 10_000 }).toBe(0);
    await screenshot(me.page, 'replies-page-desktop');

    // Keyboard: the first reply is a link to where it was said.
    await list.getByRole('link').first().focus();
    await me.page.keyboard.press('Enter');
    await me.page.waitForURL(`${site}/ama/${sessionId}`);

    // After a reload nothing is new any more.
    await me.page.goto(`${site}/notifications`);
    await list.getByText('We plan 30% for chat.').waitFor();
    expect(await list.getByTestId('notification-new').count()).toBe(0);
    expect(await count(me.page).count()).toBe(0);
  }, SLOW);

  it('shows nothing of mine to anyone else: another visitor sees the empty state', async () => {
    const stranger = await visitor();
    await stranger.page.goto(`${site}/notifications`);
    await stranger.page.getByTestId('notifications-empty').waitFor();
    expect(await stranger.page.getByText('No replies yet').isVisible()).toBe(true);
    await screenshot(stranger.page, 'replies-empty-desktop');
  }, SLOW);

  it('works at phone width', async () => {
    const me = await visitor(PHONE);
    const { id: postId } = await call<{ id: number }>(
      'POST',
      '/api/posts',
      { type: 'Idea', title: 'Phone bell check', body: 'Idea body', tags: '', author_name: me.username, tool_links: [], attachments: [], status: 'open', isAnonymous: false },
      me.token,
    );
    const other = (await call<{ anon_token: string }>('POST', '/api/session')).anon_token;
    await call('POST', '/api/comments', { post_id: postId, body: 'A longer reply that has to wrap nicely on a narrow phone screen without overflowing.', author_name: 'Anonymous', isAnonymous: true }, other);
    await me.page.goto(site);
    await expect.poll(() => count(me.page).textContent(), { timeout: 20_000 }).toBe('1');
    await screenshot(me.page, 'replies-bell-phone');
    await bell(me.page).click();
    await me.page.getByTestId('notifications-list').getByText('Phone bell check').waitFor();
    const overflow = await me.page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(overflow).toBe(false);
    await screenshot(me.page, 'replies-page-phone');
  }, SLOW);
});
