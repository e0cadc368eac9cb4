import { randomBytes } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import type { A11ySeed } from './a11y-seed.ts';

/**
 * Every page view the accessibility test checks with axe-core: one row per route of the public app
 * (web/src/config/paths.ts) and per dialog, plus the admin app's pages and dialogs (every admin tab
 * is found in the panel itself, see accessibility.test.ts). Each row runs at desktop and phone width
 * in both themes, and every tab inside the page (or the open dialog) is selected in turn.
 *
 * To add a page: one row with its path (`route` = the key in web/src/config/paths.ts, so the
 * coverage check knows it is there), what marks it loaded, and for a dialog how to open it.
 */
export interface A11yView {
  name: string;
  app: 'web' | 'admin';
  /** The key of web/src/config/paths.ts this row covers (public app). */
  route?: string;
  path: (seed: A11ySeed) => string;
  /** 'new': a first visit (the welcome modal shows); 'named' (default): a visitor who chose a username; 'staff': signed in staff. */
  as?: 'new' | 'named' | 'staff';
  /** Resolves once the page's content (not its skeleton) is there. */
  ready: (page: Page) => Promise<unknown>;
  /** Opens a dialog; the check then covers the page with that dialog open. */
  open?: (page: Page, viewport: 'desktop' | 'phone') => Promise<unknown>;
  /** false: the visitor has not accepted the posting terms yet (the terms modal opens on /new). */
  termsAccepted?: boolean;
  /** Only at this width (a control that exists only there). */
  only?: 'desktop' | 'phone';
}

const heading = (page: Page, name: string | RegExp, level = 1) => page.getByRole('heading', { level, name }).first().waitFor();
/** The first of several matches that is visible (phone and desktop layouts render different copies). */
const visible = (locator: Locator) => locator.locator('visible=true').first();
const dialog = (page: Page, name: string | RegExp) => page.getByRole('dialog', { name }).waitFor();

