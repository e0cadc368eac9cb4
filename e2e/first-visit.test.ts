import { beforeEach, describe, expect, inject, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { apiCall } from './lib/api.ts';
import { DESKTOP, PHONE, newContext, screenshot } from './lib/browser.ts';
import { useBrowser } from './lib/browser-session.ts';
import { uniqueUsername } from '@wfm/service-kit/testing-names';

const site = inject('siteUrl');
// No hex: random hex now and then reads as a listed word through leetspeak (`b00b`) and is refused.

/** Creates a visitor with a username through the API; returns its token. */
async function registerViaApi(username: string): Promise<string> {
  const issued = await apiCall<{ anon_token: string }>(site, 'POST', '/api/session');
  await apiCall(site, 'POST', '/api/user-profile', { username }, issued.anon_token);
  return issued.anon_token;
}

/** Makes the browser a returning visitor who already chose a username (no welcome modal). */
async function actAsReturningVisitor(ctx: BrowserContext): Promise<void> {
  const token = await registerViaApi(uniqueUsername('back_'));
  await ctx.addInitScript((t) => localStorage.setItem('anon_token', t), token);
}

const session = useBrowser();
let context: BrowserContext;
let page: Page;

beforeEach(async () => {
  ({ context, page } = await session.open(DESKTOP));
});

const welcome = () => page.getByRole('dialog');
const usernameInput = () => welcome().getByLabel('Username');

describe('first visit', () => {
  it('issues a visitor token, stores it and asks for a username in a modal that cannot be dismissed', async () => {
    const tokenCall = page.waitForResponse((r) => r.url().endsWith('/api/session') && r.request().method() === 'POST');
    await page.goto(site);
    expect((await tokenCall).status()).toBe(200);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('anon_token'))).toMatch(/^[A-Za-z0-9_-]{43}\.[A-Za-z0-9_-]{22}$/);

    await welcome().waitFor();
    await page.keyboard.press('Escape');
    await page.mouse.click(5, 5);
    await expect.poll(() => welcome().isVisible()).toBe(true);
    await screenshot(page, 'welcome-modal-desktop');
  });

  it('shows each username validation message and saves a valid name', async () => {
    const taken = uniqueUsername('taken_');
    await registerViaApi(taken);
    await page.goto(site);
    await usernameInput().waitFor();

    const expectMessage = async (input: string, message: string) => {
      await usernameInput().fill(input);
      await welcome().getByText(message, { exact: true }).waitFor({ timeout: 5_000 });
    };
    await expectMessage('ab', 'Username must be at least 3 characters');
    await expectMessage('a'.repeat(21), 'Username must be 20 characters or less');
    await expectMessage('bad name!', 'Username can only contain letters, numbers, underscores and hyphens');
    await expectMessage(taken.toUpperCase(), 'Username is already taken');
    expect(await usernameInput().inputValue()).toBe(taken);

    await page.route('**/api/user-profile/check-username', (route) => route.abort());
    await expectMessage(uniqueUsername('neterr_'), 'Error checking username availability');
    await page.unroute('**/api/user-profile/check-username');

    const save = welcome().getByRole('button', { name: 'Save' });
    const name = uniqueUsername('e2e_');
    await expectMessage(name, '✓ Username is available');
    expect(await save.isEnabled()).toBe(true);
    await screenshot(page, 'welcome-modal-available');
    await usernameInput().press('Enter');

    await page.getByText('Your username has been set successfully.', { exact: true }).waitFor();
    expect(await page.getByText('Welcome!', { exact: true }).isVisible()).toBe(true);
    await expect.poll(() => welcome().isVisible()).toBe(false);
    await expect.poll(() => page.getByTestId('posting-as').textContent()).toContain(name);
    expect(await page.evaluate(() => localStorage.getItem('username'))).toBe(name);

    await page.reload();
    await expect.poll(() => page.getByTestId('posting-as').textContent()).toContain(name);
    await page.waitForTimeout(800);
    expect(await welcome().isVisible()).toBe(false);
    await screenshot(page, 'home-desktop-named');
  });

  it('keeps the Save button disabled until a name is available', async () => {
    await page.goto(site);
    await usernameInput().waitFor();
    const save = welcome().getByRole('button', { name: 'Save' });
    expect(await save.isDisabled()).toBe(true);
    await usernameInput().fill('ab');
    await welcome().getByText('Username must be at least 3 characters').waitFor();
    expect(await save.isDisabled()).toBe(true);
  });
});

describe('page frame', () => {
  it('defaults to the dark theme and remembers the toggle', async () => {
    await actAsReturningVisitor(context);
    await page.goto(site);
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    await screenshot(page, 'home-desktop-dark');

    await page.getByRole('button', { name: 'Toggle theme' }).click();
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(false);
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');
    // Light from the first paint (the boot script), not only once React has hydrated the page.
    await page.reload({ waitUntil: 'domcontentloaded' });
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(false);
    await page.waitForLoadState('networkidle');
    await page.locator('#root:not([aria-busy])').waitFor();
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(false);
    await screenshot(page, 'home-desktop-light');
  });

  it('shows a real not-found page for unknown routes', async () => {
    await actAsReturningVisitor(context);
    await page.goto(`${site}/no-such-page`);
    await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
    await screenshot(page, 'not-found');
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await fetch(`${site}/api/no-such-call`);
    expect(res.status).toBe(404);
    expect(await res.json()).toHaveProperty('message');
  });

  it('shows the bottom bar and hides the sidebar at phone width', async () => {
    const phone = await newContext(session.browser, PHONE);
    await actAsReturningVisitor(phone);
    const phonePage = await phone.newPage();
    try {
      await phonePage.goto(site);
      const bottomBar = phonePage.getByRole('navigation', { name: 'Mobile navigation' });
      await bottomBar.waitFor();
      for (const label of ['AMA', 'Jobs', 'Polls', 'Tools', 'Calc', 'Sim', 'Suggest', 'Help']) {
        await bottomBar.getByText(label, { exact: true }).waitFor({ state: 'visible', timeout: 5_000 });
      }
      expect(await phonePage.getByRole('complementary', { name: 'Sidebar' }).isVisible()).toBe(false);
      await screenshot(phonePage, 'home-phone');
    } finally {
      await phone.close();
    }
  });

  it('truncates the Posting as name to 6 characters on a phone', async () => {
    const phone = await newContext(session.browser, PHONE);
    const phonePage = await phone.newPage();
    try {
      await phonePage.goto(site);
      const dialog = phonePage.getByRole('dialog');
      const name = uniqueUsername('longname_');
      await dialog.getByLabel('Username').fill(name);
      await dialog.getByText('✓ Username is available').waitFor();
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect.poll(() => dialog.isVisible()).toBe(false);
      await expect
        .poll(async () => (await phonePage.getByTestId('posting-as').innerText()).trim())
        .toContain(`${name.slice(0, 6)}…`);
      await screenshot(phonePage, 'home-phone-named');
    } finally {
      await phone.close();
    }
  });
});
