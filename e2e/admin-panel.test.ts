import { beforeAll, describe, expect, inject, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { DESKTOP, PHONE, screenshot } from './lib/browser.ts';
import { useBrowser } from './lib/browser-session.ts';
import { apiCall } from './lib/api.ts';
import { uniqueUsername } from '@wfm/service-kit/testing-names';

const site = inject('siteUrl');
const admin = inject('admin');
const unique = (prefix: string) => `${prefix}${randomBytes(4).toString('hex')}`;

// ---------------------------------------------------------------------------------------------
// Data created through the public API, as visitors would
// ---------------------------------------------------------------------------------------------

const call = <T>(method: string, path: string, body?: unknown, token?: string) => apiCall<T>(site, method, path, body, token);

async function visitor(username: string): Promise<string> {
  const { anon_token } = await call<{ anon_token: string }>('POST', '/api/session');
  await call('POST', '/api/user-profile', { username }, anon_token);
  return anon_token;
}

const newPost = async (token: string, title: string) =>
  (
    await call<{ id: number }>(
      'POST',
      '/api/posts',
      { type: 'Question', title, body: 'How do you all handle this?', author_name: 'e2e' },
      token,
    )
  ).id;

const postStatus = async (id: number) => (await fetch(`${site}/api/posts/${id}`)).status === 404
  ? 'deleted'
  : (await call<{ status: string }>('GET', `/api/posts/${id}`)).status;

const LONG_TEXT = `Our schedule export stops at 100 agents and the rest of the team never appears in the file; ${'we tried every browser. '.repeat(4)}`;

const seed = {
  visitorName: uniqueUsername('pat_'),
  otherName: uniqueUsername('rob_'),
  token: '',
  reportedPost: { id: 0, title: unique('Reported post ') },
  resolvablePost: { id: 0, title: unique('Open question ') },
  deletablePost: { id: 0, title: unique('Post to delete ') },
  postReportRef: '',
  commentedPost: { id: 0, title: unique('Post with a rude comment ') },
  rudeComment: { id: 0, body: unique('rude comment ') },
  commentReportRef: '',
  helpRef: '',
  suggestionRef: '',
  suggestionTitle: unique('Erlang C with shrinkage '),
};

// ---------------------------------------------------------------------------------------------
// Browser
// ---------------------------------------------------------------------------------------------

const session = useBrowser();

/** A browser context signed in as the given staff member (the cookie comes from POST /api/admin/login). */
async function staffPage(username: string, password: string, viewport = DESKTOP): Promise<Page> {
  const context = await session.context(viewport);
  const res = await context.request.post(`${site}/api/admin/login`, { data: { username, password } });
  expect(res.status()).toBe(200);
  return session.watch(await context.newPage());
}

async function openTab(page: Page, tab: string, heading: RegExp | string): Promise<void> {
  await page.goto(`${site}/admin?tab=${tab}`);
  await page.getByRole('heading', { level: 2, name: heading }).first().waitFor();
}

const toast = (page: Page) => page.getByRole('region', { name: 'Notifications (F8)' }).getByRole('listitem');

beforeAll(async () => {
  seed.token = await visitor(seed.visitorName);
  await visitor(seed.otherName);
  seed.reportedPost.id = await newPost(seed.token, seed.reportedPost.title);
  seed.resolvablePost.id = await newPost(seed.token, seed.resolvablePost.title);
  seed.deletablePost.id = await newPost(seed.token, seed.deletablePost.title);
  seed.postReportRef = (
    await call<{ ticket_reference: string }>('POST', '/api/report', { post_id: seed.reportedPost.id, reason: 'spam' }, seed.token)
  ).ticket_reference;
  seed.commentedPost.id = await newPost(seed.token, seed.commentedPost.title);
  seed.rudeComment.id = (
    await call<{ id: number }>('POST', '/api/comments', { post_id: seed.commentedPost.id, body: seed.rudeComment.body, author_name: 'e2e' }, seed.token)
  ).id;
  seed.commentReportRef = (
    await call<{ ticket_reference: string }>('POST', '/api/report', { comment_id: seed.rudeComment.id, reason: 'abusive' }, seed.token)
  ).ticket_reference;
  seed.helpRef = (
    await call<{ ticket_reference: string }>(
      'POST',
      '/api/report',
      { title: 'Schedule export is broken', category: 'technical', priority: 'High', reason: LONG_TEXT, reporter_name: seed.visitorName },
      seed.token,
    )
  ).ticket_reference;
  seed.suggestionRef = (
    await call<{ reference_number: string }>(
      'POST',
      '/api/feature-suggestions',
      { title: seed.suggestionTitle, description: LONG_TEXT, author_name: seed.visitorName, priority: 'High', email: 'pat@example.com' },
      seed.token,
    )
  ).reference_number;
});

// ---------------------------------------------------------------------------------------------

describe('admin panel', () => {
  it('reports tab: 100-character previews, CSV export of reports and suggestions, resolving the reported post', async () => {
    const page = await staffPage(admin.username, admin.password);
    await page.goto(`${site}/admin`);
    const help = page.getByRole('article', { name: `Help request ${seed.helpRef}` });
    await help.waitFor();
    expect(await help.innerText()).toContain(`${LONG_TEXT.slice(0, 100)}…`);
    expect(await help.innerText()).not.toContain(LONG_TEXT.trim());
    await help.getByRole('button', { name: 'Show more' }).click();
    expect(await help.innerText()).toContain(LONG_TEXT.trim());
    await screenshot(page, 'admin-reports-desktop');

    const [reportsFile] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV of reports' }).click(),
    ]);
    expect(reportsFile.suggestedFilename()).toMatch(/^reports-\d{4}-\d{2}-\d{2}\.csv$/);
    const reportsCsv = await readFile((await reportsFile.path())!, 'utf8');
    expect(reportsCsv.split('\r\n')[0]).toBe(
      '\uFEFFID,Ticket Reference,Kind,Post ID,Title,Category,Priority,Reason,Contact Info,Reporter,Status,Created At',
    );
    expect(reportsCsv).toContain(`,${seed.helpRef},help,,Schedule export is broken,technical,High,${LONG_TEXT.trim()}`);
    expect(reportsCsv).toContain(`,${seed.postReportRef},post,${seed.reportedPost.id},${seed.reportedPost.title},`);

    const [suggestionsFile] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV of feature suggestions' }).click(),
    ]);
    const suggestionsCsv = await readFile((await suggestionsFile.path())!, 'utf8');
    expect(suggestionsCsv).toContain(
      `,${seed.suggestionRef},${seed.suggestionTitle},${LONG_TEXT.trim()},${seed.visitorName},pat@example.com,,High,`,
    );

    const reported = page.getByRole('article', { name: `Post report ${seed.postReportRef}` });
    expect(await reported.getByRole('link', { name: 'View post' }).getAttribute('href')).toBe(`/post/${seed.reportedPost.id}`);
    await reported.getByRole('button', { name: 'Resolve post' }).click();
    await reported.getByText('Post resolved').waitFor();
    expect(await postStatus(seed.reportedPost.id)).toBe('resolved');
  });

  it('report queue (issue 26): a reported comment is deleted as action taken and the report moves to that status', async () => {
    const page = await staffPage(admin.username, admin.password);
    await page.goto(`${site}/admin`);
    const card = page.getByRole('article', { name: `Comment report ${seed.commentReportRef}` });
    await card.waitFor();
    expect(await card.innerText()).toContain(seed.rudeComment.body);
    expect(await card.innerText()).toContain('Abusive content');
    await card.getByRole('button', { name: 'Delete comment (action taken)' }).click();
    await toast(page).filter({ hasText: 'Comment deleted' }).waitFor();
    // The New view no longer lists it; the Action taken view does, with who decided.
    await card.waitFor({ state: 'detached' });
    await page.getByRole('combobox', { name: 'Status' }).selectOption('Action taken');
    const decided = page.getByRole('article', { name: `Comment report ${seed.commentReportRef}` });
    await decided.getByText(`Action taken by ${admin.username}`).waitFor();
    expect(await decided.innerText()).toContain('The reported comment is gone.');
    await screenshot(page, 'admin-report-queue-desktop');
    const thread = await call<{ comments: Array<{ id: number }> }>('GET', `/api/posts/${seed.commentedPost.id}/comments`);
    expect(JSON.stringify(thread)).not.toContain(seed.rudeComment.body);
  });

  it('posts tab: opens a post in a new window, resolves one and deletes one after the confirmation', async () => {
    const page = await staffPage(admin.username, admin.password);
    await openTab(page, 'posts', /^Posts/);
    const resolvable = page.getByRole('row').filter({ hasText: seed.resolvablePost.title });

    const [opened] = await Promise.all([
      page.context().waitForEvent('page'),
      resolvable.getByRole('link', { name: `View “${seed.resolvablePost.title}”` }).click(),
    ]);
    await opened.waitForLoadState('domcontentloaded');
    expect(new URL(opened.url()).pathname).toBe(`/post/${seed.resolvablePost.id}`);
    await opened.close();

    await resolvable.getByRole('button', { name: `Resolve “${seed.resolvablePost.title}”` }).click();
    await toast(page).filter({ hasText: 'Post resolved' }).waitFor();
    await resolvable.getByText('Resolved', { exact: true }).waitFor();
    expect(await postStatus(seed.resolvablePost.id)).toBe('resolved');
    await screenshot(page, 'admin-posts-desktop');

    await page.getByRole('button', { name: `Delete “${seed.deletablePost.title}”` }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete post?' });
    expect(await confirm.innerText()).toContain(seed.deletablePost.title);
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await toast(page).filter({ hasText: 'Post deleted' }).waitFor();
    await page.getByRole('row').filter({ hasText: seed.deletablePost.title }).waitFor({ state: 'detached' });
    expect(await postStatus(seed.deletablePost.id)).toBe('deleted');
  });

  it('users tab: one row is edited at a time and the new username is saved', async () => {
    const page = await staffPage(admin.username, admin.password);
    await openTab(page, 'user-profiles', /^Users/);
    const row = page.getByRole('row', { name: seed.visitorName, exact: true });
    await row.getByRole('button', { name: `Edit ${seed.visitorName}` }).click();
    expect(await page.getByRole('button', { name: `Edit ${seed.otherName}` }).isDisabled()).toBe(true);
    await screenshot(page, 'admin-users-desktop');

    const renamed = `${seed.visitorName} (renamed)`;
    await row.getByRole('textbox').fill(renamed);
    await row.getByRole('button', { name: 'Save' }).click();
    await toast(page).filter({ hasText: 'Username updated' }).waitFor();
    await page.getByRole('row', { name: renamed, exact: true }).waitFor();
    expect(await page.getByRole('button', { name: `Edit ${seed.otherName}` }).isEnabled()).toBe(true);
    const profile = await call<{ username: string }>('GET', `/api/user-profile/${seed.token}`);
    expect(profile.username).toBe(renamed);
  });

  it('staff tab: adds a Moderator, who then sees no staff or database tab and is refused by the server', async () => {
    const page = await staffPage(admin.username, admin.password);
    await openTab(page, 'staff', /^Staff/);
    await page.getByRole('button', { name: 'Add Staff Member' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Staff Member' });
    const moderator = { username: unique('mod-'), password: `pw-${randomBytes(8).toString('hex')}` };
    await dialog.getByLabel('Username').fill(moderator.username);
    await dialog.getByLabel('Email').fill(`${moderator.username}@example.com`);
    await dialog.getByLabel('Password', { exact: true }).fill(moderator.password);
    expect(await dialog.getByRole('combobox', { name: 'Role' }).innerText()).toContain('Moderator');
    expect(await dialog.getByRole('list', { name: 'What the Moderator role can do' }).innerText()).toContain(
      'Resolve and delete posts',
    );
    await screenshot(page, 'admin-staff-dialog-desktop');
    await dialog.getByRole('button', { name: 'Add Staff Member' }).click();
    await toast(page).filter({ hasText: 'Staff member added' }).waitFor();
    const row = page.getByRole('row').filter({ hasText: moderator.username });
    await row.waitFor();
    await screenshot(page, 'admin-staff-desktop');

    // The Moderator's own panel.
    const modPage = await staffPage(moderator.username, moderator.password);
    await modPage.goto(`${site}/admin?tab=staff`);
    await modPage.getByRole('tab', { name: /^Reports/, selected: true }).waitFor();
    const tabs = (await modPage.getByRole('tab').allInnerTexts()).map((t) => /^[A-Za-z]+/.exec(t)?.[0]);
    expect(tabs).toEqual(['Reports', 'Held', 'Posts', 'Mentors', 'Jobs', 'Polls', 'Tools', 'Users', 'Suspensions']);
    expect((await modPage.context().request.get(`${site}/api/admin/staff`)).status()).toBe(403);
    expect((await modPage.context().request.get(`${site}/api/admin/database/backups`)).status()).toBe(403);
    await screenshot(modPage, 'admin-moderator-desktop');

    // Deactivating ends the Moderator's staff login; then the account is deleted after a confirmation.
    await row.getByRole('button', { name: `Edit ${moderator.username}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Staff Member' });
    await edit.getByRole('checkbox', { name: 'Active' }).click();
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await toast(page).filter({ hasText: 'Staff member updated' }).waitFor();
    await row.getByText('Inactive', { exact: true }).waitFor();
    await modPage.reload();
    await modPage.getByRole('heading', { level: 1, name: 'Admin Login' }).waitFor();

    await row.getByRole('button', { name: `Delete ${moderator.username}` }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete staff member?' });
    expect(await confirm.innerText()).toContain(moderator.username);
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await toast(page).filter({ hasText: 'Staff member deleted' }).waitFor();
    await row.waitFor({ state: 'detached' });
  });

  it('fits a phone: the tab bar scrolls sideways and every working tab is usable', async () => {
    const page = await staffPage(admin.username, admin.password, PHONE);
    for (const [tab, heading] of [
      ['reports', /^Reports/],
      ['posts', /^Posts/],
      ['staff', /^Staff/],
      ['user-profiles', /^Users/],
      ['database', /^Database/],
    ] as const) {
      await openTab(page, tab, heading);
      const list = page.getByRole('tablist', { name: 'Admin sections' });
      const { scrollWidth, clientWidth } = await list.evaluate((el) => ({ scrollWidth: el.scrollWidth, clientWidth: el.clientWidth }));
      expect(scrollWidth).toBeGreaterThan(clientWidth);
      // The open tab is scrolled into view.
      const box = (await page.getByRole('tab', { selected: true }).boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
      // Nothing but the tables' own boxes scrolls sideways.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
      await screenshot(page, `admin-${tab}-phone`);
    }
  });

  // Last: a restore puts the whole database back to the moment of the backup.
  it('database tab: creates a backup with progress and restores it after a confirmation naming the file', { timeout: 240_000 }, async () => {
    const page = await staffPage(admin.username, admin.password);
    await openTab(page, 'database', /^Database/);
    const before = await page.getByRole('row').count();
    await page.getByRole('button', { name: 'Create Backup' }).click();
    await page.getByRole('progressbar', { name: 'Backup in progress' }).waitFor();
    await screenshot(page, 'admin-database-progress-desktop');
    const created = toast(page).filter({ hasText: 'Backup created' });
    await created.waitFor({ timeout: 100_000 });
    const fileName = (await created.innerText()).match(/(\S+\.\S+) \(/)?.[1];
    expect(fileName).toBeTruthy();
    const row = page.getByRole('row').filter({ hasText: fileName! });
    await row.waitFor();
    expect(await page.getByRole('row').count()).toBeGreaterThan(before);
    await screenshot(page, 'admin-database-desktop');

    await row.getByRole('button', { name: `Restore ${fileName}` }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Restore database?' });
    expect(await confirm.innerText()).toContain(fileName);
    await screenshot(page, 'admin-restore-confirm-desktop');
    await confirm.getByRole('button', { name: 'Restore' }).click();
    await toast(page).filter({ hasText: 'Database restored' }).waitFor({ timeout: 100_000 });
  });
});
