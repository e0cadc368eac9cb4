import { ws } from 'msw';
import { setupServer } from 'msw/node';

export const unhandledRequests: string[] = [];

/** The gateway's websocket (the jobs badge listens for job_submitted); tests may push on it. */
export const realtime = ws.link(`ws://${window.location.host}/ws`);

/**
 * No default answers but an idle websocket: each test states the calls it expects; any other
 * call fails the test.
 */
export const server = setupServer(realtime.addEventListener('connection', () => {}));

export function listen(): void {
  server.listen({
    onUnhandledRequest(request, print) {
      unhandledRequests.push(`${request.method} ${new URL(request.url).pathname}`);
      print.error();
    },
  });
}
