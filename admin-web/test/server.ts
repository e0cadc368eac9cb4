import { setupServer } from 'msw/node';

export const unhandledRequests: string[] = [];

/** No default answers: each test states the calls it expects; any other call fails the test. */
export const server = setupServer();

export function listen(): void {
  server.listen({
    onUnhandledRequest(request, print) {
      unhandledRequests.push(`${request.method} ${new URL(request.url).pathname}`);
      print.error();
    },
  });
}
