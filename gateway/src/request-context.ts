import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** A client or upstream proxy may pass its own request id if it looks like one. */
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export function requestIdFor(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
}
