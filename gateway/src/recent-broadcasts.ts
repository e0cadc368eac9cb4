/**
 * The public messages this replica broadcast lately, as the frames it wrote, so a socket that opens
 * after its page was loaded can be sent what it missed meanwhile (a hello's `replay_ms`): the page's
 * data, perhaps rendered on the server seconds before, was not yet listening. Bounded by age, count
 * and bytes; what it had to let go of (or what came before the replica started) it cannot replay,
 * and says so, and the browser then refetches what it shows.
 */
export interface RecentBroadcastLimits {
  /** Frames older than this are let go of. */
  windowMs: number;
  maxFrames: number;
  maxBytes: number;
}

export const RECENT_BROADCAST_LIMITS: RecentBroadcastLimits = { windowMs: 30_000, maxFrames: 1_000, maxBytes: 1 << 20 };

interface Entry {
  at: number;
  frame: Buffer;
}

export class RecentBroadcasts {
  private entries: Entry[] = [];
  private head = 0;
  private bytes = 0;
  /** Frames from this time on are all here: the replica's start, then the latest frame let go of. */
  private completeFrom: number;

  constructor(
    private readonly limits: RecentBroadcastLimits = RECENT_BROADCAST_LIMITS,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.completeFrom = now();
  }

  get size(): number {
    return this.entries.length - this.head;
  }

  /**
   * Notes a broadcast frame (called before it is written, so its time is no later than any socket's
   * copy) and answers the time it was noted at.
   */
  add(frame: Buffer): number {
    const at = this.now();
    this.entries.push({ at, frame });
    this.bytes += frame.length;
    const oldest = at - this.limits.windowMs;
    while (this.size > 0) {
      const first = this.entries[this.head]!;
      if (first.at >= oldest && this.size <= this.limits.maxFrames && this.bytes <= this.limits.maxBytes) break;
      this.bytes -= first.frame.length;
      this.completeFrom = Math.max(this.completeFrom, first.at);
      this.head += 1;
    }
    // Compacted now and then rather than shifted per frame.
    if (this.head > 1024 && this.head * 2 > this.entries.length) {
      this.entries = this.entries.slice(this.head);
      this.head = 0;
    }
    return at;
  }

  /**
   * The frames broadcast from `sinceMs` ago up to (not including) `before` (a socket's opening,
   * from which on it got every broadcast itself), oldest first; null when some of them may be
   * gone (or came before this replica started).
   */
  since(sinceMs: number, before: number): Buffer[] | null {
    const from = this.now() - sinceMs;
    if (from <= this.completeFrom) return null;
    const frames: Buffer[] = [];
    for (let i = this.head; i < this.entries.length; i++) {
      const entry = this.entries[i]!;
      if (entry.at >= before) break;
      if (entry.at >= from) frames.push(entry.frame);
    }
    return frames;
  }
}
