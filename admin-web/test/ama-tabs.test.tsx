import { AMA_MESSAGES } from '@wfm/contracts/ama';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { booking, bookingsHandlers, receipt, amaSession } from './ama-fixtures.ts';
import { signedInAs, superAdminHandlers } from './fixtures.ts';
import { renderApp } from './render-app.tsx';
import { realtime, server } from './server.ts';
import { expectToast } from './toasts.ts';

describe('AMA tab', () => {
  it('schedules a session with pricing: Schedule disabled until title, host and time; PayPal/GCash appear above 0', async () => {
    const calls: string[] = [];
    let created: Record<string, unknown> | undefined;
    let pricing: Record<string, unknown> | undefined;
    server.use(
      signedInAs('Admin'),
      ...superAdminHandlers({ amaSessions: [] }),
      http.post('/api/admin/ama/sessions', async ({ request }) => {
        calls.push('create');
        created = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json(amaSession({ id: 9, title: 'Shrinkage' }), { status: 201 });
      }),
      http.post('/api/admin/ama/sessions/9/pricing', async ({ request }) => {
        calls.push('pricing');
        pricing = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json(pricing, { status: 201 });
      }),
    );
    renderApp('/admin?tab=ama');
    const user = userEvent.setup();
    expect(await screen.findByText('No AMA sessions yet')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Schedule AMA' }));
    const dialog = await screen.findByRole('dialog', { name: 'Schedule AMA Session' });
    const submit = within(dialog).getByRole('button', { name: 'Schedule AMA' });
    expect(submit).toBeDisabled();

    await user.type(within(dialog).getByLabelText('Title'), 'Shrinkage');
    expect(within(dialog).getByText('9/150')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Description'), 'Why it grows');
    expect(within(dialog).getByText('12/2000')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Host Name'), 'Ana');
    expect(submit).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Scheduled Time'), '2026-07-01T10:30');
    expect(submit).toBeEnabled();

    expect(within(dialog).queryByLabelText('PayPal Email')).not.toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Price'), '0');
    expect(within(dialog).queryByLabelText('PayPal Email')).not.toBeInTheDocument();
    await user.click(submit);
    expect(within(dialog).getByRole('alert')).toHaveTextContent(AMA_MESSAGES.priceAboveZero);

    await user.clear(within(dialog).getByLabelText('Price'));
    await user.type(within(dialog).getByLabelText('Price'), '12.50');
    expect(within(dialog).getByLabelText('PayPal Email')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Account Holder Name')).toBeInTheDocument();
    await user.click(submit);
    expect(within(dialog).getByRole('alert')).toHaveTextContent(AMA_MESSAGES.paymentMethodRequired);
    expect(calls).toEqual([]);

    await user.type(within(dialog).getByLabelText('GCash Mobile Number'), '09171234567');
    await user.click(submit);
    await expectToast('AMA session scheduled');
    expect(calls).toEqual(['create', 'pricing']);
    expect(created).toMatchObject({ title: 'Shrinkage', host_name: 'Ana', duration_minutes: 60, scheduled_time: new Date('2026-07-01T10:30').getTime() });
    expect(created).not.toHaveProperty('image_url');
    expect(pricing).toMatchObject({ price: 12.5, currency: 'USD' });
    expect(JSON.parse(String(pricing?.payment_methods))).toMatchObject({ gcash: { number: '09171234567' } });
  });

  it('refuses a file that is not an image with the spec message', async () => {
    server.use(signedInAs('Admin'), ...superAdminHandlers({ amaSessions: [] }));
    renderApp('/admin?tab=ama');
    const user = userEvent.setup({ applyAccept: false });
    await user.click(await screen.findByRole('button', { name: 'Schedule AMA' }));
    const dialog = await screen.findByRole('dialog', { name: 'Schedule AMA Session' });
    await user.upload(within(dialog).getByLabelText(/Session Image/), new File(['%PDF'], 'a.pdf', { type: 'application/pdf' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(AMA_MESSAGES.imageType);
  });

  it('starts a scheduled session, ends a live one, and deletes after a confirmation naming it', async () => {
    const statuses: unknown[] = [];
    let deleted = false;
    server.use(
      signedInAs('Admin'),
      ...superAdminHandlers({
        amaSessions: [amaSession(), amaSession({ id: 6, title: 'Live one', stored_status: 'live', status: 'live' })],
      }),
      http.put('/api/admin/ama/sessions/:id/status', async ({ request, params }) => {
        statuses.push([Number(params.id), await request.json()]);
        return HttpResponse.json(amaSession());
      }),
      http.delete('/api/admin/ama/sessions/5', () => {
        deleted = true;
        return HttpResponse.json({ success: true, id: 5 });
      }),
    );
    renderApp('/admin?tab=ama');
    const user = userEvent.setup();
    const scheduled = await screen.findByRole('row', { name: 'Erlang C in practice' });
    const live = screen.getByRole('row', { name: 'Live one' });
    await user.click(within(scheduled).getByRole('button', { name: 'Start Session' }));
    await expectToast('Session started');
    await user.click(within(live).getByRole('button', { name: 'End Session' }));
    await waitFor(() => expect(statuses).toEqual([[5, { status: 'live' }], [6, { status: 'completed' }]]));

    await user.click(within(scheduled).getByRole('button', { name: 'Delete Erlang C in practice' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete AMA session?' });
    expect(confirm).toHaveTextContent('Erlang C in practice');
    expect(confirm).toHaveTextContent('This action cannot be undone.');
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await expectToast('AMA session deleted');
    expect(deleted).toBe(true);
  });

  it('shows "Status update failed" with the server message', async () => {
    server.use(
      signedInAs('Admin'),
      ...superAdminHandlers({ amaSessions: [amaSession()] }),
      http.put('/api/admin/ama/sessions/5/status', () => HttpResponse.json({ message: 'Session not found' }, { status: 404 })),
    );
    renderApp('/admin?tab=ama');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Start Session' }));
    await expectToast('Status update failed', 'Session not found');
  });
});

describe('Bookings tab', () => {
  it('refreshes its bookings when the gateway announces a booking change (ama_booking_changed)', async () => {
    let bookings = [booking()];
    server.use(
      // Ahead of bookingsHandlers' fixed list: the first matching handler answers.
      http.get('/api/admin/ama/sessions/5/bookings', () => HttpResponse.json(bookings)),
      signedInAs('Admin'),
      ...superAdminHandlers({ amaSessions: [amaSession()] }),
      ...bookingsHandlers(),
    );
    renderApp('/admin?tab=ama-bookings');
    expect(await screen.findByRole('row', { name: 'Pat Planner' })).toBeInTheDocument();
    await waitFor(() => expect(realtime.clients.size).toBeGreaterThan(0));
    bookings = [booking(), booking({ id: 12, participant_name: 'Sam Seat' })];
    realtime.broadcast(JSON.stringify({ type: 'ama_booking_changed', data: { id: 12, session_id: 5, booking_status: 'pending', seat_number: null, at: 2 } }));
    expect(await screen.findByRole('row', { name: 'Sam Seat' })).toBeInTheDocument();
  });

  it('shows the counts, confirms a booking and assigns a seat through the prompt', async () => {
    const changes: unknown[] = [];
    server.use(
      signedInAs('Admin'),
      ...superAdminHandlers({ amaSessions: [amaSession()] }),
      ...bookingsHandlers({ bookings: [booking(), booking({ id: 12, participant_name: 'Sam Seat', booking_status: 'confirmed' })] }),
      http.put('/api/admin/ama/bookings/11/status', async ({ request }) => {
        changes.push(['status', await request.json()]);
        return HttpResponse.json(booking({ booking_status: 'confirmed' }));
      }),
      http.put('/api/admin/ama/bookings/12/seat', async ({ request }) => {
        changes.push(['seat', await request.json()]);
        return HttpResponse.json(booking({ id: 12, booking_status: 'confirmed', seat_number: 7 }));
      }),
    );
    renderApp('/admin?tab=ama-bookings');
    const user = userEvent.setup();
    await waitFor(() => expect(screen.getByTestId('count-total')).toHaveTextContent('2'));
    expect(screen.getByTestId('count-receiptsPending')).toHaveTextContent('1');

    await user.click(within(screen.getByRole('row', { name: 'Pat Planner' })).getByRole('button', { name: 'Confirm' }));
    await expectToast('Booking confirmed');

    const prompt = vi.spyOn(window, 'prompt').mockReturnValueOnce('seven').mockReturnValueOnce('0').mockReturnValueOnce('7');
    const sam = screen.getByRole('row', { name: 'Sam Seat' });
    await user.click(within(sam).getByRole('button', { name: 'Assign Seat' }));
    expect(changes).toHaveLength(1);
    await user.click(within(sam).getByRole('button', { name: 'Assign Seat' }));
    await expectToast('Seat assignment failed', AMA_MESSAGES.seatRange);
    await user.click(within(sam).getByRole('button', { name: 'Assign Seat' }));
    await expectToast('Seat assigned');
    expect(prompt).toHaveBeenCalledTimes(3);
    expect(changes).toEqual([
      ['status', { booking_status: 'confirmed' }],
      ['seat', { seat_number: 7 }],
    ]);
  });

  it('approves a receipt with notes and needs a reason to reject one', async () => {
    const validations: unknown[] = [];
    server.use(
      signedInAs('Admin', 'alex'),
      ...superAdminHandlers({ amaSessions: [amaSession()] }),
      ...bookingsHandlers({ receipts: [receipt(), receipt({ id: 4, participant_name: 'Lee', booking_reference: 'AMAZZ' })] }),
      http.patch('/api/admin/ama/receipts/:id/validation', async ({ request, params }) => {
        validations.push([Number(params.id), await request.json()]);
        return HttpResponse.json(receipt({ validation_status: 'approved' }));
      }),
    );
    renderApp('/admin?tab=ama-bookings');
    const user = userEvent.setup();
    const first = await screen.findByRole('row', { name: 'Receipt of Pat Planner' });
    expect(within(first).getByRole('link', { name: 'View receipt of Pat Planner' })).toHaveAttribute('href', '/api/admin/ama/receipts/3/file');
    await user.click(within(first).getByRole('button', { name: 'Approve' }));
    let dialog = await screen.findByRole('dialog', { name: 'Approve Receipt' });
    await user.type(within(dialog).getByLabelText('Notes (optional)'), 'Matches GCash ref 123');
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await expectToast('Receipt approved');

    await user.click(within(screen.getByRole('row', { name: 'Receipt of Lee' })).getByRole('button', { name: 'Reject' }));
    dialog = await screen.findByRole('dialog', { name: 'Reject Receipt' });
    expect(within(dialog).getByRole('button', { name: 'Reject' })).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Reason for rejection'), 'Amount is wrong');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await expectToast('Receipt rejected');
    expect(validations).toEqual([
      [3, { validation_status: 'approved', validated_by: 'alex', notes: 'Matches GCash ref 123' }],
      [4, { validation_status: 'rejected', validated_by: 'alex', notes: 'Amount is wrong' }],
    ]);
  });

  it('chooses bookings with the keyboard (Space on each checkbox, cancelled ones not choosable), rejects them with one reason after confirming, and flags a duplicate receipt', async () => {
    const bulk: unknown[] = [];
    const rows = [
      booking({ receipt_duplicate: true }),
      booking({ id: 12, participant_name: 'Sam Seat', receipt_duplicate: true }),
      booking({ id: 13, participant_name: 'Gone Guest', booking_status: 'cancelled' }),
    ];
    server.use(
      signedInAs('Admin'),
      ...superAdminHandlers({ amaSessions: [amaSession()] }),
      ...bookingsHandlers({ bookings: rows }),
      http.post('/api/admin/ama/bookings/bulk', async ({ request }) => {
        bulk.push(await request.json());
        return HttpResponse.json({ cancelled: [11, 12], receipts_rejected: 2, skipped: [], promoted: 1 });
      }),
    );
    renderApp('/admin?tab=ama-bookings');
    const user = userEvent.setup();
    const pat = await screen.findByRole('row', { name: 'Pat Planner' });
    expect(within(pat).getByText('Same receipt as another booking')).toBeInTheDocument();
    expect(within(screen.getByRole('row', { name: 'Gone Guest' })).getByRole('checkbox', { name: 'Select booking of Gone Guest' })).toBeDisabled();
    expect(screen.queryByRole('toolbar', { name: 'Selected bookings' })).not.toBeInTheDocument();

    within(pat).getByRole('checkbox', { name: 'Select booking of Pat Planner' }).focus();
    await user.keyboard(' ');
    expect(screen.getByRole('checkbox', { name: 'Select all bookings that are not cancelled' })).toBePartiallyChecked();
    within(screen.getByRole('row', { name: 'Sam Seat' })).getByRole('checkbox', { name: 'Select booking of Sam Seat' }).focus();
    await user.keyboard(' ');
    const toolbar = screen.getByRole('toolbar', { name: 'Selected bookings' });
    expect(toolbar).toHaveTextContent('2 bookings selected');
    expect(screen.getByRole('checkbox', { name: 'Select all bookings that are not cancelled' })).toBeChecked();

    await user.click(within(toolbar).getByRole('button', { name: 'Reject selected' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Reject 2 bookings?' });
    expect(dialog).toHaveTextContent('Pat Planner, Sam Seat');
    const confirm = within(dialog).getByRole('button', { name: 'Reject bookings' });
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Reason for rejection'), 'Not a payment receipt');
    await user.click(confirm);
    await expectToast('2 bookings rejected', '1 from the waitlist got a place.');
    expect(bulk).toEqual([{ action: 'reject', ids: [11, 12], reason: 'Not a payment receipt' }]);
    expect(screen.queryByRole('toolbar', { name: 'Selected bookings' })).not.toBeInTheDocument();
  });

  it('selects all bookings that are not cancelled and cancels them after a confirmation; Escape keeps them', async () => {
    const bulk: unknown[] = [];
    server.use(
      signedInAs('Admin'),
      ...superAdminHandlers({ amaSessions: [amaSession()] }),
      ...bookingsHandlers({ bookings: [booking(), booking({ id: 12, participant_name: 'Sam Seat', booking_status: 'confirmed' })] }),
      http.post('/api/admin/ama/bookings/bulk', async ({ request }) => {
        bulk.push(await request.json());
        return HttpResponse.json({ cancelled: [11, 12], receipts_rejected: 0, skipped: [], promoted: 0 });
      }),
    );
    renderApp('/admin?tab=ama-bookings');
    const user = userEvent.setup();
    await screen.findByRole('row', { name: 'Pat Planner' });
    await user.click(screen.getByRole('checkbox', { name: 'Select all bookings that are not cancelled' }));
    const toolbar = screen.getByRole('toolbar', { name: 'Selected bookings' });
    expect(toolbar).toHaveTextContent('2 bookings selected');
    await user.click(within(toolbar).getByRole('button', { name: 'Cancel selected' }));
    await screen.findByRole('alertdialog', { name: 'Cancel 2 bookings?' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(bulk).toEqual([]);
    await user.click(within(toolbar).getByRole('button', { name: 'Cancel selected' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Cancel 2 bookings?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel bookings' }));
    await expectToast('2 bookings cancelled');
    expect(bulk).toEqual([{ action: 'cancel', ids: [11, 12] }]);
  });

  it('deletes a booking after a confirmation, and says "Delete failed" when the server refuses', async () => {
    server.use(
      signedInAs('Admin'),
      ...superAdminHandlers({ amaSessions: [amaSession()] }),
      ...bookingsHandlers(),
      http.delete('/api/admin/ama/bookings/11', () => HttpResponse.json({ message: 'Booking not found' }, { status: 404 })),
    );
    renderApp('/admin?tab=ama-bookings');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete booking of Pat Planner' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete booking?' });
    expect(confirm).toHaveTextContent('AMAABCDEFGHJK0123456789');
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await expectToast('Delete failed', 'Booking not found');
  });
});
