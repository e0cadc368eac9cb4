import type { FastifyInstance } from 'fastify';

/**
 * app.close() waits for every connection to end. Fastify closes the idle keep-alive connections
 * when close starts, but a request still running then leaves its connection open (idle, for the
 * keep-alive timeout) once answered. While closing, answers therefore carry `Connection: close`
 * and connections that turn idle are closed at once, so close() returns when in-flight requests are done.
 */
export function registerConnectionDraining(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (closing) reply.header('connection', 'close');
    return payload;
  });
  app.addHook('onResponse', async () => {
    if (closing) setImmediate(() => app.server.closeIdleConnections());
  });
}