export const A11Y_VIEWS: A11yView[] = [
  // --- public app: routes ----------------------------------------------------------------------
  { name: 'home, first visit (welcome modal)', app: 'web', route: 'home', path: () => '/', as: 'new', ready: (p) => dialog(p, 'Welcome to the community!') },
  { name: 'home', app: 'web', route: 'home', path: () => '/', ready: (p) => p.getByTestId('post-card').first().waitFor() },
  { name: 'new post', app: 'web', route: 'newPost', path: () => '/new', ready: (p) => p.getByLabel('Title').first().waitFor() },
  { name: 'post', app: 'web', route: 'post', path: (s) => `/post/${s.postId}`, ready: (p) => heading(p, /holiday peak/) },
  { name: 'tools', app: 'web', route: 'tools', path: () => '/tools', ready: (p) => heading(p, 'Tools Directory') },
  { name: 'templates', app: 'web', route: 'templates', path: () => '/templates', ready: (p) => visible(p.getByRole('button', { name: 'Add Template' })).waitFor() },
  { name: 'polls', app: 'web', route: 'polls', path: () => '/polls', ready: (p) => p.getByTestId('poll-card').first().waitFor() },
  { name: 'poll', app: 'web', route: 'poll', path: (s) => `/polls/${s.pollId}`, ready: (p) => p.getByTestId('poll-option').first().waitFor() },
  { name: 'calculators', app: 'web', route: 'calculators', path: () => '/calculators', ready: (p) => heading(p, /Calculators/) },
  {
    name: 'calculators, staffing result (reverse mode, chat, sensitivity table)',
    app: 'web',
    route: 'calculators',
    path: () => '/calculators?tab=staffing&dailyVolume=3200&ahtSeconds=600&concurrency=3&maxOccupancy=85&mode=agents&agents=24',
    ready: (p) => p.getByTestId('staffing-sensitivity').waitFor(),
  },
  { name: 'simulator', app: 'web', route: 'simulator', path: () => '/simulator', ready: (p) => heading(p, /Simulator/) },
  { name: 'help', app: 'web', route: 'help', path: () => '/help', ready: (p) => heading(p, /Help/) },
  { name: 'replies to me', app: 'web', route: 'notifications', path: () => '/notifications', ready: (p) => heading(p, /Replies to me/) },
  { name: 'recovery phrase', app: 'web', route: 'recoveryPhrase', path: () => '/recovery-phrase', ready: (p) => heading(p, /Recovery phrase/) },
  { name: 'your data', app: 'web', route: 'yourData', path: () => '/your-data', ready: (p) => heading(p, /Your data/) },
  { name: 'AMA sessions', app: 'web', route: 'ama', path: () => '/ama', ready: (p) => p.getByText('Holiday peak staffing AMA').first().waitFor() },
  { name: 'AMA session', app: 'web', route: 'amaSession', path: (s) => `/ama/${s.sessionId}`, ready: (p) => heading(p, 'Holiday peak staffing AMA') },
  { name: 'jobs', app: 'web', route: 'jobs', path: () => '/jobs', ready: (p) => p.getByText('Acme Contact Centres').first().waitFor() },
  // A path with no route answers 404; the app draws its not-found page (Lighthouse does not audit a 404).
  { name: 'not found', app: 'web', path: () => '/no-such-page', ready: (p) => heading(p, '404 Page Not Found') },
  { name: 'not found', app: 'web', path: () => '/no-such-page', ready: (p) => heading(p, '404 Page Not Found') },

  // --- public app: dialogs ---------------------------------------------------------------------
  {
    name: 'suggest a feature (header)',
    app: 'web',
    path: () => '/',
    only: 'desktop',
    ready: (p) => p.getByTestId('post-card').first().waitFor(),
    open: async (p) => {
      await p.getByRole('banner').getByRole('button', { name: 'Suggest Feature' }).click();
      await dialog(p, 'Suggest a Feature');
    },
  },
  {
    name: 'username and device menu (header)',
    app: 'web',
    path: () => '/',
    ready: (p) => p.getByTestId('post-card').first().waitFor(),
    open: async (p) => {
      await p.getByRole('banner').getByRole('button', { name: 'Username and device' }).click();
      await p.getByRole('button', { name: 'Forget this device' }).waitFor();
    },
  },
  {
    name: 'forget this device',
    app: 'web',
    path: () => '/',
    ready: (p) => p.getByTestId('post-card').first().waitFor(),
    open: async (p) => {
      await p.getByRole('banner').getByRole('button', { name: 'Username and device' }).click();
      await p.getByRole('button', { name: 'Forget this device' }).click();
      await p.getByRole('dialog', { name: 'Forget this device?' }).getByRole('button', { name: /recovery phrase/ }).waitFor();
    },
  },
  {
    name: 'suggest a feature (sidebar or bottom bar)',
    app: 'web',
    path: () => '/',
    ready: (p) => p.getByTestId('post-card').first().waitFor(),
    open: async (p, viewport) => {
      const where = viewport === 'phone' ? p.getByRole('navigation', { name: 'Mobile navigation' }) : p.getByRole('complementary', { name: 'Sidebar' });
      await visible(where.getByRole('button', { name: /Suggest/ })).click();
      await dialog(p, 'Suggest a Feature');
    },
  },
  {
    name: 'new post, terms',
    app: 'web',
    path: () => '/new',
    termsAccepted: false,
    ready: (p) => dialog(p, 'Community Terms and Guidelines'),
  },
  {
    name: 'report a post',
    app: 'web',
    path: (s) => `/post/${s.postId}`,
    ready: (p) => heading(p, /holiday peak/),
    open: async (p) => {
      await visible(p.getByRole('button', { name: 'Report' })).click();
      await dialog(p, 'Report Post');
    },
  },
  {
    name: 'submit a tool',
    app: 'web',
    path: () => '/tools',
    ready: (p) => heading(p, 'Tools Directory'),
    open: async (p) => {
      await visible(p.getByRole('button', { name: 'Submit Tool' })).click();
      await dialog(p, 'Submit Tool');
    },
  },
  {
    name: 'add a template',
    app: 'web',
    path: () => '/templates',
    ready: (p) => visible(p.getByRole('button', { name: 'Add Template' })).waitFor(),
    open: async (p) => {
      await visible(p.getByRole('button', { name: 'Add Template' })).click();
      await dialog(p, 'Add Template');
    },
  },
  {
    name: 'create a poll',
    app: 'web',
    path: () => '/polls',
    ready: (p) => p.getByTestId('poll-card').first().waitFor(),
    open: async (p) => {
      await visible(p.getByRole('button', { name: 'Create Poll' })).click();
      await dialog(p, 'Create Poll');
    },
  },
  {
    name: 'check booking status',
    app: 'web',
    path: () => '/ama',
    ready: (p) => p.getByText('Holiday peak staffing AMA').first().waitFor(),
    open: async (p) => {
      await visible(p.getByRole('button', { name: /Check Booking Status/ })).click();
      await dialog(p, 'Check Booking Status');
    },
  },
  {
    name: 'book a seat',
    app: 'web',
    path: (s) => `/ama/${s.sessionId}`,
    ready: (p) => heading(p, 'Holiday peak staffing AMA'),
    open: async (p) => {
      await visible(p.getByRole('button', { name: 'Book This Session' })).click();
      await dialog(p, 'Book Your Seat');
    },
  },
  {
    name: 'booking created',
    app: 'web',
    path: (s) => `/ama/${s.sessionId}`,
    ready: (p) => heading(p, 'Holiday peak staffing AMA'),
    open: async (p) => {
      await visible(p.getByRole('button', { name: 'Book This Session' })).click();
      const form = p.getByRole('dialog', { name: 'Book Your Seat' });
      await form.getByLabel('Full Name').fill('Sam Analyst');
      // A mailbox of its own each time: one active booking per email and session (issue 25).
      await form.getByLabel('Email Address').fill(`sam.${randomBytes(4).toString('hex')}@example.com`);
      await form.getByLabel('Phone Number').fill('0917 555 0101');
      await form.getByRole('combobox', { name: 'Payment Method' }).selectOption({ index: 1 });
      await form.getByRole('button', { name: 'Create Booking' }).click();
      await dialog(p, 'Booking Created');
    },
  },
  {
    name: 'join the waitlist',
    app: 'web',
    path: (s) => `/ama/${s.fullSessionId}`,
    ready: (p) => heading(p, 'Erlang C office hours'),
    open: async (p) => {
      await visible(p.getByRole('button', { name: 'Join Waitlist' })).click();
      await dialog(p, 'Join the Waitlist');
    },
  },
  {
    name: 'post a job',
    app: 'web',
    path: () => '/jobs',
    ready: (p) => p.getByText('Acme Contact Centres').first().waitFor(),
    open: async (p) => {
      await visible(p.getByRole('button', { name: /Post a Job/i })).click();
      await p.getByRole('dialog').waitFor();
    },
  },

  // --- admin app (every tab of the panel is checked by its own test, from the panel's tab list) ----
  { name: 'admin login', app: 'admin', path: () => '/admin/login', ready: (p) => p.getByLabel('Username').waitFor() },
  { name: 'admin not found', app: 'admin', path: () => '/admin/no-such-page', as: 'staff', ready: (p) => p.getByRole('heading').first().waitFor() },
  {
    name: 'admin: your access',
    app: 'admin',
    path: () => '/admin',
    as: 'staff',
    ready: (p) => p.getByRole('tablist').first().waitFor(),
    open: async (p) => {
      await p.getByRole('button', { name: /, signed in\. What can I do\?$/ }).click();
      await dialog(p, /Your access/);
    },
  },
  {
    name: 'admin: schedule an AMA',
    app: 'admin',
    path: () => '/admin?tab=ama',
    as: 'staff',
    ready: (p) => p.getByText('Holiday peak staffing AMA').first().waitFor(),
    open: async (p) => {
      await p.getByRole('button', { name: 'Schedule AMA' }).click();
      await dialog(p, 'Schedule AMA Session');
    },
  },
  {
    name: 'admin: edit an AMA',
    app: 'admin',
    path: () => '/admin?tab=ama',
    as: 'staff',
    ready: (p) => p.getByText('Holiday peak staffing AMA').first().waitFor(),
    open: async (p) => {
      await p.getByRole('button', { name: /^Edit/ }).first().click();
      await dialog(p, 'Edit AMA Session');
    },
  },
  {
    name: 'admin: AMA questions',
    app: 'admin',
    path: () => '/admin?tab=ama',
    as: 'staff',
    ready: (p) => p.getByText('Holiday peak staffing AMA').first().waitFor(),
    open: async (p) => {
      await p.getByRole('button', { name: 'Questions of Holiday peak staffing AMA' }).first().click();
      await dialog(p, 'Questions');
    },
  },
  {
    name: 'admin: delete an AMA (confirm)',
    app: 'admin',
    path: () => '/admin?tab=ama',
    as: 'staff',
    ready: (p) => p.getByText('Holiday peak staffing AMA').first().waitFor(),
    open: async (p) => {
      await p.getByRole('button', { name: 'Delete Holiday peak staffing AMA' }).first().click();
      await p.getByRole('alertdialog').waitFor();
    },
  },
  {
    name: 'admin: edit a job',
    app: 'admin',
    path: () => '/admin?tab=jobs',
    as: 'staff',
    ready: (p) => p.getByText('Acme Contact Centres').first().waitFor(),
    open: async (p) => {
      await p.getByRole('button', { name: /^Edit/ }).first().click();
      await dialog(p, 'Edit Job Posting');
    },
  },
  {
    name: 'admin: add a staff member',
    app: 'admin',
    path: () => '/admin?tab=staff',
    as: 'staff',
    ready: (p) => p.getByRole('button', { name: 'Add Staff Member' }).waitFor(),
    open: async (p) => {
      await p.getByRole('button', { name: 'Add Staff Member' }).click();
      await dialog(p, 'Add Staff Member');
    },
  },
];
