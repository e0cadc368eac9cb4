import { beforeEach, describe, expect, inject, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { DESKTOP, PHONE, newContext, screenshot } from './lib/browser.ts';
import { useBrowser } from './lib/browser-session.ts';

const site = inject('siteUrl');
const admin = inject('admin');

const session = useBrowser();
let context: BrowserContext;
let page: Page;

beforeEach(async () => {
  ({ context, page } = await session.open(DESKTOP));
});

const toast = () => page.getByRole('region', { name: 'Notifications (F8)' }).getByRole('listitem');

async function signIn(p: Page, username: string, password: string) {
  await p.getByLabel('Username').fill(username);
  await p.getByLabel('Password').fill(password);
  await p.getByRole('button', { name: 'Sign In' }).click();
}

describe('admin login', () => {
  it('sends a visitor without a staff login from /admin to /admin/login', async () => {
    await page.goto(`${site}/admin`);
    await page.getByRole('heading', { level: 1, name: 'Admin Login' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin/login');
    await expect.poll(() => page.title()).toBe('Admin Login · WFM Community');
  });

  it('asks for both fields, shows and hides the password, and says "Secure admin access only"', async () => {
    await page.goto(`${site}/admin/login`);
    await page.getByText('Secure admin access only').waitFor();
    await page.getByLabel('Username').fill(admin.username);
    await page.getByRole('button', { name: 'Sign In' }).click();
    expect(await page.getByRole('alert').innerText()).toContain('Please enter both username and password');

    const password = page.getByLabel('Password');
    await password.fill('typed-secret');
    expect(await password.getAttribute('type')).toBe('password');
    await page.getByRole('button', { name: 'Show password' }).click();
    expect(await password.getAttribute('type')).toBe('text');
    await page.getByRole('button', { name: 'Hide password' }).click();
    expect(await password.getAttribute('type')).toBe('password');
    await screenshot(page, 'admin-login-desktop');
  });

  it('refuses a wrong password with an inline alert and an "Authentication failed" toast', async () => {
    await page.goto(`${site}/admin/login`);
    await signIn(page, admin.username, 'not-the-password');
    await page.getByRole('alert').filter({ hasText: 'Invalid credentials' }).waitFor();
    await toast().filter({ hasText: 'Authentication failed' }).filter({ hasText: 'Invalid credentials' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin/login');
    await screenshot(page, 'admin-login-failed-desktop');
  });

  it('says "Login failed" when the failure has no message of its own: a network error, then a 5xx', async () => {
    await page.goto(`${site}/admin/login`);
    await page.route('**/api/admin/login', (route) => route.abort('connectionreset'));
    await signIn(page, admin.username, admin.password);
    await page.getByRole('alert').filter({ hasText: 'Login failed' }).waitFor();
    await toast().filter({ hasText: 'Authentication failed' }).filter({ hasText: 'Login failed' }).waitFor();
    await screenshot(page, 'admin-login-network-failed-desktop');

    await page.unroute('**/api/admin/login');
    await page.route('**/api/admin/login', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'Internal Server Error' }) }),
    );
    // A fresh page, so the alert and the toast below come from this answer.
    await page.reload();
    await signIn(page, admin.username, admin.password);
    await page.getByRole('alert').filter({ hasText: 'Login failed' }).waitFor();
    await toast().filter({ hasText: 'Authentication failed' }).filter({ hasText: 'Login failed' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin/login');
  });

  it('signs in with the right password, welcomes the user, and logs out back to the login page', async () => {
    await page.goto(`${site}/admin/login`);
    await signIn(page, admin.username, admin.password);
    await toast().filter({ hasText: 'Login successful' }).filter({ hasText: `Welcome to the admin panel, ${admin.username}.` }).waitFor();
    await page.getByRole('heading', { level: 1, name: 'Admin Panel' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin');
    await page.getByRole('tab', { name: /^Reports/, selected: true }).waitFor();

    // A reload keeps the staff login (cookie), after "Checking authentication...".
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Admin Panel' }).waitFor();

    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('heading', { level: 1, name: 'Admin Login' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin/login');

    // The staff login is gone on the server too.
    await page.goto(`${site}/admin`);
    await page.getByRole('heading', { level: 1, name: 'Admin Login' }).waitFor();
    const signedIn = await context.request.get(`${site}/api/admin/session`);
    expect(await signedIn.json()).toEqual({ authenticated: false, username: null, role: null });
  });

  it('switches between the dark default and the light theme, and remembers the choice', async () => {
    await page.goto(`${site}/admin/login`);
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.className)).toContain('dark');
    await page.getByRole('button', { name: 'Toggle theme' }).click();
    expect(await page.evaluate(() => document.documentElement.className)).toContain('light');
    await page.reload();
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.className)).toContain('light');
    await screenshot(page, 'admin-login-light-desktop');
  });

  it('fits a phone', async () => {
    const phone = await newContext(session.browser, PHONE);
    const phonePage = await phone.newPage();
    try {
      await phonePage.goto(`${site}/admin/login`);
      await phonePage.getByRole('button', { name: 'Sign In' }).waitFor();
      const box = await phonePage.getByRole('button', { name: 'Sign In' }).boundingBox();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
      await screenshot(phonePage, 'admin-login-phone');
    } finally {
      await phone.close();
    }
  });
});
