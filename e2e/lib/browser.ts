import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { visitorAddress } from './api.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
export const SCREENSHOT_DIR = path.join(ROOT, 'test-results/screenshots');

/** Debian's Chromium (CHROMIUM_PATH to use another); Lighthouse drives the same binary. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Debian's Chromium, headless, with the flags that work on a machine without outside network. */
export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`Chromium not found at ${CHROMIUM}: install it with 'apt-get install -y chromium' (browser tests never skip)`);
  }
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 375, height: 740 };

/** A browser context for one visitor, with its own client address (see visitorAddress). */
/** A browser context of the viewport's kind; `timezoneId` makes the visitor's clock read another zone than the machine's. */
export async function newContext(browser: Browser, viewport = DESKTOP, timezoneId?: string): Promise<BrowserContext> {
  return browser.newContext({
    viewport,
    ...(timezoneId ? { timezoneId } : {}),
    isMobile: viewport.width < 500,
    hasTouch: viewport.width < 500,
    extraHTTPHeaders: { 'x-forwarded-for': visitorAddress() },
  });
}

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage: false });
  return file;
}
