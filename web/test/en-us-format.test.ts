import { describe, expect, it } from 'vitest';
import { formatClockTime, formatDecimal, formatLongDate, formatMediumDateTime, formatUsd } from '../src/lib/en-us-format.ts';

/** The same text as Intl's en-US, without making an Intl formatter (src/lib/en-us-format.ts). */
const VALUES = [
  0, -0, 1, 7, 12, 999, 1000, 1001, 12345, 999999, 1000000, 1234567.891, -1234.5, 0.5, 0.125, 1.005, 2.675, 0.0004, 0.0005,
  -0.0004, 99.995, 1e14 + 0.5, 123456789012.345, -987654321, 3.14159, 10000, 25, 1500, 9.99, 0.1 + 0.2,
];

describe('en-US formats without Intl', () => {
  it('writes numbers as toLocaleString("en-US") with 0-3 fraction digits', () => {
    const sample = [...VALUES, ...Array.from({ length: 2000 }, (_, i) => (i - 1000) * 37.0371 + i / 7)];
    for (const value of sample) {
      expect(formatDecimal(value)).toBe(value.toLocaleString('en-US'));
      for (const digits of [0, 1, 2]) {
        expect(formatDecimal(value, digits, digits)).toBe(value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits }));
      }
    }
    expect(formatDecimal(Number.POSITIVE_INFINITY)).toBe('∞');
  });

  it('writes US dollars as Intl does, to the cent and to the dollar', () => {
    for (const value of [...VALUES, 1500, -20.5, 0.004]) {
      expect(formatUsd(value)).toBe(value.toLocaleString('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 2 }));
      expect(formatUsd(value, 0)).toBe(value.toLocaleString('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 }));
    }
  });

  it('writes dates and times in the local zone as Intl does', () => {
    const base = new Date(2026, 0, 1, 0, 0).getTime();
    // Every hour of a year and a day (both sides of noon and midnight, every weekday and month), odd minutes.
    for (let hour = 0; hour < 366 * 24 + 24; hour += 5) {
      const date = new Date(base + hour * 3_600_000 + (hour % 60) * 60_000);
      expect(formatLongDate(date)).toBe(date.toLocaleDateString('en-US', { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' }));
      expect(formatClockTime(date)).toBe(date.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' }).replace('\u202f', ' '));
      expect(formatMediumDateTime(date)).toBe(date.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' }).replace('\u202f', ' '));
    }
  });

  it('writes them in UTC when asked, whatever the local zone (a server-rendered page hydrates with these)', () => {
    const before = process.env.TZ;
    // 14 hours ahead of UTC: the local and the UTC day differ for most of each day.
    process.env.TZ = 'Pacific/Kiritimati';
    try {
      const base = Date.UTC(2026, 0, 1, 0, 0);
      for (let hour = 0; hour < 366 * 24 + 24; hour += 5) {
        const date = new Date(base + hour * 3_600_000 + (hour % 60) * 60_000);
        const utc = { timeZone: 'UTC' } as const;
        expect(formatLongDate(date, 'utc')).toBe(date.toLocaleDateString('en-US', { ...utc, weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' }));
        expect(formatClockTime(date, 'utc')).toBe(`${date.toLocaleTimeString('en-US', { ...utc, hour: 'numeric', minute: '2-digit' }).replace('\u202f', ' ')} UTC`);
        expect(formatMediumDateTime(date, 'utc')).toBe(`${date.toLocaleString('en-US', { ...utc, dateStyle: 'medium', timeStyle: 'short' }).replace('\u202f', ' ')} UTC`);
        expect(formatLongDate(date)).toBe(date.toLocaleDateString('en-US', { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' }));
      }
      // The zone really is another here: at noon UTC it is already the next day locally.
      const noon = new Date(base + 12 * 3_600_000);
      expect(formatLongDate(noon, 'utc')).not.toBe(formatLongDate(noon));
      expect(formatMediumDateTime(noon, 'utc')).not.toBe(formatMediumDateTime(noon).concat(' UTC'));
    } finally {
      if (before === undefined) delete process.env.TZ;
      else process.env.TZ = before;
    }
  });
});
