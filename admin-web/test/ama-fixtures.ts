import type { StaffBooking, StaffReceipt, StaffSession } from '@wfm/contracts/ama';
import { http, HttpResponse } from 'msw';

const T0 = Date.UTC(2026, 5, 1, 14, 0);

export const amaSession = (over: Partial<StaffSession> = {}): StaffSession => ({
  id: 5,
  title: 'Erlang C in practice',
  description: 'Queues, service levels and why they bend.',
  host_name: 'Ana Cruz',
  host_bio: 'Capacity planner.',
  scheduled_time: T0,
  duration_minutes: 60,
  max_participants: 20,
  max_questions: 50,
  zoom_link: null,
  image_url: null,
  status: 'scheduled',
  stored_status: 'scheduled',
  price: null,
  currency: null,
  paypal_email: null,
  paypal_instructions: null,
  gcash_number: null,
  gcash_name: null,
  gcash_instructions: null,
  created_at: T0,
  updated_at: T0,
  booking_count: 2,
  question_count: 0,
  ...over,
});

export const booking = (over: Partial<StaffBooking> = {}): StaffBooking => ({
  id: 11,
  session_id: 5,
  booking_reference: 'AMAABCDEFGHJK0123456789',
  participant_name: 'Pat Planner',
  participant_email: 'pat@example.com',
  participant_phone: '0917',
  payment_method: 'gcash',
  booking_status: 'pending',
  seat_number: null,
  receipt_uploaded: true,
  created_at: T0,
  payment_deadline: T0 + 86_400_000,
  cancel_reason: null,
  from_waitlist: false,
  receipt_duplicate: false,
  ...over,
});

export const receipt = (over: Partial<StaffReceipt> = {}): StaffReceipt => ({
  id: 3,
  booking_id: 11,
  booking_reference: 'AMAABCDEFGHJK0123456789',
  participant_name: 'Pat Planner',
  receipt_path: '/api/admin/ama/receipts/3/file',
  receipt_filename: 'gcash.png',
  mimetype: 'image/png',
  size: 1000,
  upload_date: T0,
  validation_status: 'pending',
  validated_by: null,
  notes: null,
  ...over,
});

/** Answers for the Bookings tab of session 5. */
export function bookingsHandlers({ bookings = [booking()], receipts = [receipt()] } = {}) {
  return [
    http.get('/api/admin/ama/sessions/5/bookings', () => HttpResponse.json(bookings)),
    http.get('/api/admin/ama/sessions/5/bookings/counts', () =>
      HttpResponse.json({ total: 2, confirmed: 1, pending: 1, cancelled: 0, receiptsApproved: 0, receiptsPending: 1, receiptsRejected: 0 }),
    ),
    http.get('/api/admin/ama/sessions/5/receipts', () => HttpResponse.json(receipts)),
    http.get('/api/admin/ama/sessions/5/waitlist', () => HttpResponse.json([])),
    http.get('/api/admin/ama/emails', () => HttpResponse.json([])),
  ];
}
