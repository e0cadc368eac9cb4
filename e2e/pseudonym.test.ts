import { readFileSync } from 'node:fs';
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiCall, visitorAddress } from './lib/api.ts';
import { DESKTOP, PHONE, screenshot } from './lib/browser.ts';
import { useBrowser } from './lib/browser-session.ts';
import { uniqueUsername } from '@wfm/service-kit/testing-names';

const site = inject('siteUrl');
const call = <T>(method: string, path: string, body?: unknown, token?: string) => apiCall<T>(site, method, path, body, token);
// The shared generator avoids letters that spell listed words (a consonant-only name once did).
const uniqueName = (prefix = 'pn_') => uniqueUsername(prefix);
const SLOW = 180_000;

const session = useBrowser({ closeContexts: 'after-the-file' });

async function freshPage(viewport = DESKTOP): Promise<Page> {
  const context = await session.context(viewport);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site });
  return session.watch(await context.newPage());
}

const storedToken = (p: Page) => p.evaluate(() => localStorage.getItem('anon_token'));
const phraseOf = async (p: Page) =>
  (await p.getByTestId('recovery-phrase').getByRole('listitem').allInnerTexts()).map((t) => t.replace(/^\d+\.\s*/, '').trim()).join(' ');

/** What the server says about a phrase, without a browser. */
async function recoverStatus(phrase: string): Promise<number> {
  const res = await fetch(`${site}/api/session/recover`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': visitorAddress() },
    body: JSON.stringify({ phrase }),
  });
  return res.status;
}

const state = { username: '', token: '', phrase: '', postTitle: '' };

describe('portable pseudonym', () => {
  it('offers a 12-word recovery phrase after the username is picked, with copy and download', async () => {
    const page = await freshPage();
    await page.goto(site);
    const welcome = page.getByRole('dialog');
    state.username = uniqueName();
    await welcome.getByLabel('Username').fill(state.username);
    await welcome.getByText('✓ Username is available').waitFor();
    await welcome.getByRole('button', { name: 'Save' }).click();
    // The welcome modal closes on save (spec 1); a card offers the phrase.
    await expect.poll(() => welcome.isVisible()).toBe(false);
    const offer = page.getByTestId('recovery-phrase-offer');
    await offer.waitFor();
    await screenshot(page, 'recovery-offer-desktop');
    await offer.getByRole('button', { name: 'Show my recovery phrase' }).click();

    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'Save your recovery phrase' }).waitFor();
    await dialog.getByTestId('recovery-phrase').waitFor();
    state.phrase = await phraseOf(page);
    expect(state.phrase.split(' ')).toHaveLength(12);
    expect(state.phrase).toMatch(/^[a-z]+( [a-z]+){11}$/);
    await screenshot(page, 'recovery-phrase-desktop');

    await dialog.getByRole('button', { name: 'Copy' }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(state.phrase);

    const downloading = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Download' }).click();
    const file = await downloading;
    expect(file.suggestedFilename()).toBe('wfm-community-recovery-phrase.txt');
    const text = readFileSync((await file.path())!, 'utf8');
    expect(text).toContain(state.phrase);
    expect(text).toContain(`Username: ${state.username}`);

    await dialog.getByRole('button', { name: "I've saved it" }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    expect(await offer.isVisible()).toBe(false);

    state.token = (await storedToken(page))!;
    state.postTitle = `Portable ${uniqueName('')}`;
    await call('POST', '/api/posts', { type: 'Idea', title: state.postTitle, body: 'Made on device one', tags: '', author_name: state.username, tool_links: [], attachments: [], status: 'open', isAnonymous: false }, state.token);
  }, SLOW);

  it('restores the same visitor on another device with "I already have a username" (phone)', async () => {
    const page = await freshPage(PHONE);
    await page.goto(site);
    const welcome = page.getByRole('dialog');
    await welcome.getByLabel('Username').waitFor();
    const ownToken = await storedToken(page);
    await welcome.getByRole('button', { name: 'I already have a username' }).click();
    const phrase = welcome.getByLabel('Recovery phrase');

    // A wrong phrase (right words, wrong checksum or unknown) says so and keeps the modal open.
    await phrase.fill('abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon');
    await welcome.getByRole('button', { name: 'Restore my username' }).click();
    await welcome.getByRole('alert').getByText(/recovery phrase/).waitFor();
    await screenshot(page, 'recovery-restore-error-phone');

    // Typed with capitals and extra spaces, as on a phone keyboard.
    await phrase.fill(`  ${state.phrase.toUpperCase().split(' ').join('  ')} `);
    await welcome.getByText('12 of 12 words', { exact: false }).waitFor();
    await screenshot(page, 'recovery-restore-phone');
    await welcome.getByRole('button', { name: 'Restore my username' }).click();
    // (The "Welcome back" toast may be gone again on a slow machine: the stored token is the proof.)
    await expect.poll(() => storedToken(page), { timeout: 30_000 }).toBe(state.token);
    await expect.poll(() => welcome.isVisible()).toBe(false);
    expect(state.token).not.toBe(ownToken);
    await expect.poll(async () => (await page.getByTestId('posting-as').innerText()).trim()).toContain(`${state.username.slice(0, 6)}…`);

    // My Posts: the post made on the other device.
    await page.getByRole('tab', { name: /My Posts/ }).click();
    await page.getByText(state.postTitle).waitFor();
    await screenshot(page, 'recovery-restored-phone');
  }, SLOW);

  it('makes a new phrase on /recovery-phrase, which ends the old one', async () => {
    const context = await session.context(DESKTOP);
    await context.addInitScript((t) => localStorage.setItem('anon_token', t), state.token);
    const page = await context.newPage();
    session.watch(page);
    await page.goto(`${site}/recovery-phrase`);
    await page.getByRole('heading', { level: 1, name: 'Recovery phrase' }).waitFor();
    await page.getByRole('button', { name: 'Make a new recovery phrase' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText('Your current phrase will stop working at once.', { exact: false }).waitFor();
    await confirm.getByRole('button', { name: 'Make a new phrase' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'Your new recovery phrase' }).waitFor();
    await dialog.getByTestId('recovery-phrase').waitFor();
    const fresh = await phraseOf(page);
    expect(fresh).not.toBe(state.phrase);
    await screenshot(page, 'recovery-rotate-desktop');
    await dialog.getByRole('button', { name: "I've saved it" }).click();

    expect(await recoverStatus(state.phrase)).toBe(404);
    const restored = await call<{ anon_token: string; username: string }>('POST', '/api/session/recover', { phrase: fresh });
    expect(restored).toEqual({ anon_token: state.token, username: state.username });
  }, SLOW);
});
