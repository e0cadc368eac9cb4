import { describe, expect, it } from 'vitest';
import { localDateTime } from '../src/lib/local-date-format.ts';

describe('dates in the visitor zone', () => {
  const dates = [new Date(Date.UTC(2026, 10, 28, 5, 30, 7)), new Date(Date.UTC(2025, 0, 1, 23, 59, 59)), new Date(0)];

  it('writes a date and time in the local zone as year-month-day hours:minutes', () => {
    for (const date of dates) {
      const [day, time] = localDateTime(date).split(' ');
      expect(new Date(`${day}T${time}`).getTime()).toBe(date.getTime() - date.getSeconds() * 1000);
    }
    expect(localDateTime(new Date(2026, 0, 5, 7, 3, 59))).toBe('2026-01-05 07:03');
  });
});
