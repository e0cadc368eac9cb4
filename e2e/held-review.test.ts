import { describe, expect, inject, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { DESKTOP, screenshot } from './lib/browser.ts';
import { useBrowser } from './lib/browser-session.ts';
import { apiCall } from './lib/api.ts';

// Issue 25 (duplicate content), end to end on the whole site: three fresh visitors from three
// addresses post the same text; the third post is held, so the site (detail, feed, sitemap, RSS)
// does not show it; a Moderator opens the Held tab in the admin panel and releases it, and the site
// then shows it under the id its author was given.
const site = inject('siteUrl');
const admin = inject('admin');
const call = <T>(method: string, path: string, body?: unknown, token?: string) => apiCall<T>(site, method, path, body, token);

const session = useBrowser({ closeContexts: 'after-the-file' });

const word = `held${randomBytes(4).toString('hex')}`;
const title = `Certification offer ${word}`;
const body = `Cheap WFM certification at example.test/${word}, 90% off for the first hundred planners today`;

async function postAsFreshVisitor(): Promise<{ id: number; held?: boolean; message?: string }> {
  const { anon_token } = await call<{ anon_token: string }>('POST', '/api/session');
  return call('POST', '/api/posts', { type: 'Question', title, body, author_name: 'Anonymous', isAnonymous: true }, anon_token);
}

const text = async (path: string) => (await fetch(`${site}${path}`)).text();

describe('a post many visitors send alike', () => {
  it('is held off the site until a Moderator releases it in the Held tab', async () => {
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await postAsFreshVisitor());
    expect(answers.map((a) => a.held ?? false)).toEqual([false, false, true]);
    expect(answers[2]!.message).toMatch(/held for review/);
    const heldId = answers[2]!.id;

    expect((await fetch(`${site}/api/posts/${heldId}`)).status).toBe(404);
    const feed = await call<{ posts: Array<{ id: number }> }>('GET', `/api/posts?q=${word}`);
    expect(feed.posts.map((p) => p.id).sort()).toEqual([answers[0]!.id, answers[1]!.id].sort());
    expect(await text('/sitemap.xml')).not.toContain(`/post/${heldId}<`);
    expect(await text('/rss.xml')).not.toContain(`/post/${heldId}<`);

    const context = await session.context(DESKTOP);
    expect((await context.request.post(`${site}/api/admin/login`, { data: admin })).status()).toBe(200);
    const page = await context.newPage();
    await page.goto(`${site}/admin?tab=held`);
    const card = page.getByRole('article', { name: `Post “${title}”` });
    await card.waitFor();
    expect(await card.innerText()).toContain(body);
    await screenshot(page, 'admin-held-desktop');
    await card.getByRole('button', { name: `Release Post “${title}”` }).click();
    await page.getByRole('region', { name: 'Notifications (F8)' }).getByRole('listitem').filter({ hasText: 'Released' }).waitFor();
    await card.waitFor({ state: 'detached' });

    expect((await fetch(`${site}/api/posts/${heldId}`)).status).toBe(200);
    await expect.poll(async () => (await call<{ posts: Array<{ id: number }> }>('GET', `/api/posts?q=${word}`)).posts.map((p) => p.id)).toContain(heldId);
    await expect.poll(() => text('/sitemap.xml')).toContain(`/post/${heldId}`);
  });
});
