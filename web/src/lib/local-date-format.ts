/** Dates in the visitor's zone. */
const two = (n: number) => String(n).padStart(2, '0');

/**
 * A date and time in the visitor's zone, `2026-11-28 05:30`, written without Intl: it is the title
 * of every relative time on a page, and a phone's first Intl.DateTimeFormat (the locale's ICU data)
 * was a 25 ms task of every page's hydration, 100 ms on Lighthouse's slowed CPU (issue 27).
 */
export const localDateTime = (date: Date) =>
  `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())} ${two(date.getHours())}:${two(date.getMinutes())}`;

