import { describe, expect, inject, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { DESKTOP, PHONE, screenshot } from './lib/browser.ts';
import { useBrowser } from './lib/browser-session.ts';
import { apiCall } from './lib/api.ts';
import { uniqueUsername } from '@wfm/service-kit/testing-names';

/**
 * The catalog pages in Chromium against the single-node site: tools (submit, vote, export),
 * templates (link and file, download), polls (create, vote, live tallies in a second browser, My
 * Polls, Results & Insights, Benchmarks, a closed poll) and the admin polls and tools tabs.
 */
const site = inject('siteUrl');
const admin = inject('admin');
const unique = (prefix: string) => `${prefix}${randomBytes(4).toString('hex')}`;
const call = <T>(method: string, path: string, body?: unknown, token?: string) => apiCall<T>(site, method, path, body, token);

async function registered(): Promise<{ token: string; username: string }> {
  const username = uniqueUsername('cat_');
  const { anon_token } = await call<{ anon_token: string }>('POST', '/api/session');
  await call('POST', '/api/user-profile', { username }, anon_token);
  return { token: anon_token, username };
}

const session = useBrowser({ screenshotPrefix: 'failed-catalog' });

/** A page of a returning visitor (token stored, username set: no welcome modal). */
async function visitorPage(viewport = DESKTOP, who?: { token: string; username: string }) {
  const visitor = who ?? (await registered());
  const context = await session.context(viewport);
  await context.addInitScript((token) => localStorage.setItem('anon_token', token), visitor.token);
  const opened = session.watch(await context.newPage());
  return { page: opened, ...visitor };
}

async function staffPage(): Promise<Page> {
  const context = await session.context(DESKTOP);
  const res = await context.request.post(`${site}/api/admin/login`, { data: admin });
  expect(res.status()).toBe(200);
  return session.watch(await context.newPage());
}

const toast = (page: Page) => page.getByRole('region', { name: 'Notifications (F8)' }).getByRole('listitem');
/** A modal dialog hides the rest of the page (toasts too) from the accessibility tree; its own message line says the same. */
const dialogProblem = (page: Page) => page.getByRole('dialog').getByTestId('template-form-problem');
const LONG = 120_000;

async function choose(page: Page, scope: ReturnType<Page['getByRole']> | Page, combobox: string, option: string) {
  await scope.getByRole('combobox', { name: combobox }).selectOption({ label: option });
}

describe('tools', () => {
  it('submits a tool, votes once, and exports the directory as CSV', async () => {
    const { page } = await visitorPage();
    const name = unique('=Forecast ');
    await page.goto(`${site}/tools`);
    await page.getByRole('tab', { name: 'Tool Directory', selected: true }).waitFor();
    await page.getByRole('button', { name: /^(Submit Tool|Add First Tool)$/ }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Submit Tool' });
    await dialog.getByRole('button', { name: 'Submit Tool' }).click();
    await dialog.getByText('Name is required').waitFor();
    await dialog.getByLabel('Tool Name').fill(name);
    await choose(page, dialog, 'Category', 'Intraday');
    await dialog.getByLabel('URL').fill('https://intraday.example.com');
    await dialog.getByLabel('Short Description').fill('Moves breaks when volume spikes.');
    await screenshot(page, 'catalog-submit-tool-desktop');
    await dialog.getByRole('button', { name: 'Submit Tool' }).click();
    await expect.poll(() => toast(page).textContent()).toContain('Tool submitted!');

    const card = page.getByTestId('tool-card').filter({ hasText: name });
    await card.waitFor();
    await card.getByRole('button', { name: new RegExp(`^Vote for`) }).click();
    await expect.poll(() => toast(page).textContent()).toContain('Vote recorded!');
    await expect.poll(() => card.getByTestId('tool-votes').textContent()).toBe('1');
    await card.getByRole('button', { name: /^Vote for/ }).click();
    await expect.poll(() => toast(page).textContent()).toContain('Failed to vote');
    await page.reload();
    await expect.poll(() => page.getByTestId('tool-card').filter({ hasText: name }).getByTestId('tool-votes').textContent()).toBe('1');
    await screenshot(page, 'catalog-tools-desktop');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    expect(download.suggestedFilename()).toBe('wfm-tools.csv');
    const csv = await readFile((await download.path())!, 'utf8');
    expect(csv.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe('Name,Category,URL,Description,Votes,Submitted By');
    // The name starts with "=": the export keeps it as text.
    expect(csv).toContain(`'${name},Intraday,https://intraday.example.com,Moves breaks when volume spikes.,1,`);
  }, LONG);

  it('searches (debounced) and shows the directory on a phone', async () => {
    const { page } = await visitorPage(PHONE);
    const { token } = await registered();
    const name = unique('Shrinkage Tracker ');
    await call('POST', '/api/tools', { name, category: 'Analytics/BI', url: 'https://shrink.example.com', short_desc: 'Tracks planned and unplanned shrinkage.', submitted_by: 'e2e' }, token);
    await page.goto(`${site}/tools`);
    await page.getByRole('searchbox', { name: 'Search tools...' }).fill(name.split(' ').at(-1)!);
    await page.getByTestId('tool-card').filter({ hasText: name }).waitFor();
    await expect.poll(() => page.getByTestId('tool-card').count()).toBe(1);
    await screenshot(page, 'catalog-tools-phone');
  });
});

describe('templates', () => {
  it('adds a link template and a file template, and downloads the file', async () => {
    const { page } = await visitorPage();
    const linkName = unique('Capacity link ');
    const fileName = unique('Shrinkage sheet ');
    await page.goto(`${site}/templates`);
    await page.getByRole('tab', { name: 'Template Library', selected: true }).waitFor();

    const open = () => page.getByRole('button', { name: /^(Add Template|Add First Template)$/ }).first().click();
    await open();
    let dialog = page.getByRole('dialog', { name: 'Add Template' });
    await dialog.getByRole('button', { name: 'Add Template' }).click();
    await expect.poll(() => dialogProblem(page).textContent()).toContain('Missing information');
    await dialog.getByLabel('Template Name').fill(linkName);
    await choose(page, dialog, 'Category', 'Capacity Planning');
    await dialog.getByLabel('Description').fill('A one-sheet capacity plan.');
    await dialog.getByRole('button', { name: 'Add Template' }).click();
    await expect.poll(() => dialogProblem(page).textContent()).toContain('URL required');
    await dialog.getByLabel('Template URL').fill('https://sheets.example.com/capacity');
    await dialog.getByRole('button', { name: 'Add Template' }).click();
    await expect.poll(() => toast(page).textContent()).toContain('Template created!');
    await page.getByTestId('template-card').filter({ hasText: linkName }).getByRole('link', { name: `View ${linkName}` }).waitFor();

    await open();
    dialog = page.getByRole('dialog', { name: 'Add Template' });
    await dialog.getByLabel('Template Name').fill(fileName);
    await choose(page, dialog, 'Category', 'Shrinkage Analysis');
    await dialog.getByLabel('Description').fill('Planned and unplanned shrinkage by week.');
    await dialog.getByText('File Upload').click();
    await dialog.getByRole('button', { name: 'Add Template' }).click();
    await expect.poll(() => dialogProblem(page).textContent()).toContain('File required');
    await dialog.getByLabel('Template File').setInputFiles({
      name: 'shrinkage.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('week,planned,unplanned\n1,12.5,4.1\n2,11.9,5.0\n'),
    });
    await screenshot(page, 'catalog-add-template-desktop');
    await dialog.getByRole('button', { name: 'Add Template' }).click();
    await expect.poll(() => toast(page).textContent()).toContain('Template created!');

    const card = page.getByTestId('template-card').filter({ hasText: fileName });
    await card.waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      card.getByRole('button', { name: `Download ${fileName}` }).click(),
    ]);
    expect(await readFile((await download.path())!, 'utf8')).toContain('week,planned,unplanned');
    await expect.poll(() => toast(page).textContent()).toContain(`${fileName} has been downloaded.`);
    await expect.poll(() => card.getByTestId('template-downloads').textContent()).toBe('1 download');
    await screenshot(page, 'catalog-templates-desktop');
  }, LONG);

  it('shows a template with neither URL nor file (and a category outside the dialog\'s ten) with Download disabled', async () => {
    const { token } = await registered();
    const name = unique('Bare template ');
    const category = unique('Workforce recipes ');
    await call('POST', '/api/templates', { name, category, short_desc: 'Added through the API without a link or file.', submitted_by: 'api_user' }, token);
    for (const viewport of [DESKTOP, PHONE]) {
      const { page } = await visitorPage(viewport);
      await page.goto(`${site}/templates`);
      await page.getByRole('tab', { name: 'Template Library', selected: true }).waitFor();
      const searched = page.waitForResponse((res) => res.url().includes('/api/templates?') && res.url().includes('q='));
      await page.getByPlaceholder('Search templates...').fill(name);
      // The debounced search's answer, then its one card (not the skeletons in between).
      await searched;
      await page.getByRole('status', { name: 'Loading templates' }).waitFor({ state: 'detached' });
      await expect.poll(() => page.getByTestId('template-card').count()).toBe(1);
      const card = page.getByTestId('template-card').filter({ hasText: name });
      await card.waitFor();
      expect(await card.getByRole('button', { name: `Download ${name}` }).isDisabled()).toBe(true);
      expect(await card.getByRole('link').count()).toBe(0);
      await card.getByText(category).waitFor();
      await card.getByText('No link or file attached').waitFor();
      await screenshot(page, `catalog-template-nothing-${viewport === PHONE ? 'phone' : 'desktop'}`);
    }
  }, LONG);
});

describe('polls', () => {
  it('creates a poll, votes, and a second browser sees the tally move live', async () => {
    const { page } = await visitorPage();
    const title = unique('Which forecasting method ');
    await page.goto(`${site}/polls`);
    await page.getByRole('button', { name: 'Create Poll' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Create Poll' });
    await dialog.getByLabel('Question').fill(title);
    await dialog.getByLabel('Description').fill('Pick the one your team relies on.');
    await choose(page, dialog, 'Category', 'Scheduling');
    await dialog.getByRole('button', { name: 'Add Option' }).click();
    await dialog.getByRole('textbox', { name: 'Option 1' }).fill('Erlang C');
    await dialog.getByRole('textbox', { name: 'Option 2' }).fill('Simulation');
    // Option 3 stays blank and is dropped.
    await screenshot(page, 'catalog-create-poll-desktop');
    await dialog.getByRole('button', { name: 'Create Poll' }).click();
    await expect.poll(() => toast(page).textContent()).toContain('Poll created!');
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    const id = Number(new URL(page.url()).pathname.split('/').at(-1));
    expect(id).toBeGreaterThan(0);
    await expect.poll(() => page.getByTestId('poll-option').count()).toBe(2);

    // A second visitor watches the same poll.
    const watcher = await visitorPage(PHONE);
    await watcher.page.goto(`${site}/polls/${id}`);
    await watcher.page.getByRole('heading', { level: 1, name: title }).waitFor();
    await expect.poll(() => watcher.page.getByTestId('poll-total-votes').textContent()).toBe('0');

    await page.getByRole('button', { name: /^Simulation/ }).click();
    await expect.poll(() => toast(page).textContent()).toContain('Vote recorded!');
    await expect.poll(() => page.getByRole('button', { name: /^Simulation, your vote: / }).getAttribute('aria-pressed')).toBe('true');
    expect(await page.getByRole('button', { name: /^Erlang C/ }).isDisabled()).toBe(true);
    await screenshot(page, 'catalog-poll-voted-desktop');

    // No reload: the tally arrives over the websocket.
    await expect.poll(() => watcher.page.getByTestId('poll-total-votes').textContent()).toBe('1');
    await expect.poll(() => watcher.page.getByRole('button', { name: /^Simulation: 100%/ }).count()).toBe(1);
    await screenshot(watcher.page, 'catalog-poll-live-phone');

    // A reload keeps the choice and the read-only state.
    await page.reload();
    await expect.poll(() => page.getByRole('button', { name: /^Simulation, your vote: / }).isDisabled()).toBe(true);
  }, LONG);

  it('lists My Polls, Results & Insights and the Benchmarks', async () => {
    const me = await registered();
    const title = unique('Shrinkage target ');
    await call('POST', '/api/polls', { title, description: 'Where do you plan shrinkage?', category: 'metrics', options: ['Under 30%', '30-35%', 'Over 35%', 'We do not plan it'], created_by: me.username }, me.token);
    const { page } = await visitorPage(DESKTOP, me);
    await page.goto(`${site}/polls`);
    const card = page.getByTestId('poll-card').filter({ hasText: title });
    await card.waitFor();
    await expect.poll(() => card.textContent()).toContain('+1 more option');
    await screenshot(page, 'catalog-polls-desktop');

    await page.getByRole('tab', { name: 'My Polls' }).click();
    await page.getByRole('tabpanel').getByTestId('poll-card').filter({ hasText: title }).waitFor();

    await page.getByRole('tab', { name: 'Results & Insights' }).click();
    await page.getByTestId('poll-results').waitFor();
    await page.getByTestId('results-chart').first().locator('svg').first().waitFor();
    await screenshot(page, 'catalog-results-desktop');

    await page.getByRole('tab', { name: 'Benchmarks' }).click();
    await expect.poll(() => page.getByTestId('benchmark').count()).toBe(8);
    await expect.poll(() => page.getByTestId('benchmark').first().textContent()).toContain('85-95%');
    await screenshot(page, 'catalog-benchmarks-desktop');
  });

  it('shows a poll past its close date as Closed with final results, and refuses votes', async () => {
    const me = await registered();
    const title = unique('Closing soon ');
    const poll = await call<{ id: number }>(
      'POST',
      '/api/polls',
      { title, description: 'Closes in a moment.', category: 'general', options: ['Yes', 'No'], created_by: me.username, expires_at: Date.now() + 2_500 },
      me.token,
    );
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const { page, token } = await visitorPage(PHONE);
    await page.goto(`${site}/polls/${poll.id}`);
    await page.getByTestId('poll-closed-note').waitFor();
    await expect.poll(() => page.getByTestId('poll-status').textContent()).toBe('Closed');
    expect(await page.getByRole('button', { name: /^Yes/ }).isDisabled()).toBe(true);
    await screenshot(page, 'catalog-poll-closed-phone');
    const detail = await call<{ options: { id: number }[] }>('GET', `/api/polls/${poll.id}`);
    const refused = await fetch(`${site}/api/polls/${poll.id}/vote`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-anon-token': token },
      body: JSON.stringify({ option_id: detail.options[0]!.id }),
    });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.status).toBeLessThan(500);

    await page.goto(`${site}/polls`);
    await page.getByTestId('poll-card').first().waitFor();
    await screenshot(page, 'catalog-polls-phone');
  });
});

describe('admin polls and tools tabs', () => {
  it('deletes a poll and a tool after confirmations that name them', async () => {
    const me = await registered();
    const pollTitle = unique('Poll to delete ');
    const toolName = unique('Tool to delete ');
    const poll = await call<{ id: number }>('POST', '/api/polls', { title: pollTitle, description: 'Goes away.', category: 'general', options: ['A', 'B'], created_by: me.username }, me.token);
    await call('POST', '/api/tools', { name: toolName, category: 'Scripting', url: 'https://gone.example.com', short_desc: 'Goes away.', submitted_by: me.username }, me.token);

    const page = await staffPage();
    await page.goto(`${site}/admin?tab=polls`);
    await page.getByRole('button', { name: `Delete “${pollTitle}”` }).click();
    let confirm = page.getByRole('alertdialog', { name: 'Delete poll?' });
    await expect.poll(() => confirm.textContent()).toContain(pollTitle);
    expect(await confirm.textContent()).toContain('This action cannot be undone.');
    await screenshot(page, 'catalog-admin-delete-poll-desktop');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => toast(page).textContent()).toContain('Poll deleted');
    expect((await fetch(`${site}/api/polls/${poll.id}`)).status).toBe(404);

    await page.goto(`${site}/admin?tab=tools`);
    await page.getByRole('button', { name: `Delete “${toolName}”` }).click();
    confirm = page.getByRole('alertdialog', { name: 'Delete tool?' });
    await expect.poll(() => confirm.textContent()).toContain(toolName);
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => toast(page).textContent()).toContain('Tool deleted');
    await expect.poll(() => page.getByText(toolName).count()).toBe(0);
    await screenshot(page, 'catalog-admin-tools-desktop');
    const tools = await call<{ name: string }[]>('GET', `/api/tools?q=${encodeURIComponent(toolName)}`);
    expect(tools.map((t) => t.name)).not.toContain(toolName);
  });
});
