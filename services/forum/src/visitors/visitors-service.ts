import type { ServiceContext } from '@wfm/service-kit';
import { touchVisitor } from './visitors-repository.ts';

/** A visitor's row moves forward at most this often, so busy readers cost no writes. */
const RESOLUTION_MS = 5 * 60_000;
/** Visitors remembered per process to skip writes; beyond it the oldest are forgotten. */
const MEMORY = 10_000;

/**
 * Records that a visitor (its keyed hash, visitors-request.ts) made a forum request. Each process
 * remembers when it last wrote a visitor and writes again only after RESOLUTION_MS; the upsert also
 * skips rows another replica moved recently. Writes happen after the response and never fail a request.
 */
export function createActivityRecorder(ctx: Pick<ServiceContext, 'sql' | 'log' | 'now'>) {
  const lastWritten = new Map<string, number>();
  return (visitorHash: Buffer, now = ctx.now()): void => {
    const key = visitorHash.toString('base64');
    const last = lastWritten.get(key);
    if (last !== undefined && now - last < RESOLUTION_MS) return;
    lastWritten.delete(key);
    lastWritten.set(key, now);
    if (lastWritten.size > MEMORY) lastWritten.delete(lastWritten.keys().next().value!);
    touchVisitor(ctx.sql, visitorHash, now, RESOLUTION_MS).catch((err: unknown) => ctx.log.warn({ err }, 'recording visitor activity failed'));
  };
}
