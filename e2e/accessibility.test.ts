import { beforeAll, describe, expect, inject, it } from 'vitest';
import { appendFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { paths } from '../web/src/config/paths.ts';
import { seedA11yData, registerVisitor, type A11ySeed } from './lib/a11y-seed.ts';
import { A11Y_VIEWS, type A11yView } from './lib/a11y-views.ts';
import { applyTheme, axeViolations, formatViolations, type Theme } from './lib/axe.ts';
import { DESKTOP, PHONE } from './lib/browser.ts';
import { useBrowser } from './lib/browser-session.ts';

/**
 * Issue 15 item 3: axe-core with the WCAG 2.1 A and AA rules finds nothing on any page view of the
 * public and admin apps, at desktop and phone width, in the light and the dark theme, with every
 * dialog open and every tab selected. The page views are the table in lib/a11y-views.ts;
 * docs/accessibility.md says how to add one.
 */

const site = inject('siteUrl');
const admin = inject('admin');
const THEMES: Theme[] = ['dark', 'light'];
const VIEWPORTS = { desktop: DESKTOP, phone: PHONE } as const;
type ViewportName = keyof typeof VIEWPORTS;

const session = useBrowser({ screenshotPrefix: 'failed-a11y' });
let seed: A11ySeed;

beforeAll(async () => {
  seed = await seedA11yData(site, admin);
});
async function openPage(view: Pick<A11yView, 'as' | 'termsAccepted'>, viewport: ViewportName): Promise<Page> {
  const context = await session.context(VIEWPORTS[viewport]);
  const as = view.as ?? 'named';
  if (as === 'named') {
    const token = await registerVisitor(site);
    await context.addInitScript(
      ({ t, terms }) => {
        localStorage.setItem('anon_token', t);
        if (terms) localStorage.setItem('terms_accepted', 'true');
      },
      { t: token, terms: view.termsAccepted !== false },
    );
  } else if (as === 'staff') {
    const res = await context.request.post(`${site}/api/admin/login`, { data: admin });
    expect(res.status()).toBe(200);
  }
  return session.watch(await context.newPage());
}

/** Waits until no skeleton or busy region is left (data arrived, lazy pages loaded). */
async function settle(page: Page): Promise<void> {
  await page.waitForFunction(
    () => !document.querySelector('[role="status"][aria-label^="Loading"], [aria-busy="true"]'),
    undefined,
    { timeout: 15_000 },
  );
}

/** The part of the page whose tabs are walked: the open dialog, else the admin tab panel, else main. */
async function tabScope(page: Page, app: A11yView['app']): Promise<Locator> {
  const dialog = page.locator('[role="dialog"]:visible, [role="alertdialog"]:visible');
  if ((await dialog.count()) > 0) return dialog.last();
  return app === 'admin' ? page.locator('[role="tabpanel"][data-state="active"]').first() : page.locator('main');
}

/** axe in both themes on the page as it is; returns readable violations (empty when clean). */
async function checkBothThemes(page: Page, where: string): Promise<string[]> {
  const found: string[] = [];
  for (const theme of THEMES) {
    await applyTheme(page, theme);
    const violations = await axeViolations(page);
    if (violations.length > 0) found.push(formatViolations(`${where}, ${theme}`, violations));
  }
  await applyTheme(page, 'dark');
  return found;
}

/** Checks the view as loaded, then with each of its tabs (in the scope) selected in turn. */
async function checkWithEveryTab(page: Page, app: A11yView['app'], where: string): Promise<string[]> {
  await settle(page);
  const found = await checkBothThemes(page, where);
  const tabs = (await tabScope(page, app)).getByRole('tab');
  const count = await tabs.count();
  for (let i = 0; i < count; i++) {
    const tab = tabs.nth(i);
    if ((await tab.getAttribute('aria-selected')) === 'true' || !(await tab.isVisible()) || (await tab.isDisabled())) continue;
    const label = (await tab.innerText()).trim().replace(/\s+/g, ' ');
    await tab.click();
    await expect.poll(() => tab.getAttribute('aria-selected')).toBe('true');
    await settle(page);
    found.push(...(await checkBothThemes(page, `${where} / tab ${label}`)));
  }
  return found;
}

/** Every violation also goes to this file as it is found (the runner prints failures only at the end). */
const VIOLATIONS_LOG = path.resolve(import.meta.dirname, '../test-results/a11y-violations.log');

const log = (text: string) => {
  mkdirSync(path.dirname(VIOLATIONS_LOG), { recursive: true });
  appendFileSync(VIOLATIONS_LOG, `${text}\n`);
};

const fail = (found: string[]) => {
  if (found.length === 0) return;
  log(found.join('\n'));
  throw new Error(`axe-core found WCAG 2.1 A/AA violations:\n${found.join('\n')}`);
};

/** Runs a check; an error other than violations (a page that never loaded) is logged as well. */
async function logged(where: string, check: () => Promise<void>): Promise<void> {
  try {
    await check();
  } catch (err) {
    if (!(err instanceof Error && err.message.startsWith('axe-core found'))) log(`[${where}] ERROR ${String(err).split('\n').slice(0, 4).join(' | ')}`);
    throw err;
  }
}

describe('the page-view table', () => {
  it('covers every route of the public app', () => {
    const covered = new Set(A11Y_VIEWS.map((v) => v.route).filter(Boolean));
    expect(Object.keys(paths).filter((route) => !covered.has(route))).toEqual([]);
  });
});

for (const viewport of Object.keys(VIEWPORTS) as ViewportName[]) {
  describe(`accessibility at ${viewport} width`, () => {
    for (const view of A11Y_VIEWS.filter((v) => !v.only || v.only === viewport)) {
      it(view.name, { timeout: 240_000 }, () =>
        logged(`${viewport} ${view.name}`, async () => {
          const page = await openPage(view, viewport);
          await page.goto(`${site}${view.path(seed)}`);
          await view.ready(page);
          if (view.open) await view.open(page, viewport);
          fail(await checkWithEveryTab(page, view.app, `${viewport} ${view.name}`));
        }));
    }

    it('every admin tab, as a Super Admin', { timeout: 600_000 }, () => logged(`${viewport} admin tabs`, async () => {
      const page = await openPage({ as: 'staff' }, viewport);
      await page.goto(`${site}/admin`);
      const panelTabs = page.getByRole('tablist').first().getByRole('tab');
      await panelTabs.first().waitFor();
      const count = await panelTabs.count();
      expect(count).toBeGreaterThanOrEqual(10);
      const found: string[] = [];
      for (let i = 0; i < count; i++) {
        const tab = panelTabs.nth(i);
        const label = (await tab.innerText()).trim().replace(/\s+/g, ' ');
        await tab.click();
        await expect.poll(() => tab.getAttribute('aria-selected')).toBe('true');
        found.push(...(await checkWithEveryTab(page, 'admin', `${viewport} admin tab ${label}`)));
      }
      fail(found);
    }));
  });
}
