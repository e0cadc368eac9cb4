import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { PDF, book, buildAma, createSession, multipart, newVisitor, validPricing, type AmaTest } from './helpers.ts';
import { createMailer } from '../src/emails/emails-mailer.ts';

interface Received {
  to: string[];
  raw: string;
}

/** A real SMTP server in this process: what arrives is what a participant would read. */
async function startSmtp(): Promise<{ server: SMTPServer; port: number; received: Received[] }> {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as { port: number }).port;
  return { server, port, received };
}

/** Quoted-printable soft breaks and escapes undone, so assertions read the text. */
const decode = (raw: string) => raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));

async function waitFor(received: Received[], predicate: (r: Received) => boolean): Promise<Received> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const hit = received.find(predicate);
    if (hit) return hit;
    if (Date.now() > deadline) throw new Error(`no matching mail among ${received.length}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let t: AmaTest;
let kept: AmaTest;
beforeAll(async () => {
  smtp = await startSmtp();
  t = await buildAma({ mailer: createMailer(`smtp://127.0.0.1:${smtp.port}`, 'AMA <ama@test.local>') });
  kept = await buildAma();
});
afterAll(async () => {
  await t?.close();
  await kept?.close();
  await new Promise<void>((resolve) => smtp.server.close(() => resolve()));
});

describe('emails through SMTP', () => {
  it('sends booking received (reference and payment instructions), receipt received, confirmed with seat, and receipt rejected with the reason', async () => {
    const id = await createSession(t, { title: 'Intraday management' });
    await t.staff('POST', `/api/admin/ama/sessions/${id}/pricing`, validPricing());
    const visitor = newVisitor();
    const b = await book(t, id, visitor, { participant_email: 'gcash-user@example.com', payment_method: 'gcash' });

    const received = decode((await waitFor(smtp.received, (r) => r.to.includes('gcash-user@example.com') && r.raw.includes('Booking received'))).raw);
    expect(received).toContain(b.booking_reference);
    expect(received).toContain('09171234567');
    expect(received).toContain('WFM Community');
    expect(received).toContain('$25.00 USD');

    const { payload, headers } = await multipart([{ name: 'r.pdf', data: PDF }], 'receipt');
    const up = await t.app.inject({ method: 'POST', url: `/api/ama/bookings/${b.id}/receipt`, payload, headers: { ...headers, 'x-anon-token': visitor.token } });
    expect(up.statusCode).toBe(201);
    await waitFor(smtp.received, (r) => r.to.includes('gcash-user@example.com') && r.raw.includes('Receipt received'));

    const receiptId = up.json<{ id: number }>().id;
    await t.staff('PATCH', `/api/admin/ama/receipts/${receiptId}/validation`, { validation_status: 'rejected', notes: 'Blurry screenshot' });
    const rejected = decode((await waitFor(smtp.received, (r) => r.raw.includes('Receipt not accepted'))).raw);
    expect(rejected).toContain('Blurry screenshot');

    await t.staff('PUT', `/api/admin/ama/bookings/${b.id}/status`, { booking_status: 'confirmed' });
    await t.staff('PUT', `/api/admin/ama/bookings/${b.id}/seat`, { seat_number: 12 });
    const confirmed = decode((await waitFor(smtp.received, (r) => r.raw.includes('Booking confirmed'))).raw);
    expect(confirmed).toContain('seat number is 12');
    expect(confirmed).toContain('https://zoom.us/j/123456789');

    // A mail is marked sent when its delivery transaction commits, just after the server has it.
    const deadline = Date.now() + 15_000;
    let deliveries: string[] = [];
    do {
      deliveries = (await t.sql<{ delivery: string }[]>`SELECT delivery FROM emails WHERE booking_id = ${b.id}`).map((r) => r.delivery);
      if (deliveries.every((d) => d === 'sent')) break;
      await new Promise((r) => setTimeout(r, 100));
    } while (Date.now() < deadline);
    expect(deliveries).toEqual(['sent', 'sent', 'sent', 'sent']);
  });

  it('says to contact the administrator for bank transfers and gives the PayPal email for PayPal', async () => {
    const id = await createSession(t);
    await t.staff('POST', `/api/admin/ama/sessions/${id}/pricing`, validPricing());
    await book(t, id, newVisitor(), { participant_email: 'bank@example.com', payment_method: 'bank_transfer' });
    await book(t, id, newVisitor(), { participant_email: 'pp@example.com', payment_method: 'paypal' });
    expect(decode((await waitFor(smtp.received, (r) => r.to.includes('bank@example.com'))).raw)).toContain('contact the administrator');
    expect(decode((await waitFor(smtp.received, (r) => r.to.includes('pp@example.com'))).raw)).toContain('pay@example.com');
  });
});

describe('emails without SMTP', () => {
  it('keeps every mail in the outbox staff list', async () => {
    const id = await createSession(kept);
    const b = await book(kept, id, newVisitor(), { participant_email: 'kept@example.com' });
    const list = await kept.staff('GET', `/api/admin/ama/emails?session_id=${id}`);
    expect(list.statusCode).toBe(200);
    const mails = list.json<Array<{ kind: string; to: string; delivery: string; text: string }>>();
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ kind: 'booking_received', to: 'kept@example.com', delivery: 'kept' });
    expect(mails[0]!.text).toContain(b.booking_reference);
    expect((await kept.staff('GET', '/api/admin/ama/emails', undefined, 'Moderator')).statusCode).toBe(403);
  });
});
