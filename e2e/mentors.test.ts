import { describe, expect, inject, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { apiCall } from './lib/api.ts';
import { DESKTOP, PHONE, screenshot } from './lib/browser.ts';
import { useBrowser } from './lib/browser-session.ts';
import { uniqueUsername } from '@wfm/service-kit/testing-names';

const site = inject('siteUrl');
const admin = inject('admin');
const call = <T>(method: string, path: string, body?: unknown, token?: string) => apiCall<T>(site, method, path, body, token);

/** Consonants only, so a generated name never reads as a listed word. */
// The shared generator avoids letters that spell listed words (a consonant-only name once did).
const uniqueName = (prefix = 'mnt_') => uniqueUsername(prefix);

const seed = {
  mentorName: `Rita ${uniqueName('R')}`,
  tag: `Tag${randomBytes(3).toString('hex')}`,
  requesterName: 'Nico Newcomer',
  mentorId: 0,
};

const session = useBrowser({ closeContexts: 'after-the-file' });
let mentorPage: Page;
let requesterPage: Page;

/** A visitor with a username whose browser already holds their token (no welcome modal). */
async function visitorPage(viewport = DESKTOP): Promise<Page> {
  const context = await session.context(viewport);
  const { anon_token } = await call<{ anon_token: string }>('POST', '/api/session');
  await call('POST', '/api/user-profile', { username: uniqueName() }, anon_token);
  await context.addInitScript((t) => localStorage.setItem('anon_token', t), anon_token);
  const page = session.watch(await context.newPage());
  page.on('pageerror', (error) => console.error('page error:', error));
  page.on('console', (m) => {
    if (m.type() === 'error') console.error('browser console error:', m.text());
  });
  return page;
}

async function staffPage(viewport = DESKTOP): Promise<Page> {
  const context = await session.context(viewport);
  const p = await context.newPage();
  const res = await p.context().request.post(`${site}/api/admin/login`, { data: admin });
  expect(res.status()).toBe(200);
  session.watch(p);
  return p;
}

const toast = (p: Page) => p.getByRole('region', { name: 'Notifications (F8)' }).getByRole('listitem');
const mentorsSection = (p: Page) => p.getByRole('region', { name: 'Mentors' });

// Several browser contexts and page loads per test on a shared 2-core machine.
const SLOW = 180_000;

describe('Mentors', () => {
  it('a visitor applies to mentor from /ama and sees the application pending', async () => {
    mentorPage = await visitorPage();
    await mentorPage.goto(`${site}/ama`);
    const section = mentorsSection(mentorPage);
    await section.getByRole('button', { name: 'Become a Mentor' }).click();
    const dialog = mentorPage.getByRole('dialog', { name: 'Become a Mentor' });
    await dialog.getByRole('button', { name: 'Submit Application' }).click();
    await dialog.getByText('Name is required').waitFor();
    await dialog.getByLabel('Name').fill(seed.mentorName);
    await dialog.getByLabel('Years of experience').fill('12');
    await dialog.getByLabel('Bio').fill('Scheduling lead for three sites; I love untangling shift bids and forecasting peaks.');
    await dialog.getByRole('button', { name: '+ Scheduling' }).click();
    await dialog.getByLabel('Expertise tags').fill(`Scheduling, ${seed.tag}`);
    await dialog.getByLabel('Timezone').fill('Asia/Manila');
    await dialog.getByLabel('Availability').fill('Weekdays 18:00-20:00');
    await dialog.getByLabel('Contact info (staff only)').fill('rita@example.com');
    await dialog.getByLabel('LinkedIn URL (optional, staff only)').fill('not a url');
    await dialog.getByRole('button', { name: 'Submit Application' }).click();
    await dialog.getByText('LinkedIn URL must be a valid URL').waitFor();
    await dialog.getByLabel('LinkedIn URL (optional, staff only)').fill('https://www.linkedin.com/in/rita');
    await screenshot(mentorPage, 'mentors-apply-dialog-desktop');
    await dialog.getByRole('button', { name: 'Submit Application' }).click();
    await toast(mentorPage).filter({ hasText: 'Application sent' }).waitFor();
    const status = section.getByTestId('mentor-application-status');
    await status.getByText('Pending review').waitFor();
    expect(await section.getByRole('heading', { name: seed.mentorName }).count()).toBe(0);
  }, SLOW);

  it('staff approve it in the admin Mentors tab; the applicant sees it live and the mentor is listed', async () => {
    const staff = await staffPage();
    await staff.goto(`${site}/admin?tab=mentors`);
    const row = staff.getByRole('row').filter({ hasText: seed.mentorName });
    await row.waitFor();
    expect(await row.getByText('rita@example.com').count()).toBe(1);
    await screenshot(staff, 'admin-mentors-desktop');
    await row.getByRole('button', { name: `Approve ${seed.mentorName}` }).click();
    await toast(staff).filter({ hasText: 'Mentor approved' }).waitFor();
    // The status column (the first "Approved" is the phone-only badge inside the name cell).
    await row.getByText('Approved', { exact: true }).last().waitFor();
    expect(await row.getByRole('button', { name: `Approve ${seed.mentorName}` }).count()).toBe(0);
    await row.getByRole('button', { name: `Suspend ${seed.mentorName}` }).waitFor();

    // No reload: the mentor's page hears mentor_application over its socket.
    await mentorsSection(mentorPage).getByTestId('mentor-application-status').getByText('Approved').waitFor();
    await mentorsSection(mentorPage).getByRole('heading', { name: seed.mentorName }).waitFor();

    const directory = await call<{ mentors: Array<{ id: number; name: string }> }>('GET', `/api/mentors?tag=${seed.tag}`);
    expect(directory.mentors.map((m) => m.name)).toEqual([seed.mentorName]);
    seed.mentorId = directory.mentors[0]!.id;
    expect(JSON.stringify(directory)).not.toContain('rita@example.com');
  }, SLOW);

  it('another visitor filters by expertise and sends a request; the mentor accepts; messages arrive live both ways', async () => {
    requesterPage = await visitorPage();
    await requesterPage.goto(`${site}/ama`);
    const section = mentorsSection(requesterPage);
    await section.getByRole('button', { name: new RegExp(`^${seed.tag}`) }).click();
    await section.getByRole('heading', { name: seed.mentorName }).waitFor();
    expect(await section.getByRole('button', { name: /^Request mentoring from/ }).count()).toBe(1);
    await section.getByRole('button', { name: `Request mentoring from ${seed.mentorName}` }).click();
    const dialog = requesterPage.getByRole('dialog', { name: 'Request Mentoring' });
    await dialog.getByLabel('Your name').fill(seed.requesterName);
    await dialog.getByLabel('How to reach you').fill('nico@example.com');
    await dialog.getByLabel('Message').fill('I just became a WFM analyst and would love guidance on scheduling.');
    await dialog.getByLabel('Your goals').fill('Build my first weekly schedule.');
    await dialog.getByRole('button', { name: 'Send Request' }).click();
    await toast(requesterPage).filter({ hasText: 'Request sent' }).waitFor();
    await section.getByRole('region', { name: 'Requests you sent' }).getByText('Waiting for answer').waitFor();

    // The mentor's inbox fills live (mentor_request), then they accept.
    const inbox = mentorsSection(mentorPage).getByRole('region', { name: 'Requests you received' });
    await inbox.getByText(`From ${seed.requesterName}`).waitFor();
    await inbox.getByRole('button', { name: `Accept the request from ${seed.requesterName}` }).click();
    await toast(mentorPage).filter({ hasText: 'Request accepted' }).waitFor();
    // The requester sees the acceptance without a reload.
    await section.getByRole('region', { name: 'Requests you sent' }).getByText('Accepted').waitFor();

    // Both open the conversation; each message reaches the other side live.
    await inbox.getByRole('button', { name: `Open the conversation with ${seed.requesterName}` }).click();
    const mentorThread = mentorPage.getByRole('dialog', { name: `Conversation with ${seed.requesterName}` });
    await mentorThread.getByText('No messages yet. Say hello!').waitFor();
    await section.getByRole('button', { name: `Open the conversation with ${seed.mentorName}` }).click();
    const requesterThread = requesterPage.getByRole('dialog', { name: `Conversation with ${seed.mentorName}` });

    await requesterThread.getByLabel('Your message').fill('Thanks for accepting! Where should I start?');
    await requesterThread.getByRole('button', { name: 'Send' }).click();
    await mentorThread.getByRole('list', { name: 'Messages' }).getByText('Thanks for accepting! Where should I start?').waitFor();

    await mentorThread.getByLabel('Your message').fill('Start with your arrival pattern: pull 8 weeks of half-hour volumes.');
    await mentorThread.getByRole('button', { name: 'Send' }).click();
    await requesterThread.getByRole('list', { name: 'Messages' }).getByText('Start with your arrival pattern').waitFor();
    expect(await requesterThread.getByText(seed.mentorName, { exact: false }).count()).toBeGreaterThan(0);
    await screenshot(requesterPage, 'mentors-thread-desktop');
    await screenshot(mentorPage, 'mentors-thread-mentor-desktop');

    // A third visitor cannot read the thread.
    const { anon_token } = await call<{ anon_token: string }>('POST', '/api/session');
    const request = await mentorPage.context().request.get(`${site}/api/mentors/requests`, { headers: { 'x-anon-token': await mentorPage.evaluate(() => localStorage.getItem('anon_token') ?? '') } });
    const requestId = ((await request.json()) as { received: Array<{ id: number }> }).received[0]!.id;
    const stranger = await fetch(`${site}/api/mentors/requests/${requestId}`, { headers: { 'x-anon-token': anon_token } });
    expect(stranger.status).toBe(404);
  }, SLOW);

  it('fits a phone: directory, filter and conversation are usable at 375 px', async () => {
    const p = await visitorPage(PHONE);
    await p.goto(`${site}/ama`);
    const section = mentorsSection(p);
    await section.getByRole('heading', { name: 'Meet the mentors' }).scrollIntoViewIfNeeded();
    await section.getByRole('heading', { name: seed.mentorName }).waitFor();
    const overflow = await p.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await section.getByRole('heading', { name: seed.mentorName }).scrollIntoViewIfNeeded();
    await screenshot(p, 'mentors-directory-phone');
    await section.getByRole('button', { name: `Request mentoring from ${seed.mentorName}` }).click();
    await p.getByRole('dialog', { name: 'Request Mentoring' }).waitFor();
    await screenshot(p, 'mentors-request-phone');

    const staff = await staffPage(PHONE);
    await staff.goto(`${site}/admin?tab=mentors`);
    await staff.getByRole('row').filter({ hasText: seed.mentorName }).waitFor();
    await screenshot(staff, 'admin-mentors-phone');
  }, SLOW);
});
