import { beforeAll, describe, expect, inject, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { DESKTOP, PHONE, screenshot } from './lib/browser.ts';
import { useBrowser } from './lib/browser-session.ts';
import { apiCall } from './lib/api.ts';
import { uniqueUsername } from '@wfm/service-kit/testing-names';

const site = inject('siteUrl');
const admin = inject('admin');
/** A search word no other job contains. */
const uniqueWord = () => `kw${[...randomBytes(8)].map((b) => String.fromCharCode(97 + (b % 26))).join('')}`;

const call = <T>(method: string, path: string, body?: unknown, token?: string) => apiCall<T>(site, method, path, body, token);

async function registerViaApi(username: string): Promise<string> {
  const { anon_token } = await call<{ anon_token: string }>('POST', '/api/session');
  await call('POST', '/api/user-profile', { username }, anon_token);
  return anon_token;
}

const jobBody = (over: Record<string, unknown> = {}) => ({
  title: 'Workforce Planner',
  company: 'Acme Contact Centres',
  location: 'Manila, Philippines',
  job_type: 'Full-time',
  category: 'Workforce Management',
  description: 'Own the long-term forecast and capacity plan for a 600-seat multilingual operation. '.repeat(4),
  requirements: 'Three years of WFM experience.',
  salary_range: '$50k - $60k',
  apply_url: `https://careers.example.com/jobs/${uniqueWord()}`,
  ...over,
});

/** The staff login cookie for API calls (as the admin panel would hold it). */
let staffCookie = '';
async function staffCall(method: string, path: string, body?: unknown): Promise<unknown> {
  const res = await fetch(`${site}${path}`, {
    method,
    headers: { cookie: staffCookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return res.json();
}

async function approvedJob(over: Record<string, unknown> = {}): Promise<{ id: number; title: string }> {
  const token = await registerViaApi(uniqueUsername('e2e_'));
  const job = await call<{ id: number; title: string }>('POST', '/api/jobs', jobBody(over), token);
  await staffCall('PUT', `/api/admin/jobs/${job.id}/status`, { status: 'approved' });
  return job;
}

// ---------------------------------------------------------------------------------------------

const session = useBrowser();

async function visitorPage(viewport = DESKTOP): Promise<{ page: Page; username: string }> {
  const context = await session.context(viewport);
  const username = uniqueUsername('e2e_');
  const token = await registerViaApi(username);
  await context.addInitScript((t) => {
    localStorage.setItem('anon_token', t);
    localStorage.setItem('terms_accepted', 'true');
  }, token);
  const opened = session.watch(await context.newPage());
  return { page: opened, username };
}

async function staffPage(viewport = DESKTOP): Promise<Page> {
  const context = await session.context(viewport);
  const res = await context.request.post(`${site}/api/admin/login`, { data: admin });
  expect(res.status()).toBe(200);
  return session.watch(await context.newPage());
}

const toast = (page: Page) => page.getByRole('region', { name: 'Notifications (F8)' }).getByRole('listitem');
const cards = (page: Page) => page.getByTestId('job-card');

beforeAll(async () => {
  const login = await fetch(`${site}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(admin),
  });
  expect(login.status).toBe(200);
  staffCookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
});

describe('jobs board', () => {
  it('starts empty with "Be the first to post a job opportunity!"', async () => {
    // The e2e site is shared and files run one after another: other files (seo, no-lost-clicks)
    // seed an approved job of their own. Staff remove the approved ones, as they could from the Jobs tab.
    const approved = (await staffCall('GET', '/api/admin/jobs?status=approved')) as Array<{ id: number }>;
    for (const job of approved) await staffCall('DELETE', `/api/admin/jobs/${job.id}`);
    const { page } = await visitorPage();
    await page.goto(`${site}/jobs`);
    await page.getByRole('heading', { level: 1, name: 'Job & Role Spotlight' }).waitFor();
    await page.getByText('No jobs found').waitFor();
    await page.getByText('Be the first to post a job opportunity!').waitFor();
    await screenshot(page, 'jobs-empty-desktop');
  });

  it('searches title, company and location, filters by category, type and pay, and says when nothing matches', async () => {
    const word = uniqueWord();
    const planner = await approvedJob({ title: `Capacity Planner ${word}` });
    const analyst = await approvedJob({
      title: `Reporting Analyst ${word}`,
      company: 'Northwind Support',
      location: 'Cebu City',
      category: 'Analytics & Reporting',
      job_type: 'Contract',
      salary_range: '',
    });
    const { page } = await visitorPage();
    await page.goto(`${site}/jobs`);
    await expect.poll(() => cards(page).count()).toBeGreaterThanOrEqual(2);
    await screenshot(page, 'jobs-list-desktop');

    const search = page.getByRole('searchbox', { name: /Search jobs/ });
    await search.fill(word.toUpperCase());
    await expect.poll(() => cards(page).count()).toBe(2);
    await search.fill(`northwind ${word}`);
    await expect.poll(async () => (await cards(page).allInnerTexts()).join('|')).toContain(analyst.title);
    await expect.poll(() => cards(page).count()).toBe(1);
    await search.fill('cebu');
    await expect.poll(async () => (await cards(page).allInnerTexts()).join('|')).toContain('Pay not stated');

    await search.fill(word);
    await expect.poll(() => cards(page).count()).toBe(2);
    await page.getByRole('combobox', { name: 'Category' }).selectOption({ label: 'Analytics & Reporting' });
    await expect.poll(() => cards(page).count()).toBe(1);
    await page.getByRole('combobox', { name: 'Category' }).selectOption({ label: 'All' });
    await page.getByRole('combobox', { name: 'Job type' }).selectOption({ label: 'Full-time' });
    await expect.poll(async () => (await cards(page).allInnerTexts()).join('|')).toContain(planner.title);
    await expect.poll(() => cards(page).count()).toBe(1);
    await page.getByRole('combobox', { name: 'Job type' }).selectOption({ label: 'All' });
    await page.getByRole('checkbox', { name: 'Shows pay' }).click();
    await expect.poll(() => cards(page).count()).toBe(1);
    const apply = cards(page).first().getByRole('link', { name: /Apply/ });
    expect(await apply.getAttribute('target')).toBe('_blank');
    expect(await apply.getAttribute('rel')).toBe('noopener noreferrer');

    await search.fill(`${word}nothing`);
    await page.getByText('No jobs found').waitFor();
    await page.getByText('Try adjusting your filters to see more results.').waitFor();
  }, 150_000);

  it('lists a job whose category and type are outside the filters\' lists under All', async () => {
    const word = uniqueWord();
    const odd = await approvedJob({ title: `Rostering Apprentice ${word}`, category: `Niche ${word}`.slice(0, 50), job_type: 'Internship' });
    for (const viewport of [DESKTOP, PHONE]) {
      const { page } = await visitorPage(viewport);
      await page.goto(`${site}/jobs`);
      await page.getByRole('searchbox', { name: /Search jobs/ }).fill(word);
      await expect.poll(() => cards(page).count()).toBe(1);
      const text = await cards(page).first().innerText();
      expect(text).toContain(odd.title);
      expect(text).toContain(`Niche ${word}`.slice(0, 50));
      expect(text).toContain('Internship');
      // A listed category leaves it out; All shows it again.
      await page.getByRole('combobox', { name: 'Category' }).selectOption({ label: 'Management' });
      await page.getByText('No jobs found').waitFor();
      await page.getByRole('combobox', { name: 'Category' }).selectOption({ label: 'All' });
      await expect.poll(() => cards(page).count()).toBe(1);
      await cards(page).first().scrollIntoViewIfNeeded();
      await screenshot(page, `jobs-unlisted-category-${viewport === PHONE ? 'phone' : 'desktop'}`);
    }
  }, 150_000);

  it('a visitor posts a job, sees it Under Review under My job posts; staff approve it and it appears without reload', async () => {
    const title = `Real-time Analyst ${uniqueWord()}`;
    const { page } = await visitorPage();
    const { page: watcher } = await visitorPage();
    await watcher.goto(`${site}/jobs`);
    await watcher.getByRole('heading', { level: 1, name: 'Job & Role Spotlight' }).waitFor();
    session.watch(page);

    await page.goto(`${site}/jobs`);
    await page.getByRole('button', { name: 'Post a Job' }).click();
    const dialog = page.getByRole('dialog', { name: 'Post a New Job' });
    await dialog.getByLabel('Job title').fill(title);
    await dialog.getByLabel('Company').fill('Globex Care');
    await dialog.getByLabel('Location').fill('Remote, APAC');
    await dialog.getByLabel('Salary range (optional)').fill('PHP 60,000 a month');
    await dialog.getByRole('combobox', { name: 'Job type' }).selectOption({ label: 'Part-time' });
    await dialog.getByLabel('Application URL').fill(`https://globex.example/jobs/${uniqueWord()}`);
    await dialog.getByLabel('Description').fill('Watch the intraday queue and re-plan breaks.');
    await dialog.getByLabel('Requirements').fill('Two years in real-time management.');
    await dialog.getByText('44/5000 characters').waitFor();
    await screenshot(page, 'jobs-post-form-desktop');
    const posted = page.waitForResponse((res) => res.url().endsWith('/api/jobs') && res.request().method() === 'POST');
    await dialog.getByRole('button', { name: 'Post Job' }).click();
    expect((await posted).status()).toBe(201);
    await expect.poll(async () => (await toast(page).allInnerTexts()).join('|')).toContain('Job posted successfully!');

    const mine = page.getByTestId('my-job-posts');
    await mine.getByText(title).waitFor();
    expect(await mine.getByTestId('job-card').filter({ hasText: title }).innerText()).toContain('Under Review');
    await screenshot(page, 'jobs-my-posts-desktop');
    expect(await watcher.getByText(title).count()).toBe(0);

    const staff = await staffPage();
    await staff.goto(`${site}/admin?tab=jobs`);
    await staff.getByRole('button', { name: `Approve “${title}”` }).click();
    await expect.poll(async () => (await toast(staff).allInnerTexts()).join('|')).toContain('Job approved');

    // Neither page reloads: the approval arrives over the websocket.
    await watcher.getByRole('heading', { name: title }).waitFor();
    await expect.poll(async () => mine.getByTestId('job-card').filter({ hasText: title }).innerText()).toContain('Active');
  }, 150_000);

  it('staff edit and delete a job in the admin tab; View Job opens the apply URL', async () => {
    const job = await approvedJob({ title: `Scheduler ${uniqueWord()}` });
    const staff = await staffPage();
    await staff.goto(`${site}/admin?tab=jobs`);
    await staff.getByRole('heading', { level: 2, name: /Jobs/ }).waitFor();
    const view = staff.getByRole('link', { name: `View Job “${job.title}”` });
    expect(await view.getAttribute('target')).toBe('_blank');
    expect(await view.getAttribute('href')).toMatch(/^https:\/\/careers\.example\.com\/jobs\//);
    await screenshot(staff, 'admin-jobs-desktop');

    await staff.getByRole('button', { name: `Edit “${job.title}”` }).click();
    const dialog = staff.getByRole('dialog', { name: 'Edit Job Posting' });
    const renamed = `${job.title} (Senior)`;
    await dialog.getByLabel('Job title').fill('   ');
    expect(await dialog.getByRole('button', { name: 'Update Job' }).isDisabled()).toBe(true);
    await dialog.getByLabel('Job title').fill(renamed);
    await dialog.getByRole('combobox', { name: 'Job type' }).selectOption({ label: 'Temporary' });
    await screenshot(staff, 'admin-jobs-edit-desktop');
    await dialog.getByRole('button', { name: 'Update Job' }).click();
    await expect.poll(async () => (await toast(staff).allInnerTexts()).join('|')).toContain('Job updated');
    const listed = await call<{ id: number; title: string; job_type: string }[]>('GET', `/api/jobs?q=${encodeURIComponent(job.title.split(' ')[1]!)}`);
    expect(listed.find((j) => j.id === job.id)).toMatchObject({ title: renamed, job_type: 'Temporary' });

    await staff.getByRole('button', { name: `Delete “${renamed}”` }).click();
    const confirm = staff.getByRole('alertdialog', { name: 'Delete job posting?' });
    expect(await confirm.innerText()).toContain(renamed);
    expect(await confirm.innerText()).toContain('This action cannot be undone.');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(async () => (await toast(staff).allInnerTexts()).join('|')).toContain('Job deleted');
    expect((await call<{ id: number }[]>('GET', '/api/jobs')).map((j) => j.id)).not.toContain(job.id);
  }, 150_000);

  it('works at phone width: list, filters and the post form', async () => {
    await approvedJob({ title: `Phone Planner ${uniqueWord()}` });
    const { page } = await visitorPage(PHONE);
    await page.goto(`${site}/jobs`);
    await expect.poll(() => cards(page).count()).toBeGreaterThan(0);
    await screenshot(page, 'jobs-list-phone');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.getByRole('button', { name: 'Post a Job' }).click();
    await page.getByRole('dialog', { name: 'Post a New Job' }).waitFor();
    await screenshot(page, 'jobs-post-form-phone');

    const staff = await staffPage(PHONE);
    await staff.goto(`${site}/admin?tab=jobs`);
    await staff.getByRole('heading', { level: 2, name: /Jobs/ }).waitFor();
    await staff.getByRole('table').waitFor();
    await screenshot(staff, 'admin-jobs-phone');
  }, 150_000);
});
