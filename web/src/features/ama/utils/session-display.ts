import { AMA_MESSAGES, CURRENCY_SYMBOLS, PaymentMethods, ZOOM_LINK_DISPLAY_CHARS, displayStatus, type AmaCurrency, type AmaSession, type SessionStatus } from '@wfm/contracts/ama/api';
import { formatClockTime, formatDecimal, formatLongDate, formatMediumDateTime, type DateZone } from '../../../lib/en-us-format.ts';

/** §4: the status shown now, from the stored one and the clock (not the one computed at fetch time). */
export function sessionStatusAt(session: Pick<AmaSession, 'stored_status' | 'scheduled_time' | 'duration_minutes'>, now: number): SessionStatus {
  return displayStatus(session.stored_status, session.scheduled_time, session.duration_minutes, now);
}

/** "$25.00", "₱1,500.00", "€9.99" (§9 symbols); unknown currencies show their code. */
export function formatPrice(price: number, currency: string): string {
  const symbol = CURRENCY_SYMBOLS[currency as AmaCurrency] ?? `${currency} `;
  return `${symbol}${formatDecimal(price, 2, 2)}`;
}

/** The zoom link as displayed: its first 40 characters, then "..." when it was longer (§9). */
export function truncateZoomLink(link: string, max = ZOOM_LINK_DISPLAY_CHARS): string {
  return link.length > max ? `${link.slice(0, max)}...` : link;
}

function validDate(ms: unknown): Date | null {
  if (typeof ms !== 'number' || !Number.isFinite(ms)) return null;
  const date = new Date(ms);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "Tuesday, March 4, 2026" in the visitor's time zone (or UTC); "Invalid Date" for a value that is no time. */
export function formatSessionDate(ms: unknown, zone: DateZone = 'local'): string {
  const date = validDate(ms);
  return date ? formatLongDate(date, zone) : AMA_MESSAGES.invalidDate;
}

/** "9:05 AM" ("9:05 AM UTC"); "Invalid Date" for a value that is no time. */
export function formatSessionTime(ms: unknown, zone: DateZone = 'local'): string {
  const date = validDate(ms);
  return date ? formatClockTime(date, zone) : AMA_MESSAGES.invalidDate;
}

/** "Mar 4, 2026, 9:05 AM" for booking dates. */
export function formatDateTime(ms: unknown): string {
  const date = validDate(ms);
  return date ? formatMediumDateTime(date) : AMA_MESSAGES.invalidDate;
}

/** Up to two initials of the host's name, for the avatar. */
export function hostInitials(name: string): string {
  const initials = name
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => Array.from(word)[0]?.toUpperCase() ?? '')
    .join('');
  return initials || '?';
}

/** Occupancy (confirmed + pending) has reached max_participants; unlimited (null) is never full. */
export function isSessionFull(maxParticipants: number | null, occupancy: number | undefined): boolean {
  return maxParticipants !== null && occupancy !== undefined && occupancy >= maxParticipants;
}

/** The pricing's payment_methods JSON text as PayPal and GCash details; bad text gives empty ones. */
export function parsePaymentMethods(text: string | null | undefined): PaymentMethods {
  try {
    const parsed = PaymentMethods.safeParse(text ? JSON.parse(text) : {});
    return parsed.success ? parsed.data : { paypal: {}, gcash: {} };
  } catch {
    return { paypal: {}, gcash: {} };
  }
}

export const STATUS_LABELS: Readonly<Record<SessionStatus, string>> = {
  scheduled: 'Scheduled',
  live: 'Live',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

export const PAYMENT_METHOD_LABELS = {
  paypal: 'PayPal (International)',
  gcash: 'GCash (Philippines)',
  bank_transfer: 'Bank Transfer',
} as const;

export const BOOKING_STATUS_LABELS = {
  pending: 'Pending Payment',
  confirmed: 'Confirmed',
  cancelled: 'Cancelled',
} as const;

/** The session's calendar file for a booking (by its reference). */
export function calendarHref(reference: string): string {
  return `/api/ama/bookings/${encodeURIComponent(reference)}/calendar.ics`;
}
