import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AMA_MESSAGES } from '@wfm/contracts/ama';
import { HTML, PDF, PNG, book, buildAma, createSession, get, multipart, newVisitor, outboxEvents, staffActions, type AmaTest, type Visitor } from './helpers.ts';

let t: AmaTest;
beforeAll(async () => {
  t = await buildAma();
});
afterAll(async () => t?.close());

async function upload(
  bookingId: number,
  visitor: Visitor,
  opts: { data?: Buffer; name?: string; fields?: Record<string, string>; headers?: Record<string, string> } = {},
) {
  const { payload, headers } = await multipart([{ name: opts.name ?? 'receipt.pdf', data: opts.data ?? PDF }], 'receipt', opts.fields);
  return t.app.inject({
    method: 'POST',
    url: `/api/ama/bookings/${bookingId}/receipt`,
    remoteAddress: visitor.ip,
    payload,
    headers: { ...headers, 'x-anon-token': visitor.token, ...opts.headers },
  });
}

describe('receipts', () => {
  it('accepts an image or PDF from the visitor who booked, with notes; the lookup shows it pending', async () => {
    const id = await createSession(t);
    const visitor = newVisitor();
    const b = await book(t, id, visitor);
    const res = await upload(b.id, visitor, { fields: { notes: 'Paid via PayPal, txn 123' } });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ booking_id: b.id, receipt_filename: 'receipt.pdf', validation_status: 'pending' });
    const png = await upload(b.id, visitor, { data: PNG, name: 'shot.png' });
    expect(png.statusCode).toBe(201);

    const lookup = (await get(t.app, `/api/ama/bookings/status/${b.booking_reference}`)).json<{ booking: { receipt_uploaded: boolean }; receipt: Record<string, unknown> }>();
    expect(lookup.booking.receipt_uploaded).toBe(true);
    expect(lookup.receipt).toMatchObject({ receipt_filename: 'shot.png', validation_status: 'pending', validated_by: null });
    expect(JSON.stringify(lookup)).not.toContain('receipt_path');
    const events = await outboxEvents(t.sql, 'ama.receipt.uploaded');
    expect(events.filter((e) => e.booking_id === b.id)).toHaveLength(2);
    const [first] = await t.sql<{ notes: string }[]>`SELECT notes FROM receipts WHERE booking_id = ${b.id} ORDER BY id LIMIT 1`;
    expect(first!.notes).toBe('Paid via PayPal, txn 123');
  });

  it('accepts another device holding the reference (form field or header); refuses everyone else and keeps nothing', async () => {
    const id = await createSession(t);
    const b = await book(t, id);
    const stranger = newVisitor();
    const refused = await upload(b.id, stranger);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: AMA_MESSAGES.receiptNotYours });
    expect((await upload(b.id, stranger, { fields: { booking_reference: 'AMA00000000000000000000' } })).statusCode).toBe(403);
    const [{ n }] = await t.sql<[{ n: number }]>`SELECT count(*)::int AS n FROM receipts WHERE booking_id = ${b.id}`;
    expect(n).toBe(0);
    const [{ stored }] = await t.sql<[{ stored: number }]>`SELECT count(*)::int AS stored FROM uploads WHERE uploader_hash IS NOT NULL AND NOT referenced`;
    expect(stored).toBe(0);

    expect((await upload(b.id, stranger, { fields: { booking_reference: b.booking_reference } })).statusCode).toBe(201);
    expect((await upload(b.id, newVisitor(), { headers: { 'x-booking-reference': b.booking_reference.toLowerCase() } })).statusCode).toBe(201);
  });

  it('refuses non-image content, too-long notes, unknown and cancelled bookings', async () => {
    const id = await createSession(t);
    const visitor = newVisitor();
    const b = await book(t, id, visitor);
    const html = await upload(b.id, visitor, { data: HTML, name: 'receipt.pdf' });
    expect(html.statusCode).toBe(400);
    expect(html.json()).toEqual({ message: AMA_MESSAGES.receiptType });
    expect((await upload(b.id, visitor, { fields: { notes: 'x'.repeat(1001) } })).json()).toEqual({ message: AMA_MESSAGES.notesTooLong });
    expect((await upload(999999, visitor)).statusCode).toBe(404);
    const notMultipart = await t.app.inject({ method: 'POST', url: `/api/ama/bookings/${b.id}/receipt`, headers: { 'x-anon-token': visitor.token }, payload: { receipt: 'x' } });
    expect(notMultipart.statusCode).toBe(400);
    await t.staff('PUT', `/api/admin/ama/bookings/${b.id}/status`, { booking_status: 'cancelled' });
    const cancelled = await upload(b.id, visitor);
    expect(cancelled.statusCode).toBe(409);
    expect(cancelled.json()).toEqual({ message: AMA_MESSAGES.receiptBookingCancelled });
  });

  it('serves the file to staff only: never publicly, not even by its stored name', async () => {
    const id = await createSession(t);
    const visitor = newVisitor();
    const b = await book(t, id, visitor);
    await upload(b.id, visitor, { data: PNG, name: 'private.png' });
    const list = (await t.staff('GET', `/api/admin/ama/sessions/${id}/receipts`)).json<Array<{ id: number; receipt_path: string }>>();
    expect(list).toHaveLength(1);
    const path = list[0]!.receipt_path;
    const asStaff = await t.staff('GET', path);
    expect(asStaff.statusCode).toBe(200);
    expect(asStaff.rawPayload.equals(PNG)).toBe(true);
    expect(asStaff.headers['cache-control']).toContain('no-store');
    expect((await get(t.app, path, visitor)).statusCode).toBe(401);
    const [{ name }] = await t.sql<[{ name: string }]>`SELECT upload_name AS name FROM receipts WHERE booking_id = ${b.id}`;
    expect((await get(t.app, `/uploads/ama/${name}`, visitor)).statusCode).toBe(404);
  });

  it('validates: pending -> approved (optional notes) or rejected (reason required); decided receipts only change notes', async () => {
    const id = await createSession(t);
    const visitor = newVisitor();
    const b = await book(t, id, visitor);
    const r1 = (await upload(b.id, visitor)).json<{ id: number }>().id;
    const r2 = (await upload(b.id, visitor)).json<{ id: number }>().id;
    const patch = (rid: number, body: unknown) => t.staff('PATCH', `/api/admin/ama/receipts/${rid}/validation`, body);

    const noReason = await patch(r1, { validation_status: 'rejected', notes: '  ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json()).toEqual({ message: AMA_MESSAGES.rejectionReasonRequired });
    const rejected = await patch(r1, { validation_status: 'rejected', notes: 'Amount does not match', validated_by: 'someone-else' });
    expect(rejected.json()).toMatchObject({ validation_status: 'rejected', notes: 'Amount does not match', validated_by: 'ama-admin' });
    const kept = await patch(r1, { validation_status: 'approved', notes: 'Second look' });
    expect(kept.json()).toMatchObject({ validation_status: 'rejected', notes: 'Second look' });

    expect((await patch(r2, { validation_status: 'approved' })).json()).toMatchObject({ validation_status: 'approved', notes: null, validated_by: 'ama-admin' });
    expect((await patch(999999, { validation_status: 'approved' })).statusCode).toBe(404);
    expect((await patch(r2, { validation_status: 'maybe' })).statusCode).toBe(400);

    const lookup = (await get(t.app, `/api/ama/bookings/status/${b.booking_reference}`)).json<{ receipt: Record<string, unknown> }>();
    expect(lookup.receipt).toMatchObject({ id: r2, validation_status: 'approved', validated_by: 'ama-admin' });
    const counts = (await t.staff('GET', `/api/admin/ama/sessions/${id}/bookings/counts`)).json();
    expect(counts).toMatchObject({ receiptsApproved: 1, receiptsRejected: 1, receiptsPending: 0 });
    expect(await staffActions(t.sql)).toEqual(expect.arrayContaining(['ama.receipt.reject', 'ama.receipt.approve', 'ama.receipt.notes']));
  });

  it('deleting a booking releases its receipt files for the cleanup job', async () => {
    const id = await createSession(t);
    const visitor = newVisitor();
    const b = await book(t, id, visitor);
    await upload(b.id, visitor);
    const [{ name }] = await t.sql<[{ name: string }]>`SELECT upload_name AS name FROM receipts WHERE booking_id = ${b.id}`;
    await t.staff('DELETE', `/api/admin/ama/bookings/${b.id}`);
    const [row] = await t.sql<{ referenced: boolean }[]>`SELECT referenced FROM uploads WHERE name = ${name}`;
    expect(row!.referenced).toBe(false);
  });
});
