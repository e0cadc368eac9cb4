import { beforeEach, describe, expect, inject, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { BrowserContext, Page } from 'playwright-core';
import { DESKTOP, PHONE, screenshot } from './lib/browser.ts';
import { useBrowser } from './lib/browser-session.ts';
import { apiCall } from './lib/api.ts';
import { uniqueUsername } from '@wfm/service-kit/testing-names';

const site = inject('siteUrl');
const hex = () => randomBytes(4).toString('hex');
/** A search word no other post contains: letters only, so full-text search keeps it whole. */
const uniqueWord = () => `kw${[...randomBytes(8)].map((b) => String.fromCharCode(97 + (b % 26))).join('')}`;

// ---------------------------------------------------------------------------------------------
// Data created through the public API, as other visitors would
// ---------------------------------------------------------------------------------------------

const call = <T>(method: string, path: string, body?: unknown, token?: string) => apiCall<T>(site, method, path, body, token);

async function registerViaApi(username: string): Promise<string> {
  const { anon_token } = await call<{ anon_token: string }>('POST', '/api/session');
  await call('POST', '/api/user-profile', { username }, anon_token);
  return anon_token;
}

type NewPost = { type: 'Question' | 'Idea' | 'Tool'; title: string; body?: string; tags?: string; tool_links?: unknown[] };

async function createPost(token: string, author: string, post: NewPost): Promise<number> {
  const { id } = await call<{ id: number }>(
    'POST',
    '/api/posts',
    { body: `Details about ${post.title}.`, author_name: author, ...post },
    token,
  );
  return id;
}

/** A visitor with a username whose browser context already holds their token (no welcome modal). */
async function returningVisitor(ctx: BrowserContext, { acceptedTerms = true } = {}) {
  const username = uniqueUsername('e2e_');
  const token = await registerViaApi(username);
  await ctx.addInitScript(
    ([t, terms]) => {
      localStorage.setItem('anon_token', t);
      if (terms) localStorage.setItem('terms_accepted', 'true');
    },
    [token, acceptedTerms] as const,
  );
  return { username, token };
}

// ---------------------------------------------------------------------------------------------
// Browser
// ---------------------------------------------------------------------------------------------

const session = useBrowser();
let context: BrowserContext;
let page: Page;

beforeEach(async () => {
  ({ context, page } = await session.open(DESKTOP));
});

async function secondBrowser(viewport = DESKTOP) {
  const ctx = await session.context(viewport);
  return ctx;
}

const cards = (p: Page = page) => p.getByRole('list', { name: 'Posts' }).getByTestId('post-card');
const toast = (p: Page, text: string) => p.getByRole('region', { name: /Notifications/ }).getByText(text, { exact: true });

describe('home feed', () => {
  it('filters by tab, sort, search and author, with q in the address', async () => {
    const word = uniqueWord();
    const alice = uniqueUsername('alice_');
    const bob = uniqueUsername('bob_');
    const aliceToken = await registerViaApi(alice);
    const bobToken = await registerViaApi(bob);
    await createPost(aliceToken, alice, { type: 'Question', title: `How do you plan ${word} shrinkage?`, tags: 'shrinkage' });
    const ideaId = await createPost(bobToken, bob, { type: 'Idea', title: `Break rotation ${word} idea`, body: '**Staggered** breaks' });
    await createPost(aliceToken, alice, {
      type: 'Tool',
      title: `Erlang ${word} calculator`,
      tool_links: [{ name: 'Erlang calc', url: 'https://example.com/erlang' }],
    });
    await call('POST', `/api/posts/${ideaId}/upvote`, undefined, aliceToken);
    await call('POST', `/api/posts/${ideaId}/upvote`, undefined, bobToken);

    await returningVisitor(context);
    await page.goto(`${site}/?q=${word}`);
    await expect.poll(() => cards().count()).toBe(3);
    expect(await page.getByRole('searchbox', { name: 'Search posts' }).inputValue()).toBe(word);
    // The search card carries its title (spec 1 §2), which also names its search landmark.
    expect(await page.getByRole('heading', { level: 2, name: 'Quick Search' }).isVisible()).toBe(true);
    expect(await page.getByRole('search', { name: 'Quick Search' }).getByRole('searchbox').inputValue()).toBe(word);
    await expect.poll(() => page.getByTestId('tab-count-all').textContent()).toBe('3');
    expect(await page.getByTestId('tab-count-Question').textContent()).toBe('1');
    expect(await page.getByTestId('tab-count-Idea').textContent()).toBe('1');
    expect(await page.getByTestId('tab-count-Tool').textContent()).toBe('1');
    expect(await page.getByRole('region', { name: 'Active filters' }).getByText(`Search: "${word}"`).isVisible()).toBe(true);
    const question = cards().filter({ hasText: 'shrinkage?' });
    expect(await question.getByText('Needs Answer').isVisible()).toBe(true);
    expect(await question.getByText('#shrinkage').isVisible()).toBe(true);
    await screenshot(page, 'forum-feed-search-desktop');

    await page.getByRole('tab', { name: /Ideas/ }).click();
    await expect.poll(() => cards().count()).toBe(1);
    expect(await cards().first().getByRole('heading').textContent()).toContain('Break rotation');
    expect(await cards().first().getByText('Staggered breaks').isVisible()).toBe(true);

    await page.getByRole('tab', { name: /All Posts/ }).click();
    await page.getByRole('button', { name: 'Most Upvoted' }).click();
    await expect.poll(() => cards().first().getByRole('heading').textContent()).toContain('Break rotation');
    expect(await cards().first().getByTestId('upvote-count').textContent()).toBe('2');

    await page.getByRole('button', { name: 'Advanced Filters' }).click();
    await page.getByLabel('Author name').fill(alice);
    await expect.poll(() => cards().count()).toBe(2);
    expect(await page.getByRole('region', { name: 'Active filters' }).getByText(`Author: ${alice}`).isVisible()).toBe(true);
    await screenshot(page, 'forum-feed-filters-desktop');

    await page.getByRole('button', { name: 'Clear All' }).click();
    await expect.poll(() => new URL(page.url()).search).toBe('');
    expect(await page.getByLabel('Author name').inputValue()).toBe('');

    await page.getByRole('searchbox', { name: 'Search posts' }).fill(word);
    await page.getByRole('searchbox', { name: 'Search posts' }).press('Enter');
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe(word);
    await expect.poll(() => cards().count()).toBe(3);
  });

  it('says when nothing matches and lists My Posts by the visitor token', async () => {
    const { username, token } = await returningVisitor(context);
    const word = uniqueWord();
    await page.goto(`${site}/?q=${word}`);
    await page.getByText(`No posts match your search for "${word}".`).waitFor();
    expect(await page.getByRole('link', { name: 'Create First Post' }).getAttribute('href')).toBe('/new');

    await page.goto(site);
    await page.getByRole('tab', { name: /My Posts/ }).click();
    await page.getByText("You haven't created any posts yet.").waitFor();
    await createPost(token, username, { type: 'Question', title: `Mine ${word}` });
    await page.reload();
    await page.getByRole('tab', { name: /My Posts/ }).click();
    await expect.poll(() => cards().count()).toBe(1);
    expect(await cards().first().getByRole('heading').textContent()).toBe(`Mine ${word}`);
  });
});

describe('creating a post', () => {
  it('goes through the terms modal, uses a template and an attachment, then opens the post', async () => {
    const { username } = await returningVisitor(context, { acceptedTerms: false });
    await page.goto(`${site}/new?type=idea`);
    const terms = page.getByRole('dialog', { name: 'Community Terms and Guidelines' });
    await terms.waitFor();
    expect(await terms.getByRole('heading', { level: 3 }).count()).toBe(9);
    const [readTerms, conduct] = [terms.getByRole('checkbox').nth(0), terms.getByRole('checkbox').nth(1)];
    const accept = terms.getByRole('button', { name: 'Accept and Continue' });
    expect(await conduct.isDisabled()).toBe(true);
    expect(await accept.isDisabled()).toBe(true);
    await screenshot(page, 'forum-terms-desktop');
    await readTerms.click();
    await conduct.click();
    await accept.click();
    await terms.waitFor({ state: 'hidden' });
    expect(await page.evaluate(() => localStorage.getItem('terms_accepted'))).toBe('true');
    expect(Date.parse((await page.evaluate(() => localStorage.getItem('terms_accepted_date'))) ?? '')).not.toBeNaN();

    expect(await page.getByRole('radio', { name: 'Share an Idea' }).isChecked()).toBe(true);
    const publish = page.getByRole('button', { name: 'Publish' });
    expect(await publish.isDisabled()).toBe(true);

    await page.getByRole('combobox', { name: 'Template (optional)' }).selectOption({ label: 'Shrinkage / absenteeism analysis' });
    expect(await page.getByLabel('Content', { exact: true }).inputValue()).toContain('## Shrinkage / Absenteeism Analysis');
    const title = `Forecast shrinkage for ${uniqueWord()}`;
    await page.getByLabel('Title', { exact: true }).fill(title);
    await page.getByText(`${title.length}/120 characters`).waitFor();
    const suggested = page.getByRole('group', { name: 'Suggested tags' });
    await suggested.getByRole('button', { name: '#forecasting' }).click();
    expect(await page.getByLabel('Tags').inputValue()).toBe('forecasting');

    await page.getByTestId('attachment-input').setInputFiles({
      name: 'interval-notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('Interval, calls\n09:00, 120\n'),
    });
    await toast(page, '1 file(s) uploaded successfully.').waitFor();
    await page.getByRole('button', { name: 'Remove interval-notes.txt' }).waitFor();

    await page.getByRole('tab', { name: 'Preview' }).click();
    await page.getByTestId('content-preview').getByRole('heading', { name: 'Shrinkage / Absenteeism Analysis' }).waitFor();
    expect(await page.getByTestId('form-posting-as').textContent()).toContain(username);
    await screenshot(page, 'forum-new-post-desktop');

    await publish.click();
    await page.waitForURL(/\/post\/\d+$/);
    await toast(page, 'Your post has been published successfully.').waitFor();
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    const attachment = page.getByTestId('attachment');
    expect(await attachment.textContent()).toContain('interval-notes.txt');
    const download = attachment.getByRole('link', { name: 'Download interval-notes.txt' });
    expect(await download.getAttribute('href')).toMatch(/^\/uploads\//);
    const file = await fetch(`${site}${await download.getAttribute('href')}`);
    expect(await file.text()).toBe('Interval, calls\n09:00, 120\n');
    expect(await page.getByText('#forecasting').isVisible()).toBe(true);
    expect(await page.getByText(username, { exact: true }).first().isVisible()).toBe(true);
    await screenshot(page, 'forum-created-post-desktop');

    await page.goto(`${site}/new`);
    await page.getByLabel('Title', { exact: true }).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
  });

  it('posts a tool anonymously', async () => {
    await returningVisitor(context);
    await page.goto(`${site}/new?type=tool`);
    const title = `Anonymous tool ${uniqueWord()}`;
    await page.getByLabel('Title', { exact: true }).fill(title);
    await page.getByLabel('Content', { exact: true }).fill('A *handy* scheduler.');
    await page.getByLabel('Tool name').fill('Shift planner');
    await page.getByLabel('Tool URL').fill('https://example.com/planner');
    await page.getByRole('checkbox', { name: 'Post anonymously' }).click();
    expect(await page.getByTestId('form-posting-as').textContent()).toContain('Posting as Anonymous');
    await page.getByRole('button', { name: 'Publish' }).click();
    await page.waitForURL(/\/post\/\d+$/);
    const article = page.getByRole('article');
    await article.getByRole('heading', { level: 1, name: title }).waitFor();
    expect(await article.getByText('Anonymous', { exact: true }).isVisible()).toBe(true);
    expect(await article.getByRole('link', { name: 'Shift planner' }).getAttribute('href')).toBe('https://example.com/planner');
  });
});

describe('post page', () => {
  it('shows comments and upvotes from another visitor live', async () => {
    const author = uniqueUsername('op_');
    const authorToken = await registerViaApi(author);
    const title = `Live thread ${uniqueWord()}`;
    const id = await createPost(authorToken, author, { type: 'Question', title });

    const { username } = await returningVisitor(context);
    const other = await secondBrowser();
    await returningVisitor(other);
    const watcher = await other.newPage();
    await Promise.all([page.goto(`${site}/post/${id}`), watcher.goto(`${site}/post/${id}`)]);
    await Promise.all([
      page.getByRole('heading', { level: 1, name: title }).waitFor(),
      watcher.getByRole('heading', { level: 1, name: title }).waitFor(),
    ]);
    await expect.poll(() => watcher.getByTestId('active-indicator').textContent()).toBe('Active');
    expect(await watcher.getByText('Needs Answer').isVisible()).toBe(true);

    const box = page.getByLabel('Your comment');
    await box.fill('Try **Erlang A** with abandonment');
    await page.getByText('33/5,000 characters • Markdown supported').waitFor();
    await page.getByRole('button', { name: 'Post Comment' }).click();
    await toast(page, 'Your comment has been added.').waitFor();
    expect(await box.inputValue()).toBe('');

    const comment = watcher.getByTestId('comment').filter({ hasText: 'Erlang A' });
    await comment.waitFor();
    expect(await comment.getByText('Contributor').isVisible()).toBe(true);
    expect(await comment.getByText(username).isVisible()).toBe(true);
    expect(await comment.locator('strong').textContent()).toBe('Erlang A');
    await watcher.getByRole('heading', { name: 'Discussion (1)' }).waitFor();

    await page.getByRole('checkbox', { name: 'Post anonymously' }).click();
    await box.fill('A quiet follow-up');
    await page.getByRole('button', { name: 'Post Comment' }).click();
    await watcher.getByTestId('comment').filter({ hasText: 'A quiet follow-up' }).getByText('Anonymous').waitFor();
    await expect.poll(() => page.getByRole('checkbox', { name: 'Post anonymously' }).isChecked()).toBe(false);
    expect(await page.getByTestId('comment').count()).toBe(2);

    await page.getByTestId('upvote-button').click();
    await toast(page, 'Thanks for your feedback.').waitFor();
    await expect.poll(() => watcher.getByTestId('upvote-count').textContent()).toBe('1');
    await screenshot(watcher, 'forum-post-live-desktop');
  });

  it('reports, shares by copying the link and exports a markdown file', async () => {
    const author = uniqueUsername('op_');
    const token = await registerViaApi(author);
    const title = `Adherence: 95% target? ${uniqueWord()}`;
    const id = await createPost(token, author, { type: 'Idea', title, body: '## Why\nBecause *reasons*.', tags: 'rta' });

    await returningVisitor(context);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site });
    await page.goto(`${site}/post/${id}`);
    await page.getByRole('heading', { level: 1, name: title }).waitFor();

    await page.getByRole('button', { name: 'Report' }).click();
    const dialog = page.getByRole('dialog', { name: 'Report Post' });
    const submit = dialog.getByRole('button', { name: 'Submit Report' });
    expect(await submit.isDisabled()).toBe(true);
    await dialog.getByRole('combobox', { name: 'Reason' }).selectOption({ label: 'Off-topic' });
    await screenshot(page, 'forum-report-dialog-desktop');
    await submit.click();
    await toast(page, 'Thank you for helping keep the community safe.').waitFor();
    await dialog.waitFor({ state: 'hidden' });

    await page.getByRole('button', { name: 'Share' }).click();
    await toast(page, 'Link copied!').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${site}/post/${id}`);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export' }).click()]);
    expect(download.suggestedFilename()).toBe(`${title.toLowerCase().replace(/[^a-z0-9]/g, '-')}.md`);
    const text = await readFile((await download.path())!, 'utf8');
    expect(text).toContain(`# ${title}`);
    expect(text).toContain(`**Author:** ${author}`);
    expect(text).toContain('**Tags:** #rta');
    expect(text).toContain('## Why\nBecause *reasons*.');
  });

  it('says Invalid Post and Post Not Found', async () => {
    await returningVisitor(context);
    await page.goto(`${site}/post/abc`);
    await page.getByRole('heading', { level: 1, name: 'Invalid Post' }).waitFor();
    expect(await page.getByText('The post ID provided is not valid.').isVisible()).toBe(true);
    await page.goto(`${site}/post/987654321`);
    await page.getByRole('heading', { level: 1, name: 'Post Not Found' }).waitFor();
    await page.getByRole('link', { name: 'Back to Home' }).click();
    await page.waitForURL(`${site}/`);
  });
});

