import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerRequestDeadline, SERVICE_UNAVAILABLE_MESSAGE } from '../src/dependency-errors.ts';
import { INTERNAL_ERROR_MESSAGE, registerErrorHandler } from '../src/error-handler.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * An app whose deadline is 1 ms while every answer spends 30 ms in an onSend hook: the route's answer
 * is already on its way (reached without any timer in between) when the deadline fires.
 */
async function appWithSlowSend() {
  const app = Fastify();
  registerRequestDeadline(app, 1);
  registerErrorHandler(app);
  app.addHook('onSend', async (_request, _reply, payload) => {
    await sleep(30);
    return payload;
  });
  app.get('/answer', async () => ({ ok: true }));
  app.get('/fails', async () => {
    throw new Error('a bug');
  });
  app.get('/hangs', () => new Promise(() => {}));
  await app.ready();
  return app;
}

describe('request deadline', () => {
  it('leaves an answer that is already being sent alone: its status and body stay together', async () => {
    const app = await appWithSlowSend();
    const res = await app.inject({ method: 'GET', url: '/answer' });
    expect([res.statusCode, res.json()]).toEqual([200, { ok: true }]);
    const failed = await app.inject({ method: 'GET', url: '/fails' });
    expect([failed.statusCode, failed.json()]).toEqual([500, { message: INTERNAL_ERROR_MESSAGE }]);
    await app.close();
  });

  it('answers 503 with its message when the handler has not answered in time', async () => {
    const app = await appWithSlowSend();
    const res = await app.inject({ method: 'GET', url: '/hangs' });
    expect([res.statusCode, res.json()]).toEqual([503, { message: SERVICE_UNAVAILABLE_MESSAGE }]);
    await app.close();
  });
});
