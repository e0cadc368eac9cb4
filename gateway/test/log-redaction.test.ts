import { randomInt } from 'node:crypto';
import { createServer, type Server, type Socket } from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '@wfm/service-kit';
import { freePort, testVisitorToken } from '@wfm/service-kit/testing';
import { startFakeServices, startGateway, type FakeServices } from './helpers.ts';

/** A booking reference as ama-booking issues them: "AMA" and 20 digits and capitals. */
const bookingReference = () => 'AMA' + Array.from({ length: 20 }, () => '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ'[randomInt(36)]).join('');

const lines: string[] = [];
const logger = createLogger(
  'gateway',
  'info',
  new Writable({
    write(chunk, _enc, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  }),
);

let services: FakeServices;
/** An ama-booking "service" that accepts connections and drops them at once. */
let dropping: Server;
const sockets = new Set<Socket>();

beforeAll(async () => {
  services = await startFakeServices();
  dropping = createServer((socket) => {
    sockets.add(socket);
    socket.once('data', () => socket.destroy());
  });
  await new Promise<void>((resolve) => dropping.listen(0, '127.0.0.1', resolve));
});
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await new Promise((resolve) => dropping?.close(resolve));
  await services?.close();
});

describe('gateway log lines', () => {
  it('show no anon_token value, x-anon-token header or booking reference: access log and upstream failures', async () => {
    const token = testVisitorToken();
    const ref = bookingReference();
    const headers = { 'x-anon-token': token, 'x-request-id': 'gateway-redaction' };
    const query = `?anon_token=${token}&reference=${ref}`;

    const healthy = await startGateway(services, { logger, readCache: false });
    try {
      const ok = await healthy.app.inject({ method: 'GET', url: `/api/ama/bookings/status/${ref}${query}`, headers });
      expect(ok.statusCode).toBe(200);
      // The service still gets the real path and query: only the log is masked.
      expect(ok.json()).toMatchObject({ url: `/api/ama/bookings/status/${ref}${query}` });
      expect((await healthy.app.inject({ method: 'GET', url: `/api/posts${query}`, headers })).statusCode).toBe(200);
    } finally {
      await healthy.close();
    }

    const dropped = await startGateway(
      { ...services, urls: { ...services.urls, 'ama-booking': `http://127.0.0.1:${(dropping.address() as { port: number }).port}` } },
      { logger, readCache: false },
    );
    const gone = await startGateway(
      { ...services, urls: { ...services.urls, 'ama-booking': `http://127.0.0.1:${await freePort()}` } },
      { logger, readCache: false },
    );
    try {
      const failed = await dropped.app.inject({ method: 'GET', url: `/api/ama/bookings/status/${ref}${query}`, headers });
      expect(failed.statusCode).toBeGreaterThanOrEqual(502);
      const refused = await gone.app.inject({ method: 'POST', url: `/api/ama/bookings/${ref}/receipt${query}`, headers });
      expect(refused.statusCode).toBe(503);
    } finally {
      await dropped.close();
      await gone.close();
    }

    // Every line of a request carries its id, the access line (written without a per-request child
    // logger, request-logger.ts) as well as the lines logged inside the request.
    const mine = lines.filter((l) => (JSON.parse(l) as { reqId?: string }).reqId === 'gateway-redaction');
    expect(mine.filter((l) => l.includes('request completed')).length).toBe(4);
    expect(mine.some((l) => l.includes('response errored'))).toBe(true);
    expect(mine.join('\n')).toContain('/api/ama/bookings/status/[booking-ref]?anon_token=[token]&reference=[booking-ref]');
    for (const line of lines) {
      for (const secret of [token, ...token.split('.'), ref]) expect(line).not.toContain(secret);
    }
  });
});
