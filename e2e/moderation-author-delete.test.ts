import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DESKTOP, PHONE, screenshot } from './lib/browser.ts';
import { useBrowser } from './lib/browser-session.ts';
import { apiCall } from './lib/api.ts';
import { uniqueUsername } from '@wfm/service-kit/testing-names';

// Issue 26 item 1 in Chromium: the author edits and deletes their comment and post; what others
// wrote under the post stays readable beneath a "deleted by its author" placeholder, live and in
// the server-rendered page; a post without comments is simply gone.

const site = inject('siteUrl');
const admin = inject('admin');
const call = <T>(method: string, path: string, body?: unknown, token?: string) => apiCall<T>(site, method, path, body, token);
const SLOW = { timeout: 60_000 };

const session = useBrowser();

/** A member (named, terms accepted) in a fresh browser context; answers the page and its token. */
async function visitor(viewport = DESKTOP): Promise<{ page: Page; token: string }> {
  const ctx = await session.context(viewport);
  ctx.setDefaultTimeout(60_000);
  const { anon_token: token } = await call<{ anon_token: string }>('POST', '/api/session');
  await call('POST', '/api/user-profile', { username: uniqueUsername('md_') }, token);
  await ctx.addInitScript((t) => {
    localStorage.setItem('anon_token', t);
    localStorage.setItem('terms_accepted', 'true');
  }, token);
  return { page: await ctx.newPage(), token };
}

const newPost = async (token: string, title: string) =>
  (await call<{ id: number }>('POST', '/api/posts', { type: 'Question', title, body: 'What shrinkage do you plan?', author_name: 'Anonymous' }, token)).id;
const newComment = async (token: string, postId: number, body: string) =>
  (await call<{ id: number }>('POST', '/api/comments', { post_id: postId, body, author_name: 'Riley' }, token)).id;