describe('feature suggestions', () => {
  it('header dialog shows the reference number, then closes itself', async () => {
    await returningVisitor(context);
    await page.goto(site);
    await page.getByRole('banner').getByRole('button', { name: 'Suggest Feature' }).click();
    const dialog = page.getByRole('dialog', { name: 'Suggest a Feature' });
    await dialog.getByLabel('Title', { exact: true }).fill(`Dark mode charts ${hex()}`);
    await dialog.getByLabel('Description').fill('Charts are hard to read at night.');
    await dialog.getByText('33/1000').waitFor();
    await dialog.getByLabel('Contact (optional)').fill('slack: @planner');
    await dialog.getByRole('combobox', { name: 'Priority' }).selectOption({ label: 'High - Really need this' });
    await dialog.getByRole('button', { name: 'Submit Suggestion' }).click();

    const reference = page.getByTestId('suggestion-reference');
    await reference.waitFor();
    await screenshot(page, 'forum-suggestion-header-success');
    const ref = (await reference.textContent())!.trim();
    expect(ref).not.toBe('');
    await toast(page, `Your reference number is ${ref}. We'll review your suggestion soon!`).waitFor();
    await page.getByRole('dialog').waitFor({ state: 'hidden', timeout: 10_000 });

    await page.getByRole('banner').getByRole('button', { name: 'Suggest Feature' }).click();
    expect(await page.getByRole('dialog', { name: 'Suggest a Feature' }).getByLabel('Title', { exact: true }).inputValue()).toBe('');
  });

  it('sidebar dialog submits under the username and closes', async () => {
    const { username } = await returningVisitor(context);
    await page.goto(site);
    await page.getByTestId('posting-as').getByText(username).waitFor();
    await page.getByRole('complementary', { name: 'Sidebar' }).getByRole('button', { name: 'Suggest Feature' }).click();
    const dialog = page.getByRole('dialog', { name: 'Suggest a Feature' });
    // The dialog's code is fetched when it first opens (issue 27 item 4).
    await dialog.getByText(username).waitFor();
    await dialog.getByLabel('Title', { exact: true }).fill(`Calendar export ${hex()}`);
    await dialog.getByLabel('Description').fill('Add AMA sessions to my calendar.');
    await dialog.getByLabel('Email (optional)').fill('planner@example.com');
    await dialog.getByRole('button', { name: 'Submit', exact: true }).click();
    await toast(page, 'Suggestion submitted!').waitFor();
    expect(await toast(page, "Thank you for your feedback. We'll review your suggestion.").isVisible()).toBe(true);
    await dialog.waitFor({ state: 'hidden' });
  });
});

