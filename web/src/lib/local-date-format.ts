/**
 * Formatters of dates in the visitor's locale and zone, each made once. `Date#toLocaleString(locale,
 * options)` builds a new Intl.DateTimeFormat on every call; a feed page shows dozens of dates, and on
 * a phone those calls were a long task of the page's hydration (issue 27, docs/decisions.md).
 */
const made = new Map<string, Intl.DateTimeFormat>();

function formatter(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = JSON.stringify(options);
  let format = made.get(key);
  if (!format) made.set(key, (format = new Intl.DateTimeFormat(undefined, options)));
  return format;
}

/** What `date.toLocaleString()` gives ("11/28/2026, 5:30:00 AM" in en-US). */
export const localDateTime = (date: Date) =>
  formatter({ year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' }).format(date);

/** What `date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })` gives. */
export const localMediumDateShortTime = (date: Date) => formatter({ dateStyle: 'medium', timeStyle: 'short' }).format(date);