describe('author deletion leaves a placeholder', () => {
  it('edited comment shows "edited" with its time; deleted comment and post leave placeholders, live for others', { timeout: 400_000 }, async () => {
    const author = await visitor();
    session.watch(author.page);
    const title = `Shrinkage for chat ${Date.now()}`;
    const id = await newPost(author.token, title);
    const ownComment = await newComment(author.token, id, 'My first thought, with a typo');
    // Desktop, so the sidebar tells when the page's websocket is open (live updates are awaited on it).
    const reader = await visitor(DESKTOP);
    await newComment(reader.token, id, 'We plan 32% for chat');

    await author.page.goto(`${site}/post/${id}`);
    await author.page.getByRole('heading', { level: 1, name: title }).waitFor(SLOW);

    // Edit own comment: "edited" with the time, for the author and for the other visitor.
    const mine = author.page.getByTestId('comment').filter({ hasText: 'My first thought' });
    await mine.getByRole('button', { name: 'Edit comment' }).click();
    await author.page.getByRole('textbox', { name: 'Edit your comment' }).fill('My first thought, corrected');
    await author.page.getByRole('button', { name: 'Save' }).click();
    const edited = author.page.getByTestId('comment').filter({ hasText: 'My first thought, corrected' });
    await edited.getByTestId('edited-marker').waitFor(SLOW);
    expect(await edited.getByTestId('edited-marker').innerText()).toMatch(/^edited\s+\S/);
    expect(await edited.getByTestId('edited-marker').locator('time').getAttribute('datetime')).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    await screenshot(author.page, 'moderation-comment-edited-desktop');

    await reader.page.goto(`${site}/post/${id}`);
    await reader.page.getByText('My first thought, corrected').waitFor(SLOW);
    await reader.page.getByTestId('active-indicator').filter({ hasText: 'Active' }).waitFor(SLOW);
    await reader.page.getByTestId('comment').filter({ hasText: 'My first thought, corrected' }).getByTestId('edited-marker').waitFor(SLOW);

    // Delete own comment: a placeholder stays in the thread, for the author and live for the reader.
    await author.page.getByTestId('comment').filter({ hasText: 'My first thought, corrected' }).getByRole('button', { name: 'Delete comment' }).click();
    await author.page.getByRole('dialog', { name: 'Delete this comment?' }).getByRole('button', { name: 'Delete comment' }).click();
    await author.page.getByTestId('deleted-comment').waitFor(SLOW);
    expect(await author.page.getByText('My first thought, corrected').count()).toBe(0);
    await reader.page.getByTestId('deleted-comment').waitFor(SLOW);
    expect(await reader.page.getByTestId('deleted-comment').innerText()).toBe('deleted by its author');
    expect(await reader.page.getByText('My first thought, corrected').count()).toBe(0);
    await screenshot(reader.page, 'moderation-comment-placeholder-desktop');

    // Delete the post: the author goes home, the reader's page turns into the placeholder live,
    // with their comment still readable under it and no way to add one.
    await author.page.getByRole('button', { name: 'Delete', exact: true }).click();
    await author.page.getByRole('dialog', { name: 'Delete this post?' }).getByRole('button', { name: 'Delete post' }).click();
    await author.page.waitForURL(`${site}/`, SLOW);
    await reader.page.getByRole('heading', { level: 1, name: 'deleted by its author' }).waitFor(SLOW);
    await reader.page.getByText('We plan 32% for chat').waitFor(SLOW);
    expect(await reader.page.getByText(title).count()).toBe(0);
    expect(await reader.page.getByRole('button', { name: 'Post Comment' }).count()).toBe(0);
    await screenshot(reader.page, 'moderation-post-placeholder-live-desktop');
    // The same page at phone width.
    await reader.page.setViewportSize(PHONE);
    await screenshot(reader.page, 'moderation-post-placeholder-phone');

    // A fresh desktop visit and the server-rendered HTML show the same placeholder.
    const later = await visitor(DESKTOP);
    session.watch(later.page);
    await later.page.goto(`${site}/post/${id}`);
    await later.page.getByRole('heading', { level: 1, name: 'deleted by its author' }).waitFor(SLOW);
    await later.page.getByText('We plan 32% for chat').waitFor(SLOW);
    await screenshot(later.page, 'moderation-post-placeholder-desktop');
    const html = await (await fetch(`${site}/post/${id}`)).text();
    expect(html).toContain('deleted by its author');
    expect(html).toContain('We plan 32% for chat');
    expect(html).not.toContain(title);

    // It has left the feed and search.
    const search = await call<{ posts: Array<{ id: number }> }>('GET', `/api/posts?q=${encodeURIComponent(title)}`);
    expect(search.posts.map((p) => p.id)).not.toContain(id);
    await later.page.goto(`${site}/`);
    await later.page.getByRole('heading', { level: 1 }).first().waitFor(SLOW);
    expect(await later.page.getByText(title).count()).toBe(0);

    // Staff read both deletions in the audit log, by the actor "Author" (no name).
    const staffCtx = await session.context(DESKTOP);
    const login = await staffCtx.request.post(`${site}/api/admin/login`, { data: { username: admin.username, password: admin.password } });
    expect(login.status()).toBe(200);
    const staffPage = session.watch(await staffCtx.newPage());
    await staffPage.goto(`${site}/admin?tab=audit`);
    const entries = staffPage.getByTestId('audit-entry');
    await entries.filter({ hasText: `comment ${ownComment}` }).filter({ hasText: 'comment.author_delete' }).waitFor(SLOW);
    const postEntry = entries.filter({ hasText: `post ${id}` }).filter({ hasText: 'post.author_delete' });
    await postEntry.waitFor(SLOW);
    expect(await postEntry.innerText()).toContain('Author');
    await entries.filter({ hasText: `comment ${ownComment}` }).filter({ hasText: 'comment.author_edit' }).waitFor(SLOW);
    await screenshot(staffPage, 'moderation-audit-authors-desktop');
    await staffPage.setViewportSize(PHONE);
    await postEntry.scrollIntoViewIfNeeded();
    await screenshot(staffPage, 'moderation-audit-authors-phone');
  });

  it('a post without comments is simply gone: its page answers Post Not Found', { timeout: 200_000 }, async () => {
    const author = await visitor(PHONE);
    session.watch(author.page);
    const title = `Lonely question ${Date.now()}`;
    const id = await newPost(author.token, title);
    await author.page.goto(`${site}/post/${id}`);
    await author.page.getByRole('heading', { level: 1, name: title }).waitFor(SLOW);
    await author.page.getByRole('button', { name: 'Delete', exact: true }).click();
    const dialog = author.page.getByRole('dialog', { name: 'Delete this post?' });
    expect(await dialog.innerText()).toContain('deleted by its author');
    await screenshot(author.page, 'moderation-delete-post-dialog-phone');
    await dialog.getByRole('button', { name: 'Delete post' }).click();
    await author.page.waitForURL(`${site}/`, SLOW);
    await author.page.goto(`${site}/post/${id}`);
    await author.page.getByRole('heading', { level: 1, name: 'Post Not Found' }).waitFor(SLOW);
    expect((await fetch(`${site}/api/posts/${id}`)).status).toBe(404);
  });
});
