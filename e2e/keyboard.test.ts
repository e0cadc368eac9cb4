import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { registerVisitor, seedA11yData, type A11ySeed } from './lib/a11y-seed.ts';
import { DESKTOP, screenshot } from './lib/browser.ts';
import { useBrowser } from './lib/browser-session.ts';
import { chooseNextOption, focused, tabTo, type } from './lib/keyboard.ts';
import { uniqueUsername } from '@wfm/service-kit/testing-names';

/**
 * Issue 15 item 3: the main flows done with the keyboard alone (Tab, Shift+Tab, Enter, Space,
 * Escape, arrows and typing; no clicks, no fill). Every Tab stop on the way must show its focus
 * (lib/keyboard.ts tabTo), and focus lands where a keyboard user expects: in an opened dialog,
 * back on its trigger when it closes.
 */

const site = inject('siteUrl');
const admin = inject('admin');

const session = useBrowser({ screenshotPrefix: 'failed-keyboard' });
let seed: A11ySeed;

beforeAll(async () => {
  seed = await seedA11yData(site, admin);
});
async function visitorPage({ named = true } = {}): Promise<Page> {
  const context = await session.context(DESKTOP);
  if (named) {
    const token = await registerVisitor(site);
    await context.addInitScript((t) => {
      localStorage.setItem('anon_token', t);
      localStorage.setItem('terms_accepted', 'true');
    }, token);
  }
  return session.watch(await context.newPage());
}

/**
 * Hydrated, and the reads paused during hydration answered: the walk-throughs test keyboard access to
 * the running app (presses made before hydration are e2e/no-lost-clicks.test.ts's subject).
 */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => document.getElementById('root')?.getAttribute('aria-busy') !== 'true');
  await page.waitForLoadState('networkidle');
}

const toast = (page: Page) => page.getByRole('region', { name: 'Notifications (F8)' }).getByRole('listitem');
const SLOW = 180_000;

