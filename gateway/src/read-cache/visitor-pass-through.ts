import { createHash } from 'node:crypto';

/** Visitors remembered for each purpose; beyond it the oldest are forgotten. */
const MAX_VISITORS = 100_000;

/** When each visitor (SHA-256 of its token) last did something; oldest first, bounded. */
class VisitorTimes {
  private readonly at = new Map<string, number>();

  get(visitor: string): number | undefined {
    return this.at.get(visitor);
  }

  set(visitor: string, now: number): void {
    this.at.delete(visitor);
    this.at.set(visitor, now);
    if (this.at.size > MAX_VISITORS) this.at.delete(this.at.keys().next().value!);
  }
}

/**
 * Which cacheable reads of a visitor go to the service instead of the cache:
 * - reads shortly after the visitor's own write, so the refetch that follows a mutation sees it
 *   even before the write's event has reached the gateway (read your own writes);
 * - the first read in a while, because the forum counts "active members" from the visitor tokens
 *   on the requests it serves, and the cache answers most reads without asking it.
 */
export class VisitorPassThrough {
  private readonly reads = new VisitorTimes();
  private readonly writes = new VisitorTimes();

  constructor(private readonly opts: { activityWindowMs: number; ownWritesWindowMs: number }) {}

  noteWrite(token: string | string[] | undefined, now = Date.now()): void {
    if (typeof token === 'string' && token !== '') this.writes.set(visitorOf(token), now);
  }

  /** True when this read should skip the cache (it then goes to the service with its token). */
  shouldPass(token: string | string[] | undefined, now = Date.now()): boolean {
    if (typeof token !== 'string' || token === '') return false;
    const visitor = visitorOf(token);
    const wrote = this.writes.get(visitor);
    if (wrote !== undefined && now - wrote < this.opts.ownWritesWindowMs) return true;
    const read = this.reads.get(visitor);
    if (read !== undefined && now - read < this.opts.activityWindowMs) return false;
    this.reads.set(visitor, now);
    return true;
  }
}

const visitorOf = (token: string) => createHash('sha256').update(token).digest('base64');
