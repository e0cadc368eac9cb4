import { beforeEach, describe, expect, inject, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { DESKTOP, PHONE, screenshot } from './lib/browser.ts';
import { useBrowser } from './lib/browser-session.ts';
import { apiCall } from './lib/api.ts';
import { uniqueUsername } from '@wfm/service-kit/testing-names';

const site = inject('siteUrl');

/** A visitor with a username and accepted terms, so /new opens straight on the form. */
async function returningVisitor(ctx: BrowserContext) {
  const { anon_token } = await apiCall<{ anon_token: string }>(site, 'POST', '/api/session');
  await apiCall(site, 'POST', '/api/user-profile', { username: uniqueUsername('calc_') }, anon_token);
  await ctx.addInitScript((t) => {
    localStorage.setItem('anon_token', t);
    localStorage.setItem('terms_accepted', 'true');
  }, anon_token);
}

const session = useBrowser();
let context: BrowserContext;
let page: Page;

beforeEach(async () => {
  ({ context, page } = await session.open(DESKTOP));
});

const toast = () => page.getByRole('region', { name: 'Notifications (F8)' }).getByRole('listitem');

async function usePhone() {
  await context.close();
  ({ context, page } = await session.open(PHONE));
}

describe('quick calculators', () => {
  it('each tab refuses bad input with its message and computes good input', async () => {
    await returningVisitor(context);
    await page.goto(`${site}/calculators`);
    await page.getByRole('heading', { name: 'Quick Calculators' }).waitFor();
    expect(await page.getByRole('tab', { name: 'Shrinkage' }).getAttribute('aria-selected')).toBe('true');

    await page.getByRole('button', { name: 'Calculate Shrinkage' }).click();
    await expect.poll(() => toast().textContent()).toContain('Invalid input');
    expect(await toast().textContent()).toContain('Please enter valid positive numbers for both fields.');
    await page.getByLabel('Total scheduled hours').fill('160');
    await page.getByLabel('Productive (worked) hours').fill('128');
    await page.getByRole('button', { name: 'Calculate Shrinkage' }).click();
    await expect.poll(() => toast().textContent()).toContain('Shrinkage calculated!');
    expect(await page.getByText('20.00%').first().isVisible()).toBe(true);
    await screenshot(page, 'calculators-shrinkage-desktop');

    await page.getByRole('tab', { name: 'Staffing' }).click();
    await page.getByRole('button', { name: 'Calculate Staffing' }).click();
    await expect.poll(() => toast().textContent()).toContain('Please enter valid positive numbers for call volume and handle time.');
    await page.getByLabel('Daily call volume').fill('1600');
    await page.getByLabel('Average handle time (seconds)').fill('180');
    await page.getByRole('button', { name: 'Calculate Staffing' }).click();
    await expect.poll(() => toast().textContent()).toContain('Staffing calculated!');
    expect(await page.getByTestId('staffing-assumptions').textContent()).toContain('16 intervals of 30 minutes per day');
    expect(await page.getByTestId('erlang-a').textContent()).toMatch(/Erlang C over-staffs by \d+ agents?|agree/);
    await screenshot(page, 'calculators-staffing-desktop');

    await page.getByRole('tab', { name: 'Attrition' }).click();
    await page.getByRole('button', { name: 'Calculate Attrition' }).click();
    await expect.poll(() => toast().textContent()).toContain('Invalid input');
    await page.getByLabel('Average headcount').fill('100');
    await page.getByLabel('Leavers in the period').fill('2');
    await page.getByRole('button', { name: 'Calculate Attrition' }).click();
    await expect.poll(() => toast().textContent()).toContain('Attrition calculated!');
    expect(await page.getByTestId('where-you-stand').filter({ visible: true }).textContent()).toContain('within the benchmark range of 15-25%');

    await page.getByRole('tab', { name: 'Cost' }).click();
    await page.getByRole('button', { name: 'Calculate Cost' }).click();
    await expect.poll(() => toast().textContent()).toContain('Please enter valid positive numbers for salary and agent count.');
    await page.getByLabel('Annual salary per agent ($)').fill('40000');
    await page.getByLabel('Number of agents').fill('10');
    await page.getByRole('button', { name: 'Calculate Cost' }).click();
    await page.getByText('$575,000.00', { exact: true }).first().waitFor();
  });

  it('staffing: occupancy cap, reverse mode, chat concurrency and the sensitivity table show the right figures', async () => {
    await returningVisitor(context);
    await page.goto(`${site}/calculators?tab=staffing`);
    // 0 hours open is refused with a message that names what the check does (issue 23 item 7).
    await page.getByLabel('Daily call volume').fill('1600');
    await page.getByLabel('Average handle time (seconds)').fill('180');
    await page.getByLabel('Hours open per day').fill('0');
    await page.getByRole('button', { name: 'Calculate Staffing' }).click();
    await expect.poll(() => toast().textContent()).toContain('Hours open must be more than 0 and at most 24.');
    await page.getByLabel('Hours open per day').fill('8');
    await page.getByLabel('Average patience (seconds)').fill('');

    // A 70 % occupancy cap lifts Erlang C's 14 agents to 15 (10 Erlangs / 0.7 = 14.3).
    await page.getByLabel('Maximum occupancy (%)').fill('70');
    await page.getByRole('button', { name: 'Calculate Staffing' }).click();
    const figures = page.getByTestId('staffing-figures');
    await expect.poll(() => figures.textContent()).toContain('Required agents15Raised from 14 by the 70% occupancy cap');
    expect(await figures.textContent()).toContain('Occupancy66.7%');
    expect(await figures.textContent()).toContain('Average speed of answer3.7 s');
    expect(await figures.textContent()).toContain('Answered immediately89.8%');
    const table = page.getByRole('region', { name: 'One agent more or fewer' });
    const rows = table.getByRole('row');
    expect(await rows.count()).toBe(10);
    expect(await rows.nth(1).textContent()).toBe('1264.0%40.4 s83.3%');
    expect(await table.locator('tr[aria-current="true"]').textContent()).toBe('▸ 15(required)94.1%3.7 s66.7%');
    await screenshot(page, 'calculators-staffing-cap-desktop');

    // Reverse mode: 13 agents answer 79.6 % in 20 s, ASA 17.1 s; the table centres on them.
    await page.getByLabel('Calculate', { exact: true }).selectOption({ label: 'Service from given agents' });
    await page.getByLabel('Agents available').fill('13');
    await page.getByLabel('Maximum occupancy (%)').fill('');
    await page.getByRole('button', { name: 'Calculate Staffing' }).click();
    await expect.poll(() => toast().last().textContent()).toContain('13 agents answer 79.6% within 20 seconds.');
    await expect.poll(() => figures.textContent()).toContain('Agents13');
    expect(await figures.textContent()).toContain('Achieved service level79.6%');
    expect(await figures.textContent()).toContain('Average speed of answer17.1 s');
    expect(await figures.textContent()).toContain('Target metNo');
    expect(await table.locator('tr[aria-current="true"]').textContent()).toBe('▸ 13(given)79.6%17.1 s76.9%');
    // 10 agents for 10 Erlangs: the queue never clears.
    expect(await rows.nth(1).textContent()).toBe('100.0%∞100.0%');
    await page.getByLabel('Agents available').scrollIntoViewIfNeeded();
    await screenshot(page, 'calculators-staffing-reverse-desktop');

    // Chat: 3,200 chats a day of 600 s, three at a time: 66.7 Erlangs of chat in 3-slot agents.
    await page.getByLabel('Calculate', { exact: true }).selectOption({ label: 'Agents for the target' });
    await page.getByLabel('Daily call volume').fill('3200');
    await page.getByLabel('Average handle time (seconds)').fill('600');
    await page.getByLabel('Chats per agent at once').fill('3');
    await page.getByRole('button', { name: 'Calculate Staffing' }).click();
    await expect.poll(() => page.getByTestId('staffing-assumptions').textContent()).toContain('Each agent handles up to 3 chats at once, so 25 agents are 75 chat slots.');
    expect(await figures.textContent()).toContain('Required agents25');
    expect(await figures.textContent()).toContain('Occupancy88.9%Share of chat slots busy');
    expect(await table.locator('tr[aria-current="true"]').textContent()).toBe('▸ 25(required)82.4%16.7 s88.9%');
    await table.scrollIntoViewIfNeeded();
    await screenshot(page, 'calculators-staffing-chat-desktop');

    // The share link carries the new fields and reopens the same figures.
    const href = await page.getByRole('link', { name: 'Share to community' }).filter({ visible: true }).getAttribute('href');
    const body = new URL(href!, site).searchParams.get('body')!;
    expect(body).toContain('"concurrency":3');
    await page.goto(`${site}/calculators?tab=staffing&dailyVolume=3200&ahtSeconds=600&concurrency=3&patience=`);
    await expect.poll(() => page.getByTestId('staffing-figures').textContent()).toContain('Required agents25');
  });

  it('the day planner takes a CSV, names a bad line, charts the plan and downloads it', async () => {
    await returningVisitor(context);
    await page.goto(`${site}/calculators?tab=staffing`);
    const csv = page.getByLabel('Interval volumes (CSV)');
    await csv.fill('interval_start,calls\n08:00,100\n08:30,lots');
    await page.getByRole('button', { name: 'Plan the day' }).click();
    await expect.poll(() => toast().textContent()).toContain('Line 3: calls "lots" must be a number of 0 or more.');
    await page.getByRole('button', { name: 'Use a sample day' }).click();
    await page.getByRole('button', { name: 'Plan the day' }).click();
    const plan = page.getByTestId('day-plan');
    await plan.waitFor();
    expect(await plan.getByRole('row').count()).toBe(49);
    await plan.locator('svg.recharts-surface').first().waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
    expect(download.suggestedFilename()).toBe('staffing-plan.csv');
    await plan.scrollIntoViewIfNeeded();
    await screenshot(page, 'calculators-day-planner-desktop');
  });

  it('a shared calculation becomes a card in a post that reopens the calculator', async () => {
    await returningVisitor(context);
    await page.goto(`${site}/calculators?tab=staffing`);
    await page.getByLabel('Daily call volume').fill('1600');
    await page.getByLabel('Average handle time (seconds)').fill('180');
    await page.getByRole('button', { name: 'Calculate Staffing' }).click();
    await page.getByRole('link', { name: 'Share to community' }).filter({ visible: true }).click();
    await page.waitForURL(/\/new\?/);
    expect(await page.getByLabel('Title', { exact: true }).inputValue()).toContain('Staffing calculation: ');
    await page.getByRole('button', { name: 'Publish' }).click();
    await page.waitForURL(/\/post\/\d+$/);
    const card = page.getByTestId('calculation-card');
    await card.waitFor();
    expect(await card.textContent()).toContain('Required agents14');
    await screenshot(page, 'calculation-card-desktop');
    await card.getByRole('link', { name: 'Open in calculator' }).click();
    await page.waitForURL(/\/calculators\?tab=staffing/);
    expect(await page.getByLabel('Daily call volume').inputValue()).toBe('1600');
    expect(await page.getByLabel('Average handle time (seconds)').inputValue()).toBe('180');
    await page.getByTestId('staffing-assumptions').waitFor();
  });

  it('works at phone width', async () => {
    await usePhone();
    await returningVisitor(context);
    await page.goto(`${site}/calculators?tab=staffing&dailyVolume=1600&ahtSeconds=180`);
    await page.getByTestId('staffing-assumptions').waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, 'calculators-staffing-phone');
    await page.goto(`${site}/calculators`);
    await page.getByLabel('Total scheduled hours').fill('100');
    await page.getByLabel('Productive (worked) hours').fill('70');
    await page.getByRole('button', { name: 'Calculate Shrinkage' }).click();
    await page.getByText('Needs Attention').waitFor();
    await screenshot(page, 'calculators-shrinkage-phone');
  });

  it('the staffing results and the sensitivity table fit a 390 px phone; the table box takes keyboard focus', async () => {
    await context.close();
    ({ context, page } = await session.open({ width: 390, height: 844 }));
    await returningVisitor(context);
    await page.goto(`${site}/calculators?tab=staffing&dailyVolume=3200&ahtSeconds=600&concurrency=3&maxOccupancy=85&patience=300`);
    const table = page.getByRole('region', { name: 'One agent more or fewer' });
    await table.waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const box = await table.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    // All four columns fit: the box has nothing to scroll at this width.
    expect(await table.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    await page.getByTestId('staffing-figures').scrollIntoViewIfNeeded();
    await screenshot(page, 'calculators-staffing-figures-390');
    await table.scrollIntoViewIfNeeded();
    await screenshot(page, 'calculators-staffing-sensitivity-390');
    // The table's box takes keyboard focus, so it can be scrolled without a mouse.
    await table.focus();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('region');
  });
});

describe('scenario simulator', () => {
  it('sliders, a preset, the 2 s simulating state, risks and Reset', async () => {
    await returningVisitor(context);
    await page.goto(`${site}/simulator`);
    await page.getByRole('heading', { name: 'Scenario Simulator' }).waitFor();
    await page.getByRole('button', { name: 'New Product Launch' }).click();
    expect(await page.getByTestId('volumeChange-value').textContent()).toBe('+60%');
    const run = page.getByRole('button', { name: 'Run Simulation' });
    await run.click();
    const busy = page.getByRole('button', { name: 'Simulating...' });
    expect(await busy.isDisabled()).toBe(true);
    await page.getByTestId('no-risks').waitFor({ timeout: 10_000 });
    // Keyboard: the staff slider moves by its 5 % step.
    const staff = page.getByLabel('Staff change');
    await staff.focus();
    for (let i = 0; i < 8; i += 1) await page.keyboard.press('ArrowLeft');
    expect(await page.getByTestId('staffChange-value').textContent()).toBe('-40%');
    await page.getByLabel('Call volume change').fill('100');
    await page.getByLabel('Handle time change').fill('50');
    await page.getByRole('button', { name: 'Run Simulation' }).click();
    const risks = page.getByTestId('risks');
    await risks.waitFor({ timeout: 10_000 });
    expect(await risks.getByRole('listitem').count()).toBe(3);
    await page.getByText('How this is calculated').click();
    await screenshot(page, 'simulator-risks-desktop');
    await page.getByRole('button', { name: 'Reset' }).click();
    expect(await page.getByTestId('volumeChange-value').textContent()).toBe('0%');
    expect(await risks.count()).toBe(0);
  });

  it('works at phone width', async () => {
    await usePhone();
    await returningVisitor(context);
    await page.goto(`${site}/simulator?volumeChange=40&ahtChange=10&staffChange=0&targetSl=80`);
    await page.getByTestId('no-risks').waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, 'simulator-phone');
  });
});
