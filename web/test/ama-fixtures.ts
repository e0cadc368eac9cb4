import type { AmaSession, BookingLookupResponse } from '@wfm/contracts/ama';
import { http, HttpResponse } from 'msw';
import { server } from './server.ts';

const HOUR = 3_600_000;

export const amaSession = (over: Partial<AmaSession> = {}): AmaSession => ({
  id: 7,
  title: 'Forecasting for peak season',
  description: 'How to plan staffing for the holidays.',
  host_name: 'Maria Santos',
  host_bio: 'WFM lead, 12 years in contact centres.',
  scheduled_time: Date.now() + 48 * HOUR,
  duration_minutes: 60,
  max_participants: 20,
  max_questions: 50,
  zoom_link: 'https://zoom.us/j/1234567890?pwd=abcdefghijklmnop',
  image_url: null,
  status: 'scheduled',
  stored_status: 'scheduled',
  price: 25,
  currency: 'USD',
  paypal_email: 'pay@wfm.example',
  paypal_instructions: 'Write your reference in the note.',
  gcash_number: '09171234567',
  gcash_name: 'Ana Cruz',
  gcash_instructions: null,
  created_at: Date.now() - HOUR,
  updated_at: Date.now() - HOUR,
  ...over,
});

export const PAYMENT_METHODS_TEXT = JSON.stringify({
  paypal: { email: 'pay@wfm.example', instructions: 'Write your reference in the note.' },
  gcash: { number: '09171234567', name: 'Ana Cruz', instructions: '' },
});

/** The list, each session's detail, pricing (USD 25 unless `unpriced`) and counts. */
export function serveSessions(
  sessions: AmaSession[],
  { counts = { confirmed: 0, pending: 0 }, unpriced = [] as number[] } = {},
) {
  const priced = (s: AmaSession): AmaSession => (unpriced.includes(s.id) ? { ...s, price: null, currency: null } : s);
  server.use(
    // An unpriced session says so in its own answer too (price null), as the service answers it.
    http.get('/api/ama/sessions', () => HttpResponse.json(sessions.map(priced))),
    http.get('/api/ama/sessions/:id', ({ params }) => {
      const found = sessions.map(priced).find((s) => s.id === Number(params.id));
      return found ? HttpResponse.json(found) : HttpResponse.json({ message: 'Session not found' }, { status: 404 });
    }),
    http.get('/api/ama/sessions/:id/pricing', ({ params }) =>
      unpriced.includes(Number(params.id))
        ? HttpResponse.json({ message: 'Pricing not found' }, { status: 404 })
        : HttpResponse.json({ price: 25, currency: 'USD', payment_methods: PAYMENT_METHODS_TEXT }),
    ),
    http.get('/api/ama/sessions/:id/bookings/count', ({ request }) => {
      const status = new URL(request.url).searchParams.get('status') as 'confirmed' | 'pending';
      // The spec allows the count as a numeric string: answer pending that way.
      return HttpResponse.json({ count: status === 'pending' ? String(counts.pending) : counts.confirmed });
    }),
    http.get('/api/ama/sessions/:id/questions', () => HttpResponse.json([])),
  );
}

export const lookup = (over: Partial<BookingLookupResponse['booking']> = {}): BookingLookupResponse => ({
  booking: {
    id: 31,
    session_id: 7,
    booking_reference: 'AMA0123456789ABCDEFGHJK',
    participant_name: 'Pat Planner',
    participant_email: 'pat@example.com',
    participant_phone: '+63 917 000 0000',
    payment_method: 'paypal',
    booking_status: 'pending',
    seat_number: null,
    receipt_uploaded: true,
    created_at: Date.now() - HOUR,
    payment_deadline: Date.now() + 23 * HOUR,
    cancel_reason: null,
    from_waitlist: false,
    ...over,
  },
  session: amaSession(),
  receipt: null,
});
