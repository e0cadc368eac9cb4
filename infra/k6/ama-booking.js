// Book a seat: visitors booking an AMA session. One iteration = a new visitor reads the sessions,
// one session's detail, pricing and occupancy (and its image), books a seat, and looks the booking
// up by its reference. A full session answers 409 "full", which counts as a correct answer here:
// run it against a session with room (AMA_SESSION_ID) to measure bookings, not refusals.
//   k6 run -e BASE_URL=https://community.example.com -e RATE=10 [-e AMA_SESSION_ID=3] infra/k6/ama-booking.js
import http from 'k6/http';
import { check } from 'k6';
import { arrivals, BASE_URL, baseThresholds, p99, pick, TARGETS, unique } from './lib/config.js';
import { getJson, newVisitor } from './lib/visitor.js';

const SESSION_ID = __ENV.AMA_SESSION_ID;
// 201 booked, 409 full or no longer bookable: both are the service doing its job.
const BOOKING_ANSWERS = http.expectedStatuses(201, 409);

export const options = {
  scenarios: { book: arrivals() },
  thresholds: {
    ...baseThresholds(),
    ...p99('ama_sessions', TARGETS.readP99),
    ...p99('ama_session', TARGETS.readP99),
    ...p99('ama_pricing', TARGETS.readP99),
    ...p99('ama_count', TARGETS.readP99),
    ...p99('ama_image', TARGETS.readP99),
    ...p99('ama_book', TARGETS.writeP99),
    ...p99('ama_booking_status', TARGETS.readP99),
  },
};

export default function () {
  const sessions = getJson('/api/ama/sessions', 'ama_sessions') || [];
  const upcoming = sessions.filter((s) => s.status === 'scheduled');
  const id = SESSION_ID || (upcoming.length > 0 ? pick(upcoming).id : undefined);
  if (!id) return;
  const session = getJson(`/api/ama/sessions/${id}`, 'ama_session');
  getJson(`/api/ama/sessions/${id}/pricing`, 'ama_pricing');
  getJson(`/api/ama/sessions/${id}/bookings/count`, 'ama_count');
  if (session && session.image_url) {
    const image = http.get(`${BASE_URL}/uploads/ama/${encodeURIComponent(session.image_url.split('/').pop())}`, { tags: { name: 'ama_image' } });
    check(image, { 'session image served': (r) => r.status === 200 });
  }

  const visitor = newVisitor();
  if (!visitor.token) return;
  const tag = unique();
  const booking = http.post(
    `${BASE_URL}/api/ama/sessions/${id}/book`,
    JSON.stringify({
      participant_name: `Load Test ${tag}`.slice(0, 40),
      participant_email: `k6-${tag}@example.com`,
      participant_phone: '+15550100',
      payment_method: pick(['paypal', 'gcash', 'bank_transfer']),
    }),
    { headers: visitor.headers, tags: { name: 'ama_book' }, responseCallback: BOOKING_ANSWERS },
  );
  check(booking, { 'booked, or refused as full': (r) => r.status === 201 || r.status === 409 });
  // Lookups by reference are limited per address (30 a minute): one booking in ten checks its status.
  if (booking.status === 201 && Math.random() < 0.1) {
    getJson(`/api/ama/bookings/status/${encodeURIComponent(String(booking.json('booking_reference')))}`, 'ama_booking_status');
  }
}
