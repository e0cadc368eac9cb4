import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { uniqueUsername } from '@wfm/service-kit/testing-names';
import { apiCall } from './lib/api.ts';
import { DESKTOP, PHONE, launchBrowser, newContext, screenshot } from './lib/browser.ts';
import { seedPublicPages, type PublicPagesSeed } from './lib/public-pages.ts';

/**
 * Issue 27 item 3: from the moment a control of a server-rendered page is painted, a click on it
 * takes effect. The page's main control is clicked as soon as it is on screen, on a 4x slowed CPU
 * (DevTools CPU throttling), before React has hydrated the page (checked), and its effect must
 * follow: the boot script holds the click, shows it pending and gives it to the hydrated element
 * (web/vite.config.ts, app/start.tsx).
 */
const site = inject('siteUrl');
const admin = inject('admin');

let browser: Browser;
let seed: PublicPagesSeed;

beforeAll(async () => {
  browser = await launchBrowser();
  seed = await seedPublicPages(site, admin);
}, 120_000);

afterAll(async () => {
  await browser?.close();
});

/** A returning visitor (token and username: no welcome dialog) on a 4x slowed CPU. */
async function slowVisitor(viewport = DESKTOP): Promise<{ context: BrowserContext; page: Page }> {
  const { anon_token: token } = await apiCall<{ anon_token: string }>(site, 'POST', '/api/session');
  const username = uniqueUsername('clk_');
  await apiCall(site, 'POST', '/api/user-profile', { username }, token);
  const context = await newContext(browser, viewport);
  await context.addInitScript(
    ([t, u]) => {
      localStorage.setItem('anon_token', t);
      localStorage.setItem('username', u);
      const times = { click: 0, hydrated: 0 };
      (window as unknown as { clickTimes: typeof times }).clickTimes = times;
      document.addEventListener('click', () => (times.click ||= performance.now()), true);
      document.addEventListener('wfm:hydrated', () => (times.hydrated = performance.now()));
    },
    [token, username] as const,
  );
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  return { context, page };
}

/** The click came before React hydrated the page, and React has hydrated it since. */
async function clickedBeforeHydration(page: Page): Promise<void> {
  await expect.poll(() => page.evaluate(() => (window as unknown as { clickTimes: { hydrated: number } }).clickTimes.hydrated)).toBeGreaterThan(0);
  const times = await page.evaluate(() => (window as unknown as { clickTimes: { click: number; hydrated: number } }).clickTimes);
  expect(times.click).toBeGreaterThan(0);
  expect(times.click).toBeLessThan(times.hydrated);
}

describe('no lost clicks on a 4x slowed CPU: the main control, clicked at first paint, takes effect', () => {
  for (const [name, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`poll (${name}): the vote counts`, async () => {
      const { context, page } = await slowVisitor(viewport);
      try {
        await page.goto(`${site}/polls/${seed.pollId}`, { waitUntil: 'commit' });
        const option = page.getByTestId('poll-option').first();
        await option.click();
        await clickedBeforeHydration(page);
        await expect.poll(() => option.getAttribute('data-mine')).toBe('true');
        await screenshot(page, `no-lost-clicks-poll-${name}`);
      } finally {
        await context.close();
      }
    });
  }

  it('post: the upvote counts', async () => {
    const { context, page } = await slowVisitor();
    try {
      await page.goto(`${site}/post/${seed.postId}`, { waitUntil: 'commit' });
      const upvote = page.getByTestId('upvote-button').first();
      const before = Number(await upvote.getByTestId('upvote-count').textContent());
      await upvote.click();
      await clickedBeforeHydration(page);
      await expect.poll(async () => Number(await upvote.getByTestId('upvote-count').textContent())).toBe(before + 1);
    } finally {
      await context.close();
    }
  });

  it('AMA session: Book opens the booking dialog', async () => {
    const { context, page } = await slowVisitor();
    try {
      await page.goto(`${site}/ama/${seed.sessionId}`, { waitUntil: 'commit' });
      await page.getByRole('button', { name: 'Book This Session' }).first().click();
      await clickedBeforeHydration(page);
      await page.getByRole('dialog').waitFor();
    } finally {
      await context.close();
    }
  });

  it('home feed: a filter tab is selected', async () => {
    const { context, page } = await slowVisitor();
    try {
      await page.goto(site, { waitUntil: 'commit' });
      const tab = page.getByRole('tab').nth(1);
      await tab.click();
      await clickedBeforeHydration(page);
      await expect.poll(() => tab.getAttribute('aria-selected')).toBe('true');
    } finally {
      await context.close();
    }
  });
});
