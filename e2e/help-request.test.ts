import { beforeEach, describe, expect, inject, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { DESKTOP, PHONE, screenshot } from './lib/browser.ts';
import { useBrowser } from './lib/browser-session.ts';
import { apiCall } from './lib/api.ts';
import { uniqueUsername } from '@wfm/service-kit/testing-names';

const site = inject('siteUrl');

const session = useBrowser();
let context: BrowserContext;
let page: Page;

beforeEach(async () => {
  ({ context, page } = await session.open(DESKTOP));
});

// No hex in usernames: random hex now and then reads as a listed word through leetspeak.
const uniqueName = () => uniqueUsername('help_');

/** A visitor with a username (no welcome prompt); the help request goes out under that name. */
async function returningVisitor(ctx: BrowserContext) {
  const { anon_token } = await apiCall<{ anon_token: string }>(site, 'POST', '/api/session');
  await apiCall(site, 'POST', '/api/user-profile', { username: uniqueName() }, anon_token);
  await ctx.addInitScript((t) => localStorage.setItem('anon_token', t), anon_token);
}

describe('help page', () => {
  it('shows each validation message, then files a ticket with a real reference', async () => {
    await returningVisitor(context);
    await page.goto(`${site}/help`);
    await page.getByRole('heading', { name: 'Need Help?' }).waitFor();
    await page.getByRole('button', { name: 'Submit Request' }).click();
    for (const message of ['Title must be at least 3 characters', 'Description must be at least 10 characters', 'Please select a category']) {
      await page.getByText(message).waitFor();
    }
    await page.getByLabel('Title *').fill('x'.repeat(101));
    await page.getByText('Title must be less than 100 characters').waitFor();
    await page.getByLabel('Description *').fill('y'.repeat(1001));
    await page.getByText('Description must be less than 1000 characters').waitFor();
    expect(await page.getByTestId('description-counter').textContent()).toBe('1001/1000');
    await screenshot(page, 'help-validation-desktop');

    await page.getByLabel('Title *').fill('Export does nothing');
    await page.getByLabel('Description *').fill('Pressing Export CSV on the tools page does nothing.');
    await page.getByRole('combobox', { name: 'Category *' }).selectOption({ label: 'Bug Report' });
    await page.getByRole('combobox', { name: 'Priority *' }).selectOption({ label: 'High (4-8 hours)' });
    await page.getByLabel('Contact information (optional)').fill('planner@example.com');
    await page.getByRole('button', { name: 'Submit Request' }).click();
    const reference = page.getByTestId('ticket-reference');
    await reference.waitFor();
    expect(await reference.textContent()).toMatch(/^HLP-[A-Z0-9]{5}$/);
    await screenshot(page, 'help-confirmation-desktop');
    await page.getByRole('button', { name: 'Submit Another Request' }).click();
    expect(await page.getByLabel('Title *').inputValue()).toBe('');
  });

  it('fits a phone', async () => {
    await context.close();
    ({ context, page } = await session.open(PHONE));
    await returningVisitor(context);
    await page.goto(`${site}/help`);
    await page.getByRole('heading', { name: 'Need Help?' }).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, 'help-phone');
  });
});
