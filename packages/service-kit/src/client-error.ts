import type { Socket } from 'node:net';

/** Answer to a request Node's HTTP parser gave up on (body shorter than its Content-Length, bad framing). */
export const INCOMPLETE_REQUEST_MESSAGE = 'The request was incomplete or malformed: its body ended early. Please try again.';

const STATUS: Record<string, [number, string, string]> = {
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Request Timeout', 'The request took too long to arrive.'],
  HPE_HEADER_OVERFLOW: [431, 'Request Header Fields Too Large', 'The request headers are too large.'],
};

/**
 * Fastify's clientErrorHandler: the same `{ message }` JSON every other 4xx has, instead of
 * Fastify's `{ error, message: 'Client Error', statusCode }`, then the socket is closed.
 */
export function clientErrorHandler(err: Error & { code?: string }, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, label, message] = STATUS[err.code ?? ''] ?? [400, 'Bad Request', INCOMPLETE_REQUEST_MESSAGE];
  const body = JSON.stringify({ message });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${label}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}
