import { CURRENCY_SYMBOLS, type AmaCurrency, type PaymentMethod, type PaymentMethods } from '@wfm/contracts/ama';
import type { NewEmail } from './emails-repository.ts';

/**
 * What a mail may say about its booking: only what the service made (reference, deadline, seat)
 * and the address it goes to. Never the name, phone or notes a visitor typed: a stranger can book
 * with anyone's email, and our mail must not carry their text (links, phishing) to that inbox.
 * Session texts and staff reasons are staff-written.
 */
export interface MailBooking {
  id: number;
  session_id: number;
  booking_reference: string;
  participant_email: string;
  payment_method: PaymentMethod;
  payment_deadline: number;
  seat_number?: number | null;
}
export interface MailSession {
  title: string;
  host_name: string;
  scheduled_time: number;
  duration_minutes: number;
  zoom_link: string | null;
}
export interface MailPricing {
  price: number;
  currency: AmaCurrency;
  payment_methods: PaymentMethods;
}

const when = (ms: number) => `${new Date(ms).toISOString().replace('T', ' ').slice(0, 16)} UTC`;
const amount = (p: MailPricing) => `${CURRENCY_SYMBOLS[p.currency]}${p.price.toFixed(2)} ${p.currency}`;

/** The payment instructions of §2's confirmation dialog, per method. */
export function paymentInstructions(method: PaymentMethod, pricing: MailPricing | null): string {
  if (!pricing) return 'This session is free: no payment is needed.';
  if (method === 'paypal') {
    const paypal = pricing.payment_methods.paypal;
    return [
      `PayPal: send ${amount(pricing)} to ${paypal.email || '(ask the administrator for the PayPal email)'}.`,
      paypal.instructions ? `Instructions: ${paypal.instructions}` : '',
    ].filter(Boolean).join('\n');
  }
  if (method === 'gcash') {
    const gcash = pricing.payment_methods.gcash;
    return [
      `GCash: send ${amount(pricing)} to mobile number ${gcash.number || '(ask the administrator)'}${gcash.name ? `, account name ${gcash.name}` : ''}.`,
      gcash.instructions ? `Instructions: ${gcash.instructions}` : '',
    ].filter(Boolean).join('\n');
  }
  return `Bank transfer: please contact the administrator for the bank details (amount ${amount(pricing)}).`;
}

const sessionLine = (s: MailSession) => `${s.title} with ${s.host_name}, ${when(s.scheduled_time)} (${s.duration_minutes} minutes)`;

export function bookingReceivedMail(b: MailBooking, s: MailSession, pricing: MailPricing | null): NewEmail {
  return {
    kind: 'booking_received',
    booking_id: b.id,
    session_id: b.session_id,
    to: b.participant_email,
    subject: `Booking received: ${s.title} (${b.booking_reference})`,
    text: [
      'Hello,',
      '',
      `We received your booking for ${sessionLine(s)}.`,
      `Booking reference: ${b.booking_reference} (keep it to check your booking status).`,
      '',
      paymentInstructions(b.payment_method, pricing),
      '',
      `Please pay and upload your receipt by ${when(b.payment_deadline)} (within 24 hours); unpaid places are released after that.`,
    ].join('\n'),
  };
}

export function receiptReceivedMail(b: MailBooking, s: MailSession): NewEmail {
  return {
    kind: 'receipt_received',
    booking_id: b.id,
    session_id: b.session_id,
    to: b.participant_email,
    subject: `Receipt received: ${s.title} (${b.booking_reference})`,
    text: [
      'Hello,',
      '',
      `We received your payment receipt for ${sessionLine(s)}.`,
      'Our staff review it within 24 hours, then confirm your booking and assign your seat.',
      `Booking reference: ${b.booking_reference}`,
    ].join('\n'),
  };
}

export function bookingConfirmedMail(b: MailBooking, s: MailSession, seat: number): NewEmail {
  return {
    kind: 'booking_confirmed',
    booking_id: b.id,
    session_id: b.session_id,
    to: b.participant_email,
    subject: `Booking confirmed: ${s.title}, seat ${seat}`,
    text: [
      'Hello,',
      '',
      `Your booking for ${sessionLine(s)} is confirmed. Your seat number is ${seat}.`,
      s.zoom_link ? `Join here: ${s.zoom_link}` : 'The join link will be shared before the session.',
      `Booking reference: ${b.booking_reference}`,
    ].join('\n'),
  };
}

export function receiptRejectedMail(b: MailBooking, s: MailSession, reason: string): NewEmail {
  return {
    kind: 'receipt_rejected',
    booking_id: b.id,
    session_id: b.session_id,
    to: b.participant_email,
    subject: `Receipt not accepted: ${s.title} (${b.booking_reference})`,
    text: [
      'Hello,',
      '',
      `We could not accept the payment receipt you uploaded for ${sessionLine(s)}.`,
      `Reason: ${reason}`,
      'Please upload a new receipt with your booking reference.',
      `Booking reference: ${b.booking_reference}`,
    ].join('\n'),
  };
}

/** Bulk reject: the booking is cancelled because its receipt was not accepted (the reason is staff's). */
export function bookingRejectedMail(b: MailBooking, s: MailSession, reason: string): NewEmail {
  return {
    kind: 'booking_rejected',
    booking_id: b.id,
    session_id: b.session_id,
    to: b.participant_email,
    subject: `Booking cancelled: ${s.title} (${b.booking_reference})`,
    text: [
      'Hello,',
      '',
      `Your booking for ${sessionLine(s)} was cancelled because its payment receipt was not accepted.`,
      `Reason: ${reason}`,
      'You are welcome to book again if places are still available.',
      `Booking reference: ${b.booking_reference}`,
    ].join('\n'),
  };
}

export function holdExpiredMail(b: MailBooking, s: MailSession): NewEmail {
  return {
    kind: 'hold_expired',
    booking_id: b.id,
    session_id: b.session_id,
    to: b.participant_email,
    subject: `Booking released: ${s.title} (${b.booking_reference})`,
    text: [
      'Hello,',
      '',
      `Your place in ${sessionLine(s)} was released because no payment receipt arrived within 24 hours of booking.`,
      'You are welcome to book again if places are still available.',
    ].join('\n'),
  };
}

export function waitlistPromotedMail(b: MailBooking, s: MailSession, pricing: MailPricing | null): NewEmail {
  return {
    kind: 'waitlist_promoted',
    booking_id: b.id,
    session_id: b.session_id,
    to: b.participant_email,
    subject: `A place opened up: ${s.title} (${b.booking_reference})`,
    text: [
      'Hello,',
      '',
      `A place opened up in ${sessionLine(s)} and it is now held for you as a pending booking.`,
      `Booking reference: ${b.booking_reference}`,
      '',
      paymentInstructions(b.payment_method, pricing),
      '',
      `Please pay and upload your receipt by ${when(b.payment_deadline)} (within 24 hours), or the place goes to the next person in line.`,
    ].join('\n'),
  };
}
