/**
 * Dates in the visitor's zone. Formatters of the visitor's locale are each made once:
 * `Date#toLocaleString(locale, options)` builds a new Intl.DateTimeFormat on every call; a feed page
 * shows dozens of dates, and on a phone those calls were a long task of the page's hydration
 * (issue 27, docs/decisions.md).
 */
const made = new Map<string, Intl.DateTimeFormat>();

function formatter(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = JSON.stringify(options);
  let format = made.get(key);
  if (!format) made.set(key, (format = new Intl.DateTimeFormat(undefined, options)));
  return format;
}

const two = (n: number) => String(n).padStart(2, '0');

/**
 * A date and time in the visitor's zone, `2026-11-28 05:30`, written without Intl: it is the title
 * of every relative time on a page, and a phone's first Intl.DateTimeFormat (the locale's ICU data)
 * was a 25 ms task of every page's hydration, 100 ms on Lighthouse's slowed CPU (issue 27).
 */
export const localDateTime = (date: Date) =>
  `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())} ${two(date.getHours())}:${two(date.getMinutes())}`;

/** What `date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })` gives. */
export const localMediumDateShortTime = (date: Date) => formatter({ dateStyle: 'medium', timeStyle: 'short' }).format(date);
