import { describe, expect, inject, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { apiCall, visitorAddress } from './lib/api.ts';
import { DESKTOP, PHONE, screenshot } from './lib/browser.ts';
import { useBrowser } from './lib/browser-session.ts';
import { uniqueUsername } from '@wfm/service-kit/testing-names';

const site = inject('siteUrl');
const admin = inject('admin');
const unique = (prefix: string) => `${prefix}${randomBytes(4).toString('hex')}`;
const call = <T>(method: string, path: string, body?: unknown, token?: string) => apiCall<T>(site, method, path, body, token);

/** A valid solid-colour PNG: the session banner and the payment receipts. */
function solidPng(width: number, height: number, [r, g, b]: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => [r, g, b]).flat())]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
const PNG = solidPng(320, 140, [37, 99, 235]);

const seed = {
  title: unique('Forecasting peak season '),
  sessionId: 0,
  visitorName: 'Pat Planner',
  otherName: 'Rob Rejected',
  reference: '',
  question: unique('How far ahead do you forecast? '),
  other: undefined as { id: number; booking_reference: string; token: string } | undefined,
};

const session = useBrowser({ closeContexts: 'after-the-file' });
/** The visitor who books in the browser: kept open across tests so the status dialog can follow live. */
let visitorPage: Page;

/** Consonants only, so a generated name never reads as a listed word. */
// The shared generator avoids letters that spell listed words (a consonant-only name once did).
const uniqueName = (prefix = 'ama_') => uniqueUsername(prefix);

/** A visitor with a username whose browser already holds their token (no welcome modal). */
async function page(viewport = DESKTOP, { visitor = true } = {}): Promise<Page> {
  const context = await session.context(viewport);
  if (visitor) {
    const { anon_token } = await call<{ anon_token: string }>('POST', '/api/session');
    await call('POST', '/api/user-profile', { username: uniqueName() }, anon_token);
    await context.addInitScript((t) => localStorage.setItem('anon_token', t), anon_token);
  }
  return session.watch(await context.newPage());
}

async function staffPage(viewport = DESKTOP): Promise<Page> {
  const p = await page(viewport, { visitor: false });
  const res = await p.context().request.post(`${site}/api/admin/login`, { data: admin });
  expect(res.status()).toBe(200);
  return p;
}

const toast = (p: Page) => p.getByRole('region', { name: 'Notifications (F8)' }).getByRole('listitem');

async function bookByApi(name: string): Promise<{ id: number; booking_reference: string; token: string }> {
  const { anon_token } = await call<{ anon_token: string }>('POST', '/api/session');
  const booking = await call<{ id: number; booking_reference: string }>(
    'POST',
    `/api/ama/sessions/${seed.sessionId}/book`,
    { participant_name: name, participant_email: 'rob@example.com', participant_phone: '0917 555 0000', payment_method: 'gcash' },
    anon_token,
  );
  return { ...booking, token: anon_token };
}

async function uploadReceiptByApi(bookingId: number, token: string): Promise<void> {
  const form = new FormData();
  form.set('receipt', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'gcash.png');
  const res = await fetch(`${site}/api/ama/bookings/${bookingId}/receipt`, {
    method: 'POST',
    headers: { 'x-anon-token': token, 'x-forwarded-for': visitorAddress() },
    body: form,
  });
  expect(res.status, await res.clone().text()).toBe(201);
}

// Several browser contexts and page loads per test on a shared 2-core machine.
const SLOW = 180_000;

