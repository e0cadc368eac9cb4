/**
 * Numbers, dates and times as `toLocaleString('en-US', …)` writes them, without Intl. A page's first
 * Intl formatter loads the locale's ICU data (20-30 ms on a phone, 100 ms and more on Lighthouse's
 * slowed CPU), and `toLocaleString` with a locale builds a new formatter on every call: on the AMA
 * list, the comment box and the editors these were long tasks of the page's hydration (issue 27).
 * test/en-us-format.test.ts compares each with Intl.
 */

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

const grouped = (digits: string) => digits.replace(/\B(?=(\d{3})+$)/g, ',');

/**
 * `value` (not negative) to `digits` fraction digits, a tie away from zero, as Intl rounds: on the
 * number's shortest decimal form (1.005 is "1.005", so "1.01"), not on its binary value, which
 * `toFixed` rounds ("1.00").
 */
function roundHalfExpand(value: number, digits: number): string {
  const shortest = String(value);
  // Below 1e-6 the shortest form has an exponent; no such value is a tie at 3 digits or fewer.
  if (shortest.includes('e')) return value.toFixed(digits);
  const [whole = '0', fraction = ''] = shortest.split('.');
  if (fraction.length <= digits) return digits === 0 ? whole : `${whole}.${fraction.padEnd(digits, '0')}`;
  let kept = BigInt(whole + fraction.slice(0, digits));
  if (fraction[digits]! >= '5') kept += 1n;
  const text = kept.toString().padStart(digits + 1, '0');
  return digits === 0 ? text : `${text.slice(0, -digits)}.${text.slice(-digits)}`;
}

/** `value.toLocaleString('en-US', { minimumFractionDigits: min, maximumFractionDigits: max })`. */
export function formatDecimal(value: number, min = 0, max = Math.max(min, 3)): string {
  // Outside what toFixed writes in full (or not a number): Intl itself, which is rare.
  if (!Number.isFinite(value) || Math.abs(value) >= 1e15) {
    return value.toLocaleString('en-US', { minimumFractionDigits: min, maximumFractionDigits: max });
  }
  const [whole = '0', rounded = ''] = roundHalfExpand(Math.abs(value), max).split('.');
  let fraction = rounded;
  while (fraction.length > min && fraction.endsWith('0')) fraction = fraction.slice(0, -1);
  // Intl keeps the sign of a negative value that rounds to zero ("-0"), as of -0 itself.
  const negative = value < 0 || Object.is(value, -0);
  return `${negative ? '-' : ''}${grouped(whole)}${fraction ? `.${fraction}` : ''}`;
}

/** `value.toLocaleString('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: digits })`. */
export function formatUsd(value: number, digits: 0 | 2 = 2): string {
  const text = formatDecimal(value, digits, digits);
  return text.startsWith('-') ? `-$${text.slice(1)}` : `$${text}`;
}

/**
 * Which clock a date is read in: the visitor's (`local`), or UTC, which the server renders and the
 * browser hydrates with (the server's own zone is not the visitor's: a page must hydrate as it came).
 */
export type DateZone = 'local' | 'utc';

function fields(date: Date, zone: DateZone) {
  return zone === 'utc'
    ? { year: date.getUTCFullYear(), month: date.getUTCMonth(), day: date.getUTCDate(), weekday: date.getUTCDay(), hours: date.getUTCHours(), minutes: date.getUTCMinutes() }
    : { year: date.getFullYear(), month: date.getMonth(), day: date.getDate(), weekday: date.getDay(), hours: date.getHours(), minutes: date.getMinutes() };
}

/** "9:05 AM": `toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' })`; "9:05 AM UTC" in UTC. */
export const formatClockTime = (date: Date, zone: DateZone = 'local') => {
  const { hours, minutes } = fields(date, zone);
  return `${hours % 12 || 12}:${String(minutes).padStart(2, '0')} ${hours < 12 ? 'AM' : 'PM'}${zone === 'utc' ? ' UTC' : ''}`;
};

/** "Tuesday, March 4, 2026": `toLocaleDateString('en-US', { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' })`. */
export const formatLongDate = (date: Date, zone: DateZone = 'local') => {
  const { year, month, day, weekday } = fields(date, zone);
  return `${WEEKDAYS[weekday]}, ${MONTHS[month]} ${day}, ${year}`;
};

/** "Mar 4, 2026, 9:05 AM": `toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' })`; "…, 9:05 AM UTC" in UTC. */
export const formatMediumDateTime = (date: Date, zone: DateZone = 'local') => {
  const { year, month, day } = fields(date, zone);
  return `${MONTHS[month]!.slice(0, 3)} ${day}, ${year}, ${formatClockTime(date, zone)}`;
};