describe('keyboard only', () => {
  it('first visit: the welcome modal takes focus, a username is typed and saved with Enter', { timeout: SLOW }, async () => {
    const page = await visitorPage({ named: false });
    await page.goto(site);
    const dialog = page.getByRole('dialog', { name: 'Welcome to the community!' });
    await dialog.waitFor();
    await expect.poll(async () => (await focused(page)).inDialog).toBe(true);
    // Escape does not dismiss it; focus stays trapped inside while tabbing round.
    await page.keyboard.press('Escape');
    expect(await dialog.isVisible()).toBe(true);
    const field = await tabTo(page, /^Username/);
    expect(field.inDialog).toBe(true);
    const name = uniqueUsername('kb_');
    await type(page, name);
    await dialog.getByText('✓ Username is available').waitFor();
    await page.keyboard.press('Enter');
    await page.getByText('Your username has been set successfully.', { exact: true }).waitFor();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await expect.poll(() => page.getByTestId('posting-as').textContent()).toContain(name);
    // Focus went back to the page; the first Tab reaches the skip link, which moves focus to the main content.
    const skip = await tabTo(page, /^Skip to content$/, { max: 3 });
    expect(skip.tag).toBe('a');
    await page.keyboard.press('Enter');
    await expect.poll(async () => page.evaluate(() => document.activeElement?.id)).toBe('main');
    await screenshot(page, 'keyboard-first-visit');
  });

  it('post, comment and upvote: from the home page to a published post', { timeout: SLOW }, async () => {
    const page = await visitorPage();
    await page.goto(site);
    await page.getByTestId('post-card').first().waitFor();
    await tabTo(page, /^New Post$/);
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/new$/);
    // The URL changes before the new page has rendered: the home page still on screen has a quick
    // link also named "Ask for Help", which a Tab pressed too early reached (a CI run failed so).
    await page.getByRole('heading', { level: 1, name: 'Create Post' }).waitFor();

    // Post type radios: arrows move between them.
    const radio = await tabTo(page, /^Ask for Help$/);
    expect(radio.tag).toBe('input');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => page.locator('input[name="post-type"]:checked').getAttribute('value')).toBe('Idea');
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => page.locator('input[name="post-type"]:checked').getAttribute('value')).toBe('Question');

    const title = `Keyboard post ${uniqueUsername('')}`;
    await tabTo(page, /^Title/);
    await type(page, title);
    await tabTo(page, /^Content/);
    await type(page, 'How do you forecast the week after a public holiday?');
    await tabTo(page, /^Publish$/);
    await screenshot(page, 'keyboard-new-post');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/post\/\d+$/);
    await page.getByRole('heading', { level: 1, name: title }).waitFor();

    // Comment.
    await tabTo(page, /^Your comment$/);
    await type(page, 'We use the same weekday of the previous year.');
    await tabTo(page, /^Post Comment$/);
    await page.keyboard.press('Enter');
    await page.getByRole('list', { name: 'Comments' }).getByText('We use the same weekday of the previous year.').waitFor();

    // Upvote with Space.
    const upvote = await tabTo(page, /^Upvote/, { back: true, max: 120 });
    expect(upvote.tag).toBe('button');
    await page.keyboard.press('Space');
    await expect.poll(() => page.getByTestId('upvote-count').first().textContent()).toBe('1');
    await screenshot(page, 'keyboard-post-commented');
  });

  it('vote in a poll with Space', { timeout: SLOW }, async () => {
    const page = await visitorPage();
    await page.goto(`${site}/polls/${seed.pollId}`);
    await page.getByTestId('poll-option').first().waitFor();
    await tabTo(page, /^Per month/);
    await page.keyboard.press('Space');
    await expect.poll(() => toast(page).textContent()).toContain('Vote recorded!');
    await expect.poll(() => page.getByRole('button', { name: /^Per month, your vote: / }).count()).toBe(1);
  });

  it('book an AMA seat: the dialog takes focus, a select is driven with arrows, Escape closes and focus returns', { timeout: SLOW }, async () => {
    const page = await visitorPage();
    await page.goto(`${site}/ama/${seed.sessionId}`);
    await page.getByRole('heading', { level: 1, name: 'Holiday peak staffing AMA' }).waitFor();
    await settled(page);
    await tabTo(page, /^Book This Session$/);
    await page.keyboard.press('Enter');
    const form = page.getByRole('dialog', { name: 'Book Your Seat' });
    await form.waitFor();
    await expect.poll(async () => (await focused(page)).inDialog).toBe(true);

    // Escape closes it and gives focus back to the button that opened it.
    await page.keyboard.press('Escape');
    await expect.poll(() => form.isVisible()).toBe(false);
    await expect.poll(async () => (await focused(page)).name).toBe('Book This Session');
    await page.keyboard.press('Enter');
    await form.waitFor();

    await tabTo(page, /^Full Name/);
    await type(page, 'Sam Analyst');
    await tabTo(page, /^Email Address/);
    // A mailbox of its own: one active booking per email and session (issue 25).
    await type(page, `sam.${randomBytes(4).toString('hex')}@example.com`);
    await tabTo(page, /^Phone Number/);
    await type(page, '0917 555 0101');
    await tabTo(page, /^Payment Method/);
    await chooseNextOption(page, /^Payment Method/);
    await tabTo(page, /^Create Booking$/);
    await page.keyboard.press('Enter');
    const created = page.getByRole('dialog', { name: 'Booking Created' });
    await created.waitFor();
    await expect.poll(async () => (await focused(page)).inDialog).toBe(true);
    await screenshot(page, 'keyboard-booking-created');
    await page.keyboard.press('Escape');
    await expect.poll(() => created.isVisible()).toBe(false);
  });

  it('post a job through the form dialog', { timeout: SLOW }, async () => {
    const page = await visitorPage();
    await page.goto(`${site}/jobs`);
    await page.getByText('Acme Contact Centres').first().waitFor();
    await settled(page);
    await tabTo(page, /^Post a Job$/);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Post a New Job' });
    await dialog.waitFor();
    const title = `Keyboard Analyst ${uniqueUsername('')}`;
    await tabTo(page, /^Job title/);
    await type(page, title);
    await tabTo(page, /^Company/);
    await type(page, 'Globex Support');
    await tabTo(page, /^Location/);
    await type(page, 'Remote');
    await tabTo(page, /^Job type/);
    await chooseNextOption(page, /^Job type/);
    await tabTo(page, /^Category/);
    await chooseNextOption(page, /^Category/);
    await tabTo(page, /^Application URL/);
    await type(page, 'https://globex.example/jobs/analyst');
    await tabTo(page, /^Description/);
    await type(page, 'Build the intraday plan for a 300-seat operation and keep service level on target every day.');
    await tabTo(page, /^Requirements/);
    await type(page, 'Two years of intraday management and a working knowledge of Erlang C.');
    await tabTo(page, /^Post Job$/);
    await screenshot(page, 'keyboard-post-job');
    await page.keyboard.press('Enter');
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await page.getByText(title).first().waitFor();
  });

  it('admin: sign in and move between tabs with the arrow keys', { timeout: SLOW }, async () => {
    const context = await session.context(DESKTOP);
    const page = session.watch(await context.newPage());
    await page.goto(`${site}/admin/login`);
    await page.getByLabel('Username').waitFor();
    await tabTo(page, /^Username/);
    await type(page, admin.username);
    await tabTo(page, /^Password/);
    await type(page, admin.password);
    await page.keyboard.press('Enter');
    const tablist = page.getByRole('tablist').first();
    await tablist.waitFor();

    const selected = tablist.locator('[role="tab"][aria-selected="true"]');
    const firstLabel = (await selected.innerText()).trim().split('\n')[0]!;
    const firstTab = await tabTo(page, new RegExp(`^${firstLabel}`), { role: 'tab' });
    expect(firstTab.role).toBe('tab');
    await page.keyboard.press('ArrowRight');
    // The roving focus moves after the key press is handled: read the focus once it has left the
    // first tab (read at once on a loaded machine, it was still the first tab, whose panel then went).
    await expect.poll(async () => (await focused(page)).name).not.toBe(firstTab.name);
    const next = await focused(page);
    expect(next.role).toBe('tab');
    expect(next.focusVisible && next.indicator).toBe(true);
    await expect.poll(async () => (await selected.innerText()).trim()).toContain(next.name.split(' ')[0]);
    // The tab changes through the URL (a router transition): until the selected tab's own panel is
    // the only one shown (the others stay in the DOM, hidden), a Tab press could land in the
    // previous panel just before it goes.
    const panelId = await selected.getAttribute('aria-controls');
    expect(panelId).toBeTruthy();
    await expect.poll(async () => page.locator('[role="tabpanel"]:not([hidden])').evaluateAll((panels) => panels.map((panel) => panel.id))).toEqual([panelId]);
    await page.locator(`[id="${panelId}"]`).getByRole('heading', { level: 2 }).first().waitFor();
    // Tab from the tab list goes into the selected tab's content.
    await page.keyboard.press('Tab');
    const inside = await focused(page);
    expect(inside.tag).not.toBe('body');
    expect(inside.focusVisible && inside.indicator).toBe(true);
    await screenshot(page, 'keyboard-admin-tab');
  });
});
