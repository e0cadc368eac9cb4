import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger, createServiceApp } from '@wfm/service-kit';
import { TEST_STAFF_SECRET, TEST_VISITOR_SECRET, testVisitorToken } from '@wfm/service-kit/testing';
import { book, buildAma, createSession, type AmaTest } from './helpers.ts';

let t: AmaTest;
beforeAll(async () => {
  t = await buildAma();
});
afterAll(async () => t?.close());

describe('logs', () => {
  it('never show a booking reference or an anon_token value, even at trace level', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(...String(chunk).split('\n').filter(Boolean));
        done();
      },
    });
    const app = await createServiceApp(t.def, {
      sql: t.sql,
      bus: t.bus,
      staffSecret: TEST_STAFF_SECRET,
      visitorSecret: TEST_VISITOR_SECRET,
      logger: createLogger('ama-booking', 'trace', sink),
    });
    try {
      const sessionId = await createSession(t);
      const ref = (await book(t, sessionId)).booking_reference;
      const token = testVisitorToken();
      const headers = { 'x-anon-token': token, 'x-request-id': 'ama-redaction' };
      const query = `?anon_token=${token}&reference=${ref}`;
      for (const url of [
        `/api/ama/sessions/${sessionId}${query}`,
        `/api/ama/bookings/status/${ref}${query}`,
        `/api/ama/bookings/status/${ref.toLowerCase()}`,
        `/api/ama/bookings/${ref}/calendar.ics${query}`,
        `/api/ama/bookings/${ref}/nowhere${query}`,
      ]) {
        const res = await app.inject({ method: 'GET', url, headers });
        expect(res.statusCode, url).toBeLessThan(500);
      }
      const mine = lines.filter((l) => l.includes('ama-redaction'));
      expect(mine.some((l) => l.includes('request completed') && l.includes('[booking-ref]') && l.includes('anon_token=[token]'))).toBe(true);
      for (const line of lines) {
        for (const secret of [ref, ref.toLowerCase(), token, ...token.split('.')]) expect(line).not.toContain(secret);
      }
    } finally {
      await app.close();
    }
  });
});
