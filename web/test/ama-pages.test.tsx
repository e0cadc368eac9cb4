import { AMA_MESSAGES, AMA_TOASTS } from '@wfm/contracts/ama';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse, delay } from 'msw';
import { describe, expect, it } from 'vitest';
import { amaSession, lookup, serveSessions } from './ama-fixtures.ts';
import { FakeWebSocket } from './fake-websocket.ts';
import { renderApp } from './render-app.tsx';
import { TOKEN, server } from './server.ts';
import { multipartParts, type MultipartPart } from './multipart.ts';
import { expectToast } from './toasts.ts';

function visitor() {
  window.localStorage.setItem('anon_token', TOKEN);
}

describe('/ama', () => {
  it('shows 4 skeleton cards while loading, then the heading and the cards', async () => {
    visitor();
    serveSessions([amaSession()]);
    server.use(
      http.get('/api/ama/sessions', async () => {
        await delay(1500);
        return HttpResponse.json([amaSession()]);
      }),
    );
    renderApp('/ama');
    expect(await screen.findByRole('heading', { level: 1, name: 'AMA Sessions' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Upcoming & Past Sessions' })).toBeInTheDocument();
    expect(await screen.findAllByTestId('ama-skeleton')).toHaveLength(4);
    expect(await screen.findByTestId('ama-card')).toBeInTheDocument();
    expect(screen.queryAllByTestId('ama-skeleton')).toHaveLength(0);
  });

  it('says "No AMA sessions yet" when there are none', async () => {
    visitor();
    serveSessions([]);
    renderApp('/ama');
    expect(await screen.findByText(AMA_MESSAGES.noSessions)).toBeInTheDocument();
  });

  it('shows a card with host, price, a truncated zoom link, the image placeholder and Book Now', async () => {
    visitor();
    serveSessions([amaSession(), amaSession({ id: 8, title: 'Free chat', stored_status: 'completed', scheduled_time: 0 })], {
      unpriced: [8],
    });
    renderApp('/ama');
    const [card, past] = await screen.findAllByTestId('ama-card');
    expect(within(card!).getByText('Maria Santos')).toBeInTheDocument();
    await waitFor(() => expect(within(card!).getByTestId('session-price')).toHaveTextContent('$25.00'));
    expect(within(card!).getByTestId('zoom-link')).toHaveTextContent('https://zoom.us/j/1234567890?pwd=abcdefg...');
    expect(within(card!).getByTestId('zoom-link')).toHaveAttribute('href', amaSession().zoom_link);
    expect(within(card!).getByText(AMA_MESSAGES.imageUnavailable)).toBeInTheDocument();
    expect(within(card!).getByRole('button', { name: 'Book Now' })).toBeEnabled();
    // A past session: completed, no Book Now, and no pricing.
    expect(within(past!).getByTestId('session-status')).toHaveTextContent('Completed');
    expect(within(past!).queryByRole('button', { name: 'Book Now' })).not.toBeInTheDocument();
    await waitFor(() => expect(within(past!).getByTestId('session-price')).toHaveTextContent(AMA_MESSAGES.pricingNotSet));
  });

  it('does not ask for the pricing of a session without a price (a 404 would be a console error)', async () => {
    visitor();
    serveSessions([amaSession(), amaSession({ id: 8, title: 'Free chat' })], { unpriced: [8] });
    const asked: string[] = [];
    server.events.on('request:start', ({ request }) => {
      if (request.url.includes('/pricing')) asked.push(new URL(request.url).pathname);
    });
    renderApp('/ama');
    const [card, free] = await screen.findAllByTestId('ama-card');
    await waitFor(() => expect(within(card!).getByTestId('session-price')).toHaveTextContent('$25.00'));
    expect(within(free!).getByTestId('session-price')).toHaveTextContent(AMA_MESSAGES.pricingNotSet);
    server.events.removeAllListeners('request:start');
    expect(asked).toEqual([`/api/ama/sessions/${amaSession().id}/pricing`]);
  });

  it('shows "Invalid Date" for a time that is no date', async () => {
    visitor();
    serveSessions([amaSession({ scheduled_time: 9e15 })]);
    renderApp('/ama');
    expect((await screen.findAllByText(/Invalid Date/)).length).toBeGreaterThan(0);
  });

  it('reads "Session Full", disabled, at capacity (confirmed + pending), and offers the waitlist', async () => {
    visitor();
    serveSessions([amaSession({ max_participants: 5 })], { counts: { confirmed: 3, pending: 2 } });
    renderApp('/ama');
    expect(await screen.findByRole('button', { name: 'Session Full' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Join Waitlist' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Book Now' })).not.toBeInTheDocument();
  });

  it('books a seat, shows the reference and the PayPal instructions, then uploads a receipt', async () => {
    visitor();
    const user = userEvent.setup();
    serveSessions([amaSession()]);
    let booked: unknown;
    let uploaded: MultipartPart[] | undefined;
    server.use(
      http.post('/api/ama/sessions/7/book', async ({ request }) => {
        booked = await request.json();
        return HttpResponse.json(
          { id: 31, booking_reference: 'AMA0123456789ABCDEFGHJK', session_id: 7, booking_status: 'pending', payment_deadline: 1 },
          { status: 201 },
        );
      }),
      http.post('/api/ama/bookings/31/receipt', async ({ request }) => {
        uploaded = await multipartParts(request);
        return HttpResponse.json(
          { id: 2, booking_id: 31, receipt_filename: 'r.png', validation_status: 'pending', upload_date: 1 },
          { status: 201 },
        );
      }),
    );
    renderApp('/ama');
    await user.click(await screen.findByRole('button', { name: 'Book Now' }));
    const dialog = await screen.findByRole('dialog', { name: 'Book Your Seat' });
    expect(within(dialog).getByText(/within 24 hours/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Create Booking' }));
    expect(within(dialog).getByText('Full name is required')).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('Full Name'), 'Pat Planner');
    await user.type(within(dialog).getByLabelText('Email Address'), 'pat@example.com');
    await user.type(within(dialog).getByLabelText('Phone Number'), '+63 917 000 0000');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Payment Method' }), 'PayPal (International)');
    await user.click(within(dialog).getByRole('button', { name: 'Create Booking' }));

    const confirmation = await screen.findByRole('dialog', { name: 'Booking Created' });
    expect(booked).toEqual({
      participant_name: 'Pat Planner',
      participant_email: 'pat@example.com',
      participant_phone: '+63 917 000 0000',
      payment_method: 'paypal',
    });
    expect(within(confirmation).getByTestId('booking-reference')).toHaveTextContent('AMA0123456789ABCDEFGHJK');
    expect(within(confirmation).getByText('Pending Payment')).toBeInTheDocument();
    await waitFor(() => expect(within(confirmation).getByText('pay@wfm.example')).toBeInTheDocument());
    expect(within(confirmation).getByText('$25.00 USD')).toBeInTheDocument();

    const upload = within(confirmation).getByRole('button', { name: 'Upload Receipt' });
    expect(upload).toBeDisabled();
    await user.upload(within(confirmation).getByLabelText(/Payment Receipt/), new File(['png'], 'r.png', { type: 'image/png' }));
    await user.click(upload);
    await expectToast('Receipt uploaded successfully!');
    expect(uploaded?.find((part) => part.name === 'booking_reference')?.value).toBe('AMA0123456789ABCDEFGHJK');
    // Sent as a file part of its type; Node 26's fetch sends a jsdom File's bytes empty, so they are not compared.
    expect(uploaded?.find((part) => part.name === 'receipt')).toMatchObject({ filename: expect.any(String), type: 'image/png' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Booking Created' })).not.toBeInTheDocument());
  });

  it('shows the server message in a "Booking failed" toast', async () => {
    visitor();
    const user = userEvent.setup();
    serveSessions([amaSession()]);
    server.use(
      http.post('/api/ama/sessions/7/book', () => HttpResponse.json({ message: AMA_MESSAGES.sessionFull }, { status: 409 })),
    );
    renderApp('/ama');
    await user.click(await screen.findByRole('button', { name: 'Book Now' }));
    const dialog = await screen.findByRole('dialog', { name: 'Book Your Seat' });
    await user.type(within(dialog).getByLabelText('Full Name'), 'Pat');
    await user.type(within(dialog).getByLabelText('Email Address'), 'pat@example.com');
    await user.type(within(dialog).getByLabelText('Phone Number'), '1');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Payment Method' }), 'Bank Transfer');
    await user.click(within(dialog).getByRole('button', { name: 'Create Booking' }));
    await expectToast('Booking failed', AMA_MESSAGES.sessionFull);
  });

  it('checks a booking by reference and follows its realtime status change', async () => {
    visitor();
    const user = userEvent.setup();
    serveSessions([]);
    let answer = lookup();
    server.use(http.get('/api/ama/bookings/status/:reference', () => HttpResponse.json(answer)));
    renderApp('/ama');
    await user.click(await screen.findByRole('button', { name: 'Check Booking Status' }));
    const dialog = await screen.findByRole('dialog', { name: 'Check Booking Status' });
    await user.click(within(dialog).getByRole('button', { name: 'Check Status' }));
    expect(within(dialog).getByText(AMA_MESSAGES.referenceRequired)).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('Booking Reference'), 'ama0123456789abcdefghjk');
    await user.click(within(dialog).getByRole('button', { name: 'Check Status' }));
    expect(await within(dialog).findByTestId('booking-status-message')).toHaveTextContent(AMA_MESSAGES.statusPending);
    expect(within(dialog).getByText('Pat Planner')).toBeInTheDocument();

    answer = lookup({ booking_status: 'confirmed', seat_number: 12 });
    act(() => {
      FakeWebSocket.latest().serverSend({
        type: 'booking_status',
        data: { booking_id: 31, reference: 'AMA0123456789ABCDEFGHJK', status: 'confirmed' },
      });
    });
    await waitFor(() => expect(within(dialog).getByTestId('booking-status-message')).toHaveTextContent(AMA_MESSAGES.statusConfirmed));
    expect(within(dialog).getByText('12')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Check Another Booking' }));
    expect(within(dialog).getByLabelText('Booking Reference')).toHaveValue('');
  });

  it('opens the booking check from the keyboard, and Escape gives focus back to its button', async () => {
    visitor();
    const user = userEvent.setup();
    serveSessions([]);
    renderApp('/ama');
    const button = await screen.findByRole('button', { name: 'Check Booking Status' });
    expect(button).toHaveAttribute('aria-haspopup', 'dialog');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    button.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Check Booking Status' });
    expect(button).toHaveAttribute('aria-expanded', 'true');
    await user.type(within(dialog).getByLabelText('Booking Reference'), 'AMA1');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(button).toHaveFocus();
    // Closing cleared the form, as it did before the dialog's code was split off.
    await user.keyboard(' ');
    expect(within(await screen.findByRole('dialog', { name: 'Check Booking Status' })).getByLabelText('Booking Reference')).toHaveValue('');
  });

  it('shows both the review and the upload texts for a pending booking without a receipt', async () => {
    visitor();
    const user = userEvent.setup();
    serveSessions([]);
    server.use(http.get('/api/ama/bookings/status/:reference', () => HttpResponse.json(lookup({ receipt_uploaded: false }))));
    renderApp('/ama');
    await user.click(await screen.findByRole('button', { name: 'Check Booking Status' }));
    const dialog = await screen.findByRole('dialog', { name: 'Check Booking Status' });
    await user.type(within(dialog).getByLabelText('Booking Reference'), 'AMA0123456789ABCDEFGHJK');
    await user.click(within(dialog).getByRole('button', { name: 'Check Status' }));
    const messages = await within(dialog).findAllByTestId('booking-status-message');
    expect(messages.map((m) => m.textContent)).toEqual([AMA_MESSAGES.statusPending, AMA_MESSAGES.statusNoReceipt]);
  });

  it('says "Booking not found" with the server message for an unknown reference', async () => {
    visitor();
    const user = userEvent.setup();
    serveSessions([]);
    server.use(
      http.get('/api/ama/bookings/status/:reference', () => HttpResponse.json({ message: 'No booking has this reference' }, { status: 404 })),
    );
    renderApp('/ama');
    await user.click(await screen.findByRole('button', { name: 'Check Booking Status' }));
    const dialog = await screen.findByRole('dialog', { name: 'Check Booking Status' });
    await user.type(within(dialog).getByLabelText('Booking Reference'), 'AMA000');
    await user.click(within(dialog).getByRole('button', { name: 'Check Status' }));
    await expectToast('Booking not found', 'No booking has this reference');
  });
});

describe('My Questions', () => {
  const mine = (over: Record<string, unknown> = {}) => ({
    id: 501,
    session_id: 7,
    session_title: 'Forecasting for peak season',
    question: 'How far ahead do you forecast?',
    author_name: 'returning_user',
    isAnonymous: false,
    upvotes: 3,
    answer: 'Eighteen months out.',
    answered_at: Date.now(),
    created_at: Date.now() - 3_600_000,
    ...over,
  });

  it('lists the visitor questions on /ama with the session, the answer and the upvotes', async () => {
    visitor();
    serveSessions([amaSession()]);
    let token: string | null = null;
    server.use(
      http.get('/api/ama/my-questions', ({ request }) => {
        token = request.headers.get('x-anon-token');
        return HttpResponse.json([mine(), mine({ id: 502, question: 'And for intraday?', upvotes: 1, answer: null })]);
      }),
    );
    renderApp('/ama');
    const section = await screen.findByRole('region', { name: 'My Questions' });
    const items = await within(section).findAllByTestId('my-question');
    expect(token).toBe(TOKEN);
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByRole('link', { name: 'Forecasting for peak season' })).toHaveAttribute('href', '/ama/7');
    expect(within(items[0]!).getByTestId('my-question-answer')).toHaveTextContent('Answer: Eighteen months out.');
    expect(within(items[0]!).getByTestId('my-question-upvotes')).toHaveTextContent('3 upvotes');
    expect(within(items[1]!).getByTestId('my-question-upvotes')).toHaveTextContent('1 upvote');
    expect(within(items[1]!).getByText('Not answered yet.')).toBeInTheDocument();
  });

  it('shows only this session questions on its page, and an empty state', async () => {
    visitor();
    serveSessions([amaSession()]);
    server.use(http.get('/api/ama/my-questions', () => HttpResponse.json([mine({ session_id: 8, session_title: 'Other' })])));
    renderApp('/ama/7');
    const section = await screen.findByRole('region', { name: 'My Questions' });
    expect(await within(section).findByTestId('my-questions-empty')).toHaveTextContent(
      'You have not asked a question in this session yet.',
    );
  });

  it('says "Failed to fetch your questions" when the call fails, and Retry asks again', async () => {
    visitor();
    const user = userEvent.setup();
    serveSessions([]);
    let fail = true;
    server.use(
      http.get('/api/ama/my-questions', () =>
        fail ? new HttpResponse(null, { status: 500 }) : HttpResponse.json([mine()]),
      ),
    );
    renderApp('/ama');
    const section = await screen.findByRole('region', { name: 'My Questions' });
    expect(await within(section).findByText(AMA_TOASTS.questionsFetchFailedShown)).toBeInTheDocument();
    fail = false;
    await user.click(within(section).getByRole('button', { name: 'Retry' }));
    expect(await within(section).findByTestId('my-question')).toHaveTextContent('How far ahead do you forecast?');
  });
});

describe('/ama/{id}', () => {
  it('shows the session with its fee, limits, zoom link and Book This Session', async () => {
    visitor();
    serveSessions([amaSession()]);
    renderApp('/ama/7');
    expect(await screen.findByRole('heading', { level: 1, name: 'Forecasting for peak season' })).toBeInTheDocument();
    expect(screen.getByTestId('session-status')).toHaveTextContent('SCHEDULED');
    expect(screen.getByText('MS')).toBeInTheDocument();
    expect(screen.getByText('Max 20 participants')).toBeInTheDocument();
    expect(screen.getByText('Max 50 questions')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Join Zoom Meeting/ })).toHaveAttribute('href', amaSession().zoom_link);
    await waitFor(() => expect(screen.getByTestId('session-fee')).toHaveTextContent('$25.00'));
    expect(screen.getByRole('link', { name: /Back to AMA Sessions/ })).toHaveAttribute('href', '/ama');
    expect(await screen.findByRole('button', { name: 'Book This Session' })).toBeEnabled();
  });

  it('at capacity, clicking the banner says the session is full and opens no dialog', async () => {
    visitor();
    const user = userEvent.setup();
    serveSessions([amaSession({ max_participants: 1 })], { counts: { confirmed: 1, pending: 0 } });
    renderApp('/ama/7');
    expect(await screen.findByRole('button', { name: 'Session Full' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: /^Book Forecasting for peak season/ }));
    await expectToast('Session Full', AMA_MESSAGES.sessionFull);
    expect(screen.queryByRole('dialog', { name: 'Book Your Seat' })).not.toBeInTheDocument();
  });

  it('says "Session Not Found" for an unknown session', async () => {
    visitor();
    serveSessions([]);
    renderApp('/ama/999');
    expect(await screen.findByRole('heading', { level: 1, name: 'Session Not Found' })).toBeInTheDocument();
    expect(screen.getByTestId('ama-not-found')).toHaveTextContent(
      "Session Not Found - The AMA session you're looking for doesn't exist.",
    );
  });

  it('renders an answer as markdown: lists, quotes and links as in posts, no raw HTML', async () => {
    visitor();
    serveSessions([amaSession()]);
    const question = {
      id: 1,
      session_id: 7,
      question: 'How do you reforecast?',
      author_name: 'sam',
      isAnonymous: false,
      upvotes: 3,
      answer: '- forecast weekly\n- reforecast daily\n\n> keep a log\n\n<b>raw</b> [guide](https://example.com/guide)',
      answered_at: 1,
      created_at: 1,
    };
    server.use(http.get('/api/ama/sessions/7/questions', () => HttpResponse.json([question])));
    renderApp('/ama/7');
    const answer = await screen.findByTestId('ama-answer');
    const items = await within(answer).findAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(['forecast weekly', 'reforecast daily']);
    expect(answer.querySelector('blockquote')).toHaveTextContent('keep a log');
    expect(answer.querySelector('b')).toBeNull();
    expect(within(answer).getByRole('link', { name: 'guide' })).toHaveAttribute('href', 'https://example.com/guide');
  });

  it('lists questions with their answers and asks a new one', async () => {
    visitor();
    const user = userEvent.setup();
    serveSessions([amaSession()]);
    const question = {
      id: 1,
      session_id: 7,
      question: 'How far ahead do you forecast?',
      author_name: 'sam',
      isAnonymous: false,
      upvotes: 3,
      answer: 'Eighteen months, refreshed weekly.',
      answered_at: 1,
      created_at: 1,
    };
    let asked: unknown;
    server.use(
      http.get('/api/ama/sessions/7/questions', () => HttpResponse.json([question])),
      http.post('/api/ama/sessions/7/questions', async ({ request }) => {
        asked = await request.json();
        return HttpResponse.json({ ...question, id: 2, question: 'Shrinkage?', answer: null, upvotes: 0 }, { status: 201 });
      }),
    );
    renderApp('/ama/7');
    expect(await screen.findByText('How far ahead do you forecast?')).toBeInTheDocument();
    expect(screen.getByTestId('ama-answer')).toHaveTextContent('Eighteen months, refreshed weekly.');
    await user.type(screen.getByLabelText('Ask the host a question'), 'Shrinkage?');
    await user.click(screen.getByRole('button', { name: 'Ask Question' }));
    await expectToast('Question submitted!');
    expect(asked).toMatchObject({ question: 'Shrinkage?', isAnonymous: false });
  });
});