describe('phone width', () => {
  it('feed, post, new post and the suggestion dialog fit a 375 px screen', async () => {
    const phone = await secondBrowser(PHONE);
    const { username, token } = await returningVisitor(phone);
    const word = uniqueWord();
    const id = await createPost(token, username, {
      type: 'Question',
      title: `Scheduling split shifts for a ${word} team with long names`,
      body: '## Context\nWe run **24/7** with `30-minute` intervals.\nAny tips?',
      tags: 'scheduling,split-shifts',
    });
    const mobile = await phone.newPage();
    const fitsWidth = () => mobile.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

    await mobile.goto(`${site}/?q=${word}`);
    await expect.poll(() => cards(mobile).count()).toBe(1);
    expect(await mobile.getByRole('link', { name: 'Create new post' }).isVisible()).toBe(true);
    expect(await fitsWidth()).toBe(true);
    await screenshot(mobile, 'forum-feed-phone');

    await mobile.goto(`${site}/post/${id}`);
    // The server-rendered heading is there before React takes the page over; the Report button comes with React.
    await mobile.getByRole('heading', { level: 1 }).waitFor();
    await mobile.getByRole('button', { name: 'Report' }).waitFor();
    expect(await fitsWidth()).toBe(true);
    await screenshot(mobile, 'forum-post-phone');

    await mobile.goto(`${site}/new?type=tool`);
    await mobile.getByLabel('Tool URL').waitFor();
    expect(await fitsWidth()).toBe(true);
    await screenshot(mobile, 'forum-new-post-phone');

    await mobile.getByRole('navigation', { name: 'Mobile navigation' }).getByRole('button', { name: 'Suggest' }).click();
    await mobile.getByRole('dialog', { name: 'Suggest a Feature' }).getByLabel('Email (optional)').waitFor();
    await screenshot(mobile, 'forum-suggestion-phone');
  });
});