describe('AMA booking', () => {
  it('staff schedule a paid session with an image and pricing', async () => {
    const p = await staffPage();
    await p.goto(`${site}/admin?tab=ama`);
    await p.getByRole('button', { name: 'Schedule AMA' }).click();
    const dialog = p.getByRole('dialog', { name: 'Schedule AMA Session' });
    await dialog.waitFor();
    const submit = dialog.getByRole('button', { name: 'Schedule AMA' });
    expect(await submit.isDisabled()).toBe(true);
    await dialog.getByLabel('Title').fill(seed.title);
    await dialog.getByLabel('Description').fill('Planning staffing for the holidays, with the numbers.');
    await dialog.getByLabel('Host Name').fill('Maria Santos');
    await dialog.getByLabel('Host Bio').fill('WFM lead, twelve years in contact centres.');
    const tomorrow = new Date(Date.now() + 2 * 86_400_000);
    const pad = (n: number) => String(n).padStart(2, '0');
    await dialog
      .getByLabel('Scheduled Time')
      .fill(`${tomorrow.getFullYear()}-${pad(tomorrow.getMonth() + 1)}-${pad(tomorrow.getDate())}T15:00`);
    await dialog.getByLabel('Max Participants').fill('2');
    await dialog.getByLabel('Zoom Link').fill('https://zoom.us/j/98765432100?pwd=a-long-meeting-password');
    await dialog.getByLabel(/Session Image/).setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: PNG });
    await dialog.getByLabel('Price').fill('25');
    await dialog.getByLabel('PayPal Email').fill('pay@wfm.example');
    await dialog.getByLabel('PayPal Instructions').fill('Put your booking reference in the note.');
    await dialog.getByLabel('GCash Mobile Number').fill('09171234567');
    await dialog.getByLabel('Account Holder Name').fill('Ana Cruz');
    await screenshot(p, 'admin-ama-schedule-dialog-desktop');
    await submit.click();
    await expect.poll(() => toast(p).innerText()).toContain('AMA session scheduled');
    const row = p.getByRole('row', { name: seed.title });
    await row.waitFor();
    await screenshot(p, 'admin-ama-desktop');

    const sessions = (await (await p.context().request.get(`${site}/api/admin/ama/sessions`)).json()) as {
      id: number;
      title: string;
      image_url: string | null;
    }[];
    const created = sessions.find((s) => s.title === seed.title);
    expect(created?.image_url).toMatch(/^\/uploads\//);
    seed.sessionId = created!.id;
    const pricing = await call<{ price: number; currency: string }>('GET', `/api/ama/sessions/${seed.sessionId}/pricing`);
    expect(pricing).toMatchObject({ price: 25, currency: 'USD' });
  }, SLOW);

  it('a visitor books it, sees the PayPal instructions, uploads a receipt and looks the booking up', async () => {
    visitorPage = await page();
    const p = visitorPage;
    await p.goto(`${site}/ama`);
    await p.getByRole('heading', { level: 1, name: 'AMA Sessions' }).waitFor();
    const card = p.getByTestId('ama-card').filter({ hasText: seed.title });
    await expect.poll(() => card.getByTestId('session-price').innerText()).toBe('$25.00');
    expect(await card.getByTestId('zoom-link').innerText()).toBe('https://zoom.us/j/98765432100?pwd=a-long...');
    await screenshot(p, 'ama-list-desktop');

    await card.getByRole('button', { name: 'Book Now' }).click();
    const dialog = p.getByRole('dialog', { name: 'Book Your Seat' });
    await dialog.getByLabel('Full Name').fill(seed.visitorName);
    await dialog.getByLabel('Email Address').fill('pat@example.com');
    await dialog.getByLabel('Phone Number').fill('+63 917 000 0000');
    await dialog.getByRole('combobox', { name: 'Payment Method' }).selectOption({ label: 'PayPal (International)' });
    await dialog.getByRole('button', { name: 'Create Booking' }).click();

    const confirmation = p.getByRole('dialog', { name: 'Booking Created' });
    await confirmation.waitFor();
    seed.reference = (await confirmation.getByTestId('booking-reference').innerText()).trim();
    expect(seed.reference).toMatch(/^AMA[0-9A-Z]{20}$/);
    await expect.poll(() => confirmation.getByTestId('payment-instructions').innerText()).toContain('pay@wfm.example');
    expect(await confirmation.getByTestId('payment-instructions').innerText()).toContain('$25.00 USD');
    expect(await confirmation.innerText()).toContain('Pending Payment');
    await screenshot(p, 'ama-confirmation-desktop');

    expect(await confirmation.getByRole('button', { name: 'Upload Receipt' }).isDisabled()).toBe(true);
    await confirmation.getByLabel(/Payment Receipt/).setInputFiles({ name: 'paypal.png', mimeType: 'image/png', buffer: PNG });
    await confirmation.getByRole('button', { name: 'Upload Receipt' }).click();
    await expect.poll(() => toast(p).innerText()).toContain('Receipt uploaded successfully!');
    await confirmation.waitFor({ state: 'detached' });

    await p.getByRole('button', { name: 'Check Booking Status' }).click();
    const status = p.getByRole('dialog', { name: 'Check Booking Status' });
    await status.getByLabel('Booking Reference').fill(seed.reference.toLowerCase());
    await status.getByRole('button', { name: 'Check Status' }).click();
    await expect
      .poll(() => status.getByTestId('booking-status-message').innerText())
      .toBe("Your booking is pending review. You will be notified once it's confirmed and a seat is assigned.");
    expect(await status.innerText()).toContain('pat@example.com');
    await screenshot(p, 'ama-status-pending-desktop');
  }, SLOW);

  it('a pending booking without a receipt shows both the review and the upload texts', async () => {
    const other = await bookByApi(seed.otherName);
    seed.other = other;
    const p = await page(PHONE);
    await p.goto(`${site}/ama`);
    await p.getByRole('button', { name: 'Check Booking Status' }).click();
    const status = p.getByRole('dialog', { name: 'Check Booking Status' });
    await status.getByLabel('Booking Reference').fill(other.booking_reference);
    await status.getByRole('button', { name: 'Check Status' }).click();
    await expect
      .poll(() => status.getByTestId('booking-status-message').allInnerTexts())
      .toEqual([
        "Your booking is pending review. You will be notified once it's confirmed and a seat is assigned.",
        'Please upload your payment receipt to complete the booking process.',
      ]);
    expect(await status.innerText()).toMatch(/Receipt Uploaded\s*No/);
    await screenshot(p, 'ama-status-no-receipt-phone');
  }, SLOW);

  it('a second booking fills the session: "Session Full" on a phone', async () => {
    const other = seed.other ?? (await bookByApi(seed.otherName));
    await uploadReceiptByApi(other.id, other.token);
    const p = await page(PHONE);
    await p.goto(`${site}/ama`);
    const card = p.getByTestId('ama-card').filter({ hasText: seed.title });
    const full = card.getByRole('button', { name: 'Session Full' });
    await full.waitFor();
    expect(await full.isDisabled()).toBe(true);
    await full.scrollIntoViewIfNeeded();
    await screenshot(p, 'ama-list-full-phone');
  }, SLOW);

  it('staff confirm, seat and approve; the visitor status dialog follows live; another receipt is rejected', async () => {
    const p = await staffPage();
    await p.goto(`${site}/admin?tab=ama-bookings`);
    await pickSession(p, seed.title);
    const row = p.getByRole('row', { name: seed.visitorName, exact: true });
    await row.getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => toast(p).innerText()).toContain('Booking confirmed');

    const status = visitorPage.getByRole('dialog', { name: 'Check Booking Status' });
    await expect
      .poll(() => status.getByTestId('booking-status-message').innerText())
      .toBe('Your booking is confirmed! Check your email for further details and join instructions.');

    p.once('dialog', (prompt) => void prompt.accept('7'));
    await row.getByRole('button', { name: 'Assign Seat' }).click();
    await expect.poll(() => toast(p).innerText()).toContain('Seat assigned');
    await expect.poll(() => status.innerText()).toMatch(/Seat Number\s*7/);
    await screenshot(visitorPage, 'ama-status-confirmed-desktop');

    await p.getByRole('row', { name: `Receipt of ${seed.visitorName}`, exact: true }).getByRole('button', { name: 'Approve' }).click();
    const approve = p.getByRole('dialog', { name: 'Approve Receipt' });
    await approve.getByLabel('Notes (optional)').fill('PayPal payment matches');
    await approve.getByRole('button', { name: 'Approve' }).click();
    await expect.poll(() => toast(p).innerText()).toContain('Receipt approved');

    await p.getByRole('row', { name: `Receipt of ${seed.otherName}`, exact: true }).getByRole('button', { name: 'Reject' }).click();
    const reject = p.getByRole('dialog', { name: 'Reject Receipt' });
    expect(await reject.getByRole('button', { name: 'Reject' }).isDisabled()).toBe(true);
    await reject.getByLabel('Reason for rejection').fill('The amount is wrong');
    await reject.getByRole('button', { name: 'Reject' }).click();
    await expect.poll(() => toast(p).innerText()).toContain('Receipt rejected');
    // A receipt decision is no booking status change: checking again shows it, with who decided.
    await status.getByRole('button', { name: 'Check Another Booking' }).click();
    await status.getByLabel('Booking Reference').fill(seed.reference);
    await status.getByRole('button', { name: 'Check Status' }).click();
    await expect.poll(() => status.innerText()).toContain('PayPal payment matches');
    expect(await status.innerText()).toContain(admin.username);
    await expect.poll(() => p.getByTestId('count-receiptsRejected').innerText()).toBe('1');
    await screenshot(p, 'admin-bookings-desktop');

    const phone = await staffPage(PHONE);
    await phone.goto(`${site}/admin?tab=ama-bookings`);
    await pickSession(phone, seed.title);
    await phone.getByRole('row', { name: seed.visitorName, exact: true }).waitFor();
    await screenshot(phone, 'admin-bookings-phone');
    // Bulk actions on a phone: choose a booking with the keyboard; the toolbar wraps inside the screen.
    await phone.getByRole('checkbox', { name: `Select booking of ${seed.otherName}` }).focus();
    await phone.keyboard.press('Space');
    const toolbar = phone.getByRole('toolbar', { name: 'Selected bookings' });
    await toolbar.waitFor();
    expect(await toolbar.innerText()).toContain('1 booking selected');
    const box = await toolbar.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
    for (const name of ['Cancel selected', 'Reject selected', 'Clear selection']) {
      const button = await toolbar.getByRole('button', { name }).boundingBox();
      expect(button!.x + button!.width, name).toBeLessThanOrEqual(PHONE.width);
    }
    await screenshot(phone, 'admin-bookings-bulk-phone');
    await toolbar.getByRole('button', { name: 'Clear selection' }).click();
    await toolbar.waitFor({ state: 'detached' });
  }, SLOW);

  it('a visitor asks a question, staff answer it, and the answer shows on the session page', async () => {
    const p = await page(PHONE);
    await p.goto(`${site}/ama/${seed.sessionId}`);
    await p.getByRole('heading', { level: 1, name: seed.title }).waitFor();
    expect(await p.getByTestId('session-status').innerText()).toBe('SCHEDULED');
    await p.getByLabel('Ask the host a question').fill(seed.question);
    await p.getByRole('button', { name: 'Ask Question' }).click();
    await expect.poll(() => toast(p).innerText()).toContain('Question submitted!');
    await p.getByTestId('ama-question').filter({ hasText: seed.question }).waitFor();

    const staff = await staffPage();
    await staff.goto(`${site}/admin?tab=ama`);
    await staff.getByRole('button', { name: `Questions of ${seed.title}` }).click();
    const dialog = staff.getByRole('dialog', { name: 'Questions' });
    await dialog.getByLabel(`Answer to “${seed.question}”`).fill('Eighteen months out, refreshed every week.');
    await dialog.getByRole('button', { name: 'Answer' }).click();
    // The toast sits outside the open modal dialog (hidden from the accessibility tree): the saved
    // answer shows as the button turning into "Update Answer".
    await dialog.getByRole('button', { name: 'Update Answer' }).waitFor();

    // The open page refreshes its questions on the public ama_question_changed message.
    await expect
      .poll(async () => ((await p.getByTestId('ama-answer').count()) > 0 ? p.getByTestId('ama-answer').first().innerText() : ''), {
        timeout: 30_000,
      })
      .toContain('Eighteen months out');
    await screenshot(p, 'ama-session-phone');

    // "My Questions" on the session page: the asker's question with its answer and upvotes.
    const mine = p.getByRole('region', { name: 'My Questions' });
    const item = mine.getByTestId('my-question').filter({ hasText: seed.question });
    await expect.poll(() => item.getByTestId('my-question-answer').innerText()).toContain('Eighteen months out');
    expect(await item.getByTestId('my-question-upvotes').innerText()).toBe('0 upvotes');
    await item.scrollIntoViewIfNeeded();
    await screenshot(p, 'ama-my-questions-session-phone');

    // Another visitor upvotes it: the asker's list follows (the public question message).
    const questions = await call<{ id: number; question: string }[]>('GET', `/api/ama/sessions/${seed.sessionId}/questions`);
    const asked = questions.find((q) => q.question === seed.question)!;
    const { anon_token: voter } = await call<{ anon_token: string }>('POST', '/api/session');
    await call('POST', `/api/ama/questions/${asked.id}/upvote`, undefined, voter);
    await expect.poll(() => item.getByTestId('my-question-upvotes').innerText(), { timeout: 30_000 }).toBe('1 upvote');

    // And on /ama, with the session it belongs to.
    await p.goto(`${site}/ama`);
    const listed = p.getByRole('region', { name: 'My Questions' }).getByTestId('my-question').filter({ hasText: seed.question });
    await listed.waitFor();
    expect(await listed.getByRole('link', { name: seed.title }).getAttribute('href')).toBe(`/ama/${seed.sessionId}`);
    expect(await listed.getByTestId('my-question-answer').innerText()).toContain('Eighteen months out');
    expect(await listed.getByTestId('my-question-upvotes').innerText()).toBe('1 upvote');
    await listed.scrollIntoViewIfNeeded();
    await screenshot(p, 'ama-my-questions-list-phone');

    // A visitor who asked nothing sees the empty state.
    const desktop = await page();
    await desktop.goto(`${site}/ama/${seed.sessionId}`);
    await desktop.getByTestId('ama-answer').first().waitFor();
    await screenshot(desktop, 'ama-session-desktop');
    await desktop.getByRole('region', { name: 'My Questions' }).getByTestId('my-questions-empty').waitFor();
    expect(await desktop.getByTestId('my-questions-empty').innerText()).toBe('You have not asked a question in this session yet.');
    await desktop.goto(`${site}/ama`);
    await desktop.getByTestId('my-questions-empty').waitFor();
    await desktop.getByTestId('my-questions').scrollIntoViewIfNeeded();
    await screenshot(desktop, 'ama-my-questions-empty-desktop');
  }, SLOW);

  it('says "Failed to fetch your questions" when the call fails (network error, then a 503)', async () => {
    const p = await page();
    await p.route('**/api/ama/my-questions*', (route) => route.abort('connectionrefused'));
    await p.goto(`${site}/ama/${seed.sessionId}`);
    const mine = p.getByRole('region', { name: 'My Questions' });
    await mine.getByText('Failed to fetch your questions', { exact: true }).waitFor();
    await mine.scrollIntoViewIfNeeded();
    await screenshot(p, 'ama-my-questions-error-desktop');

    await p.unroute('**/api/ama/my-questions*');
    await p.route('**/api/ama/my-questions*', (route) => route.fulfill({ status: 503, body: '' }));
    await p.goto(`${site}/ama`);
    await p.getByRole('region', { name: 'My Questions' }).getByText('Failed to fetch your questions', { exact: true }).waitFor();

    // Retry once the network is back: the (empty) list.
    await p.unroute('**/api/ama/my-questions*');
    await p.getByRole('region', { name: 'My Questions' }).getByRole('button', { name: 'Retry' }).click();
    await p.getByTestId('my-questions-empty').waitFor();
  }, SLOW);

  it('an unknown session says "Session Not Found"', async () => {
    const p = await page();
    await p.goto(`${site}/ama/999999999`);
    await p.getByRole('heading', { level: 1, name: 'Session Not Found' }).waitFor();
    expect(await p.getByTestId('ama-not-found').innerText()).toContain("The AMA session you're looking for doesn't exist.");
  }, SLOW);
});

/** Chooses, in the staff's Session select, the option whose label holds the session's title. */
async function pickSession(page: Page, title: string): Promise<void> {
  const session = page.getByRole('combobox', { name: 'Session' });
  const label = await session.getByRole('option', { name: new RegExp(title) }).textContent();
  await session.selectOption({ label: label! });
}
