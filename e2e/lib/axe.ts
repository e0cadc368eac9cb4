import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import type { AxeResults, Result } from 'axe-core';

const require = createRequire(import.meta.url);
/** axe-core's browser bundle, injected into each page (works with playwright-core, no extra package). */
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** WCAG 2.1 level A and AA: the rules the issue asks for (best-practice rules are not part of it). */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] as const;

/**
 * Rules tagged WCAG A/AA that some axe versions mark experimental (left out of a tag run unless asked):
 * label-content-name-mismatch is 2.5.3 "Label in Name" (a control's accessible name must contain its
 * visible text), one of the two violations the issue names.
 */
const EXPERIMENTAL_WCAG_RULES = ['label-content-name-mismatch'];

export type Theme = 'light' | 'dark';

/** Puts the page in a theme the way the app's toggle does (classes and color-scheme on <html>). */
export async function applyTheme(page: Page, theme: Theme): Promise<void> {
  // Colour transitions are switched off for the change (as theme libraries do on a toggle): axe
  // measured buttons halfway between the two themes' colours whenever a transition had not started
  // yet when the page's animations were collected.
  await page.evaluate((t) => {
    const root = document.documentElement;
    const instant = document.createElement('style');
    instant.textContent = '*, *::before, *::after { transition: none !important; }';
    document.head.appendChild(instant);
    root.classList.toggle('dark', t === 'dark');
    root.classList.toggle('light', t === 'light');
    root.style.colorScheme = t;
    void document.body.offsetHeight; // a layout: every element takes the new colours while transitions are off
    instant.remove();
  }, theme);
}

/** Runs axe-core with the WCAG 2.1 A/AA rules on the page as it is now; returns its violations. */
export async function axeViolations(page: Page): Promise<Result[]> {
  // Evaluated through the DevTools protocol, so the site's CSP (script-src 'self') does not refuse it.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(`${AXE_SOURCE}\n;undefined`);
  // Let transitions (dialog zoom/fade, theme colours) finish so contrast is measured on final colours.
  // Endless animations (the sidebar's pulsing "Live" dot) never finish and are skipped.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  const results = await page.evaluate(
    ({ tags, rules }) => {
      const axe = (window as unknown as { axe: typeof import('axe-core') }).axe;
      return axe.run(document, {
        runOnly: { type: 'tag', values: [...tags] },
        rules: Object.fromEntries(rules.map((id) => [id, { enabled: true }])),
        resultTypes: ['violations'],
      });
    },
    { tags: WCAG_TAGS, rules: EXPERIMENTAL_WCAG_RULES },
  );
  return (results as AxeResults).violations;
}

/** One readable block per violation: rule, impact, help, then each offending element and why. */
export function formatViolations(where: string, violations: Result[]): string {
  return violations
    .map((v) => {
      const nodes = v.nodes
        .slice(0, 8)
        .map((n) => {
          const why = (n.failureSummary ?? '').split('\n').map((l) => l.trim()).filter(Boolean).slice(1).join('; ');
          return `    - ${n.target.join(' ')}\n      ${n.html.slice(0, 160)}\n      ${why}`;
        })
        .join('\n');
      const more = v.nodes.length > 8 ? `\n    ... and ${v.nodes.length - 8} more` : '';
      return `[${where}] ${v.id} (${v.impact}): ${v.help}\n  ${v.helpUrl}\n${nodes}${more}`;
    })
    .join('\n');
}
