import { readFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiCall, visitorAddress } from './lib/api.ts';
import { DESKTOP, PHONE, screenshot } from './lib/browser.ts';
import { useBrowser } from './lib/browser-session.ts';
import { uniqueUsername } from '@wfm/service-kit/testing-names';

// Issue 26 item 6 in Chromium: a visitor opens "Your data" from the header's device menu, downloads
// everything tied to the browser as wfm-my-data-<date>.json, and deletes all their content after a
// confirmation that names what goes; the deleted post is gone from the site.

const site = inject('siteUrl');
const call = <T>(method: string, path: string, body?: unknown, token?: string) => apiCall<T>(site, method, path, body, token);

const session = useBrowser({ closeContexts: 'after-the-file' });

/** A member's token (a visitor without a username gets the welcome dialog over the page). */
async function member(): Promise<string> {
  const { anon_token: token } = await call<{ anon_token: string }>('POST', '/api/session');
  await call('POST', '/api/user-profile', { username: uniqueUsername('yd_') }, token);
  return token;
}

async function visitorPage(token: string, viewport = DESKTOP): Promise<Page> {
  const context = await session.context(viewport);
  await context.addInitScript((t) => {
    localStorage.setItem('anon_token', t);
    localStorage.setItem('terms_accepted', 'true');
  }, token);
  return session.watch(await context.newPage());
}

describe('Your data (web app)', () => {
  it('downloads everything as one JSON file and deletes all content after a confirmation naming what goes', async () => {
    const mark = `yd${randomBytes(4).toString('hex')}`;
    const token = await member();
    const post = await call<{ id: number }>(
      'POST',
      '/api/posts',
      { type: 'Question', title: `Weekend volume ${mark}`, body: `Spiky Saturdays ${mark}`, tags: 'forecast', author_name: 'Anonymous', tool_links: [], attachments: [], status: 'open', isAnonymous: false },
      token,
    );
    await call('POST', '/api/comments', { post_id: post.id, body: `My own follow-up ${mark}`, author_name: 'Anonymous' }, token);
    await call('POST', '/api/tools', { name: `Planner ${mark}`, category: 'Forecasting', url: `https://erlang.example.com/${mark}`, short_desc: `Erlang C ${mark}`, submitted_by: 'Anonymous' }, token);

    const page = await visitorPage(token);
    await page.goto(`${site}/`);
    // Reached from the header's device menu, by keyboard.
    const menuButton = page.getByRole('banner').getByRole('button', { name: 'Username and device' });
    // Pressed until the page is interactive (the header is painted by the server before it hydrates).
    await expect
      .poll(async () => {
        if ((await menuButton.getAttribute('aria-expanded')) !== 'true') {
          await menuButton.focus();
          await page.keyboard.press('Enter');
        }
        return menuButton.getAttribute('aria-expanded');
      })
      .toBe('true');
    await page.getByRole('link', { name: 'Your data' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(`${site}/your-data`);
    const counts = page.getByTestId('your-data-counts');
    await expect.poll(() => counts.innerText()).toMatch(/Posts\s+1/);
    await expect.poll(() => counts.innerText()).toMatch(/Tools\s+1/);
    await screenshot(page, 'your-data-desktop');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-my-data').click()]);
    expect(download.suggestedFilename()).toMatch(/^wfm-my-data-\d{4}-\d{2}-\d{2}\.json$/);
    const saved = JSON.parse(await readFile((await download.path())!, 'utf8')) as { counts: Record<string, number>; services: Record<string, Record<string, unknown[]>> };
    expect(saved.counts).toMatchObject({ posts: 1, comments: 1, tools: 1 });
    expect(JSON.stringify(saved.services.forum)).toContain(`Spiky Saturdays ${mark}`);

    await page.getByTestId('erase-my-content').click();
    const dialog = page.getByRole('dialog', { name: 'Delete all your content?' });
    await expect.poll(() => dialog.getByTestId('erase-list').innerText()).toMatch(/Posts\s+1[\s\S]*Comments\s+1[\s\S]*Tools\s+1/);
    await screenshot(page, 'your-data-confirm-desktop');
    await dialog.getByTestId('erase-confirm').click();
    await expect.poll(() => page.getByTestId('erase-result').innerText()).toContain('Posts: 1');
    // What stays: the username (the profile); nothing to delete is left.
    await expect.poll(() => counts.innerText()).not.toMatch(/Posts|Comments|Tools/);
    expect(await counts.innerText()).toMatch(/Profile\s+1/);
    expect(await page.getByTestId('erase-my-content').innerText()).toContain('Nothing to delete');
    await screenshot(page, 'your-data-erased-desktop');

    // Gone from the site for everyone.
    const res = await fetch(`${site}/api/posts/${post.id}`, { headers: { 'x-forwarded-for': visitorAddress() } });
    expect(res.status).toBe(404);
  });

  it('fits a phone: the counts, the download and the confirmation at 375 px', async () => {
    const token = await member();
    await call('POST', '/api/polls', { title: 'Which forecasting method?', description: 'Interval forecasts', category: 'metrics', options: ['Erlang C', 'Simulation'], created_by: 'Anonymous' }, token);
    const page = await visitorPage(token, PHONE);
    await page.goto(`${site}/your-data`);
    await expect.poll(() => page.getByTestId('your-data-counts').innerText()).toMatch(/Polls\s+1/);
    // Nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await screenshot(page, 'your-data-phone');
    await page.getByTestId('erase-my-content').click();
    await expect.poll(() => page.getByRole('dialog').getByTestId('erase-list').innerText()).toMatch(/Polls\s+1/);
    await screenshot(page, 'your-data-confirm-phone');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
  });
});
