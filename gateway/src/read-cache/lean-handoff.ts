import type { IncomingMessage } from 'node:http';
import type { CachedRoute } from './cacheable-reads.ts';

/**
 * What the lean listener (lean-hits.ts) learnt about a request it handed to Fastify, kept on the
 * raw request so the read-cache hook neither repeats the work nor asks twice what may not be asked
 * twice (VisitorPassThrough remembers a visitor's read).
 */
const FOUND = Symbol('wfm.leanFound');
const PASSED = Symbol('wfm.leanPassed');
type Marked = IncomingMessage & { [FOUND]?: CachedRoute | null; [PASSED]?: true };

/** The route-table lookup's result (null: not a cacheable read). */
export function handOverFound(req: IncomingMessage, found: CachedRoute | null): void {
  (req as Marked)[FOUND] = found;
}

/** The lookup the lean listener already made; undefined when it made none. */
export const foundByLeanPath = (req: IncomingMessage): CachedRoute | null | undefined => (req as Marked)[FOUND];

/** The visitor's read goes to the service (the lean listener asked, the answer was: pass). */
export function handOverPassed(req: IncomingMessage): void {
  (req as Marked)[PASSED] = true;
}

export const passedByLeanPath = (req: IncomingMessage) => (req as Marked)[PASSED] === true;
