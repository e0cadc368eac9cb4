import { describe, expect, it } from 'vitest';
import { localDateTime, localMediumDateShortTime } from '../src/lib/local-date-format.ts';

describe('dates in the visitor locale, from formatters made once', () => {
  const dates = [new Date(Date.UTC(2026, 10, 28, 5, 30, 7)), new Date(Date.UTC(2025, 0, 1, 23, 59, 59)), new Date(0)];

  it('reads as Date#toLocaleString() did', () => {
    for (const date of dates) expect(localDateTime(date)).toBe(date.toLocaleString());
  });

  it("reads as toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }) did", () => {
    for (const date of dates) expect(localMediumDateShortTime(date)).toBe(date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }));
  });
});
