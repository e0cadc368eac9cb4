import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServiceApp } from '@wfm/service-kit';
import { buildTestService, TEST_STAFF_SECRET, TEST_VISITOR_SECRET, type TestService } from '@wfm/service-kit/testing';
import { service } from '../src/app.ts';
import { checkUsername, createProfile, createSession, uniqueUsername } from './helpers.ts';

let t: TestService;
beforeAll(async () => {
  t = await buildTestService(service);
});
afterAll(async () => t?.close());

describe('logs', () => {
  it('never contain a visitor token, on any identity route', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const app = await createServiceApp(service, {
      sql: t.sql,
      bus: t.bus,
      staffSecret: TEST_STAFF_SECRET, visitorSecret: TEST_VISITOR_SECRET,
      logger: pino({ level: 'trace' }, sink),
    });
    try {
      const token = await createSession(app);
      await checkUsername(app, uniqueUsername(), token);
      await createProfile(app, token, uniqueUsername());
      await app.inject({ method: 'GET', url: `/api/user-profile/${token}` });
      await app.inject({ method: 'GET', url: `/api/user-profile/check/${token}` });

      expect(lines.length).toBeGreaterThan(0);
      expect(lines.join('')).not.toContain(token);
    } finally {
      await app.close();
    }
  });
});
