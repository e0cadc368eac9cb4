import { AMA_MESSAGES, type AmaSession } from '@wfm/contracts/ama';
import { describe, expect, it } from 'vitest';
import {
  formatPrice,
  formatSessionDate,
  formatSessionTime,
  hostInitials,
  isSessionFull,
  parsePaymentMethods,
  sessionStatusAt,
  truncateZoomLink,
} from '../src/features/ama/utils/session-display.ts';

const START = Date.UTC(2026, 2, 4, 15, 0);
const MIN = 60_000;
const session = (stored_status: AmaSession['stored_status'], duration_minutes = 60) => ({
  stored_status,
  scheduled_time: START,
  duration_minutes,
});

describe('display status from the clock (§4)', () => {
  it('is scheduled before the start, whatever staff set', () => {
    expect(sessionStatusAt(session('scheduled'), START - 1)).toBe('scheduled');
    expect(sessionStatusAt(session('live'), START - 1)).toBe('scheduled');
  });

  it('is live within [start, start + duration] only when staff started it', () => {
    expect(sessionStatusAt(session('live'), START)).toBe('live');
    expect(sessionStatusAt(session('live'), START + 60 * MIN)).toBe('live');
    expect(sessionStatusAt(session('scheduled'), START + 30 * MIN)).toBe('scheduled');
  });

  it('is completed past the end, even while stored as live or scheduled', () => {
    expect(sessionStatusAt(session('live'), START + 60 * MIN + 1)).toBe('completed');
    expect(sessionStatusAt(session('scheduled'), START + 60 * MIN + 1)).toBe('completed');
    expect(sessionStatusAt(session('scheduled', 15), START + 16 * MIN)).toBe('completed');
  });

  it('is completed at once when staff ended it early (stored completed), before and during its slot', () => {
    expect(sessionStatusAt(session('completed'), START - 60 * MIN)).toBe('completed');
    expect(sessionStatusAt(session('completed'), START + 10 * MIN)).toBe('completed');
    expect(sessionStatusAt(session('completed'), START + 60 * MIN + 1)).toBe('completed');
  });

  it('is cancelled whenever stored as cancelled', () => {
    expect(sessionStatusAt(session('cancelled'), START - MIN)).toBe('cancelled');
    expect(sessionStatusAt(session('cancelled'), START + 10 * MIN)).toBe('cancelled');
    expect(sessionStatusAt(session('cancelled'), START + 200 * MIN)).toBe('cancelled');
  });
});

describe('price formatting (§9 symbols)', () => {
  it('puts the currency symbol before two decimals', () => {
    expect(formatPrice(25, 'USD')).toBe('$25.00');
    expect(formatPrice(1500, 'PHP')).toBe('₱1,500.00');
    expect(formatPrice(9.5, 'EUR')).toBe('€9.50');
    expect(formatPrice(0.01, 'USD')).toBe('$0.01');
  });

  it('falls back to the code for a currency it does not know', () => {
    expect(formatPrice(3, 'GBP')).toBe('GBP 3.00');
  });
});

describe('zoom link truncation (§9: 40 characters)', () => {
  it('keeps links of up to 40 characters whole', () => {
    const forty = 'https://zoom.us/j/1234567890?pwd=abcdefg';
    expect(forty).toHaveLength(40);
    expect(truncateZoomLink(forty)).toBe(forty);
    expect(truncateZoomLink('https://zoom.us/j/1')).toBe('https://zoom.us/j/1');
  });

  it('cuts longer links to their first 40 characters and an ellipsis', () => {
    const long = 'https://zoom.us/j/1234567890?pwd=abcdefgh';
    expect(long).toHaveLength(41);
    expect(truncateZoomLink(long)).toBe('https://zoom.us/j/1234567890?pwd=abcdefg...');
  });
});

describe('dates', () => {
  it('shows "Invalid Date" for values that are no time', () => {
    for (const value of [Number.NaN, Number.POSITIVE_INFINITY, 9e15, 'soon', null]) {
      expect(formatSessionDate(value)).toBe(AMA_MESSAGES.invalidDate);
      expect(formatSessionTime(value)).toBe(AMA_MESSAGES.invalidDate);
    }
  });

  it('formats a real time as a long date and a short time', () => {
    const local = new Date(2026, 2, 4, 9, 5).getTime();
    expect(formatSessionDate(local)).toBe('Wednesday, March 4, 2026');
    expect(formatSessionTime(local)).toBe('9:05 AM');
  });
});

describe('capacity and the rest', () => {
  it('is full when occupancy reaches max participants, never when unlimited or still loading', () => {
    expect(isSessionFull(20, 20)).toBe(true);
    expect(isSessionFull(20, 21)).toBe(true);
    expect(isSessionFull(20, 19)).toBe(false);
    expect(isSessionFull(null, 10_000)).toBe(false);
    expect(isSessionFull(20, undefined)).toBe(false);
  });

  it('reads the payment methods JSON text, and survives bad text', () => {
    expect(parsePaymentMethods('{"paypal":{"email":"pay@x.io"},"gcash":{"number":"0917","name":"Ana"}}')).toMatchObject({
      paypal: { email: 'pay@x.io' },
      gcash: { number: '0917', name: 'Ana' },
    });
    expect(parsePaymentMethods('not json')).toEqual({ paypal: {}, gcash: {} });
    expect(parsePaymentMethods(null)).toEqual({ paypal: {}, gcash: {} });
  });

  it('takes up to two initials for the host avatar', () => {
    expect(hostInitials('Maria dela Cruz')).toBe('MD');
    expect(hostInitials('  ann  ')).toBe('A');
    expect(hostInitials('')).toBe('?');
  });
});
