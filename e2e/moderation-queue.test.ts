import { describe, expect, inject, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import type { BrowserContext, Page } from 'playwright-core';
import { REPORT_REASONS } from '@wfm/contracts/forum';
import { REPORT_REASON_LABELS } from '@wfm/contracts/forum/labels';
import { DESKTOP, PHONE, screenshot } from './lib/browser.ts';
import { useBrowser } from './lib/browser-session.ts';
import { apiCall } from './lib/api.ts';
import { uniqueUsername } from '@wfm/service-kit/testing-names';

// Issue 26 items 2, 3 and 5 in Chromium: a visitor reports a comment (five reasons, confirmation);
// staff work the report queue (New, then Reviewed / Dismissed / Action taken, each with who and
// when); staff suspend the author of a post and that visitor's next comment tells them why.

const site = inject('siteUrl');
const admin = inject('admin');
const call = <T>(method: string, path: string, body?: unknown, token?: string) => apiCall<T>(site, method, path, body, token);
const unique = (prefix: string) => `${prefix}${randomBytes(4).toString('hex')}`;
const SLOW = { timeout: 60_000 };

const session = useBrowser();

async function context(viewport: { width: number; height: number }): Promise<BrowserContext> {
  const ctx = await session.context(viewport);
  ctx.setDefaultTimeout(60_000);
  return ctx;
}

/** A member's token (named: a visitor without a username gets the welcome dialog over the page). */
async function member(): Promise<string> {
  const { anon_token: token } = await call<{ anon_token: string }>('POST', '/api/session');
  await call('POST', '/api/user-profile', { username: uniqueUsername('mq_') }, token);
  return token;
}

/** A member in a fresh browser context. */
async function visitorPage(viewport = DESKTOP): Promise<{ page: Page; token: string }> {
  const ctx = await context(viewport);
  const token = await member();
  await ctx.addInitScript((t) => {
    localStorage.setItem('anon_token', t);
    localStorage.setItem('terms_accepted', 'true');
  }, token);
  const opened = session.watch(await ctx.newPage());
  return { page: opened, token };
}

/** Staff signed in (the cookie comes from POST /api/admin/login). */
async function staffPage(viewport = DESKTOP): Promise<Page> {
  const ctx = await context(viewport);
  const res = await ctx.request.post(`${site}/api/admin/login`, { data: { username: admin.username, password: admin.password } });
  expect(res.status()).toBe(200);
  return session.watch(await ctx.newPage());
}

const newPost = async (token: string, title: string) =>
  (await call<{ id: number }>('POST', '/api/posts', { type: 'Question', title, body: 'How do you plan shrinkage?', author_name: 'Anonymous' }, token)).id;
const newComment = async (token: string, postId: number, body: string) =>
  (await call<{ id: number }>('POST', '/api/comments', { post_id: postId, body, author_name: 'Riley' }, token)).id;
const reportComment = async (commentId: number, reason: string) =>
  (await call<{ ticket_reference: string }>('POST', '/api/report', { comment_id: commentId, reason }, await member())).ticket_reference;
const toast = (page: Page) => page.getByRole('region', { name: 'Notifications (F8)' }).getByRole('listitem');

describe('moderation loop in the browser', () => {
  it('a visitor reports a comment: five reasons, then a confirmation', { timeout: 300_000 }, async () => {
    const token = await member();
    const title = unique('Reported comment thread ');
    const postId = await newPost(token, title);
    const body = unique('rude words ');
    await newComment(token, postId, body);

    for (const viewport of [DESKTOP, PHONE]) {
      const { page } = await visitorPage(viewport);
      const name = viewport === DESKTOP ? 'desktop' : 'phone';
      await page.goto(`${site}/post/${postId}`);
      await page.getByRole('heading', { level: 1, name: title }).waitFor(SLOW);
      await page.getByTestId('comment').filter({ hasText: body }).getByRole('button', { name: 'Report comment' }).click();
      const dialog = page.getByRole('dialog', { name: 'Report Comment' });
      await dialog.waitFor(SLOW);
      const reason = dialog.getByRole('combobox');
      const options = reason.getByRole('option');
      await expect.poll(() => options.allTextContents()).toEqual(REPORT_REASONS.map((r) => REPORT_REASON_LABELS[r]));
      await screenshot(page, `moderation-report-comment-reasons-${name}`);
      await reason.selectOption({ label: 'Abusive content' });
      await dialog.getByRole('button', { name: 'Submit Report' }).click();
      await toast(page).filter({ hasText: 'Report submitted' }).waitFor(SLOW);
      await dialog.waitFor({ state: 'detached' });
      await screenshot(page, `moderation-report-comment-confirmed-${name}`);
    }
  });

  it('the report queue: New, then Reviewed, Dismissed and Action taken, each showing who and when', { timeout: 300_000 }, async () => {
    const token = await member();
    const postId = await newPost(token, unique('Queue thread '));
    const bodies = { reviewed: unique('borderline '), dismissed: unique('harmless '), action: unique('abusive ') };
    const refs = {
      reviewed: await reportComment(await newComment(token, postId, bodies.reviewed), 'off-topic'),
      dismissed: await reportComment(await newComment(token, postId, bodies.dismissed), 'other'),
      action: await reportComment(await newComment(token, postId, bodies.action), 'abusive'),
    };
    const page = await staffPage();
    await page.goto(`${site}/admin?tab=reports`);
    const status = page.getByRole('combobox', { name: 'Status' });
    await status.waitFor(SLOW);
    expect(await status.inputValue()).toBe('New');
    const card = (ref: string) => page.getByRole('article', { name: `Comment report ${ref}` });
    for (const ref of Object.values(refs)) await card(ref).waitFor(SLOW);
    expect(await card(refs.action).innerText()).toContain(bodies.action);
    await screenshot(page, 'moderation-queue-new-desktop');

    const decide = async (ref: string, button: string, toastText: string) => {
      await card(ref).getByRole('button', { name: button }).click();
      await toast(page).filter({ hasText: toastText }).first().waitFor(SLOW);
      // A decided report leaves the New view.
      await card(ref).waitFor({ state: 'detached', timeout: 60_000 });
    };
    await decide(refs.reviewed, 'Mark reviewed', 'Report reviewed');
    await decide(refs.dismissed, 'Dismiss', 'Report dismissed');
    await decide(refs.action, 'Delete comment (action taken)', 'Comment deleted');

    const year = String(new Date().getFullYear());
    for (const [view, ref] of [
      ['Reviewed', refs.reviewed],
      ['Dismissed', refs.dismissed],
      ['Action taken', refs.action],
    ] as const) {
      await status.selectOption(view);
      const decided = card(ref);
      await decided.getByText(`${view} by ${admin.username} on`).waitFor(SLOW);
      expect(await decided.innerText()).toContain(year);
      // Decided reports offer no decision buttons any more.
      expect(await decided.getByRole('group', { name: 'Decide this report' }).count()).toBe(0);
    }
    await screenshot(page, 'moderation-queue-action-taken-desktop');
    const thread = await call<{ comments: Array<{ body: string }> }>('GET', `/api/posts/${postId}/comments`);
    expect(thread.comments.map((c) => c.body)).toEqual([bodies.reviewed, bodies.dismissed]);

    // The same queue on a phone.
    const phone = await staffPage(PHONE);
    await phone.goto(`${site}/admin?tab=reports`);
    await phone.getByRole('combobox', { name: 'Status' }).selectOption('Dismissed');
    await phone.getByRole('article', { name: `Comment report ${refs.dismissed}` }).waitFor(SLOW);
    await screenshot(phone, 'moderation-queue-dismissed-phone');
  });

  it('staff suspend the author of a post; the visitor’s next comment says until when and why', { timeout: 300_000 }, async () => {
    const visitor = await visitorPage(PHONE);
    const title = unique('Suspended author post ');
    const postId = await newPost(visitor.token, title);
    const reason = unique('spam links ');

    const staff = await staffPage();
    await staff.goto(`${site}/admin?tab=posts`);
    await staff.getByRole('button', { name: `Suspend author of “${title}”` }).click();
    const dialog = staff.getByRole('alertdialog', { name: 'Suspend the author?' });
    await dialog.getByLabel('Reason shown to the visitor').fill(reason);
    await dialog.getByLabel('For').selectOption({ label: '7 days' });
    await screenshot(staff, 'moderation-suspend-dialog-desktop');
    const before = Date.now();
    await dialog.getByRole('button', { name: 'Suspend', exact: true }).click();
    await toast(staff).filter({ hasText: 'Author suspended' }).waitFor(SLOW);

    // The visitor still reads; their next comment is refused with the date and the reason.
    const page = visitor.page;
    await page.goto(`${site}/post/${postId}`);
    await page.getByRole('heading', { level: 1, name: title }).waitFor(SLOW);
    await page.getByRole('textbox', { name: /comment/i }).first().fill('One more thing');
    await page.getByRole('button', { name: 'Post Comment' }).click();
    const refusal = toast(page).filter({ hasText: 'Your account is suspended until' });
    await refusal.waitFor(SLOW);
    const text = await refusal.innerText();
    expect(text).toContain(`: ${reason}`);
    const until = Date.parse(/suspended until (\S+):/.exec(text)![1]!);
    expect(until - before).toBeGreaterThan(6.9 * 86_400_000);
    expect(until - before).toBeLessThan(7.1 * 86_400_000);
    await screenshot(page, 'moderation-suspended-comment-phone');
    const thread = await call<{ comments: unknown[] }>('GET', `/api/posts/${postId}/comments`);
    expect(thread.comments).toEqual([]);

    // The same refusal at desktop width (the token is the visitor's, in a new context).
    const desktop = await context(DESKTOP);
    await desktop.addInitScript((t) => {
      localStorage.setItem('anon_token', t);
      localStorage.setItem('terms_accepted', 'true');
    }, visitor.token);
    const desktopPage = session.watch(await desktop.newPage());
    await desktopPage.goto(`${site}/post/${postId}`);
    await desktopPage.getByRole('heading', { level: 1, name: title }).waitFor(SLOW);
    await desktopPage.getByRole('textbox', { name: /comment/i }).first().fill('Trying again');
    await desktopPage.getByRole('button', { name: 'Post Comment' }).click();
    await toast(desktopPage).filter({ hasText: `: ${reason}` }).waitFor(SLOW);
    await screenshot(desktopPage, 'moderation-suspended-comment-desktop');
  });
});
