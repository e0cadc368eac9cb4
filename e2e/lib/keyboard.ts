import { expect } from 'vitest';
import type { Page } from 'playwright-core';

/** What has the keyboard focus, and whether a sighted keyboard user can see that it has. */
export interface FocusInfo {
  tag: string;
  role: string;
  /** aria-label, else the text of its labels, else its own text (whitespace collapsed). */
  name: string;
  /** The element matches :focus-visible (the browser decided to show keyboard focus). */
  focusVisible: boolean;
  /** An outline or a ring (box-shadow) is drawn around it, or it sits in a focus-within ring. */
  indicator: boolean;
  inDialog: boolean;
}

export async function focused(page: Page): Promise<FocusInfo> {
  return page.evaluate(() => {
    // Inside iframes or shadow roots is not used by the apps.
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { tag: 'body', role: '', name: '', focusVisible: false, indicator: false, inDialog: false };
    const labels = 'labels' in el ? Array.from((el as HTMLInputElement).labels ?? []).map((l) => l.textContent ?? '') : [];
    const labelledBy = (el.getAttribute('aria-labelledby') ?? '')
      .split(/\s+/)
      .filter(Boolean)
      .map((id) => document.getElementById(id)?.textContent ?? '');
    const name = (el.getAttribute('aria-label') || labelledBy.join(' ') || labels.join(' ') || el.innerText || el.getAttribute('placeholder') || '')
      .replace(/\s+/g, ' ')
      .trim();
    const drawn = (node: Element) => {
      const style = getComputedStyle(node);
      const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
      // A ring is a shadow with a spread (Tailwind's ring-*: `0 0 0 2px color`); drop shadows have none.
      const ring = /-?[\d.]+px -?[\d.]+px [\d.]+px [1-9][\d.]*px/.test(style.boxShadow);
      return outline || ring;
    };
    // A control can show focus on a wrapper (focus-within), e.g. a search field's frame.
    let indicator = drawn(el);
    for (let p = el.parentElement, depth = 0; !indicator && p && depth < 2; p = p.parentElement, depth++) {
      indicator = p.matches(':focus-within') && drawn(p);
    }
    return {
      tag: el.tagName.toLowerCase(),
      role: el.getAttribute('role') ?? '',
      name,
      focusVisible: el.matches(':focus-visible'),
      indicator,
      inDialog: Boolean(el.closest('[role="dialog"], [role="alertdialog"]')),
    };
  });
}

/**
 * Presses Tab (or Shift+Tab) until the focused element's name matches, at most `max` times; throws
 * with the path taken when it never does. Each stop on the way must show its focus. With `role`,
 * only an element of that ARIA role counts.
 */
export async function tabTo(page: Page, name: RegExp, { back = false, max = 80, role }: { back?: boolean; max?: number; role?: string } = {}): Promise<FocusInfo> {
  const path: string[] = [];
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    const info = await focused(page);
    path.push(`${info.tag}${info.role ? `[${info.role}]` : ''} "${info.name.slice(0, 40)}"${info.focusVisible && info.indicator ? '' : ' (NO VISIBLE FOCUS)'}`);
    if (info.tag !== 'body' && !(info.focusVisible && info.indicator)) {
      throw new Error(`Focus is not visible on ${path.at(-1)}; path: ${path.join(' -> ')}`);
    }
    // A tab and its panel share a name: `role` tells them apart.
    if (name.test(info.name) && (role === undefined || info.role === role)) return info;
  }
  throw new Error(`${back ? 'Shift+Tab' : 'Tab'} never reached ${name} in ${max} presses: ${path.join(' -> ')}`);
}

/** Types text into the focused field with key events (no fill). */
export async function type(page: Page, text: string): Promise<void> {
  await page.keyboard.type(text, { delay: 0 });
}

/**
 * Picks the option below the current one in the focused native select (`trigger` names it) with
 * ArrowDown, as a keyboard user does on a closed select, and checks focus stayed on it.
 */
export async function chooseNextOption(page: Page, trigger: RegExp): Promise<void> {
  const before = await page.evaluate(() => (document.activeElement as HTMLSelectElement | null)?.value);
  await page.keyboard.press('ArrowDown');
  await expect.poll(() => page.evaluate(() => (document.activeElement as HTMLSelectElement | null)?.value)).not.toBe(before);
  await expect.poll(async () => (await focused(page)).name).toMatch(trigger);
}
