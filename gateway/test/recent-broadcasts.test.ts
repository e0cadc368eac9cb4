import { describe, expect, it } from 'vitest';
import { RecentBroadcasts, type RecentBroadcastLimits } from '../src/recent-broadcasts.ts';

const frame = (text: string) => Buffer.from(text);
const texts = (frames: Buffer[] | null) => frames?.map(String) ?? null;

/** A buffer on a clock the test sets, started at 0; `addAt` adds a frame at a time. */
function clocked(limits: RecentBroadcastLimits) {
  let now = 0;
  const recent = new RecentBroadcasts(limits, () => now);
  return {
    recent,
    addAt(at: number, text: string) {
      now = at;
      recent.add(frame(text));
    },
  };
}

describe('recent broadcasts', () => {
  it('gives the frames of a window before a time, oldest first', () => {
    let now = 1000;
    const recent = new RecentBroadcasts({ windowMs: 10_000, maxFrames: 100, maxBytes: 10_000 }, () => now);
    for (const name of ['a', 'b', 'c']) {
      now += 100;
      recent.add(frame(name));
    }
    now = 1500;
    expect(texts(recent.since(350, Infinity))).toEqual(['b', 'c']);
    expect(texts(recent.since(450, 1300))).toEqual(['a', 'b']);
    // Back to the start of the replica: unknown what came before it.
    expect(recent.since(500, Infinity)).toBeNull();
  });

  it('lets go of frames by age, count and bytes, and then cannot replay past the latest one it let go of', () => {
    let now = 0;
    const byCount = new RecentBroadcasts({ windowMs: 60_000, maxFrames: 2, maxBytes: 10_000 }, () => now);
    for (const name of ['a', 'b', 'c']) {
      now += 100;
      byCount.add(frame(name));
    }
    expect(byCount.size).toBe(2);
    expect(texts(byCount.since(50, Infinity))).toEqual(['c']);
    expect(texts(byCount.since(199, Infinity))).toEqual(['b', 'c']);
    expect(byCount.since(200, Infinity)).toBeNull();

    const byBytes = clocked({ windowMs: 60_000, maxFrames: 100, maxBytes: 5 });
    byBytes.addAt(10, 'xxx');
    byBytes.addAt(20, 'yyy');
    expect(texts(byBytes.recent.since(5, Infinity))).toEqual(['yyy']);
    expect(byBytes.recent.since(10, Infinity)).toBeNull();

    const byAge = clocked({ windowMs: 1000, maxFrames: 100, maxBytes: 10_000 });
    byAge.addAt(100, 'old');
    byAge.addAt(2000, 'new');
    expect(byAge.recent.size).toBe(1);
    expect(texts(byAge.recent.since(1500, Infinity))).toEqual(['new']);
    expect(byAge.recent.since(1900, Infinity)).toBeNull();
  });

  it('stays bounded over many frames', () => {
    let now = 0;
    const recent = new RecentBroadcasts({ windowMs: 1_000_000, maxFrames: 50, maxBytes: 1_000_000 }, () => now);
    for (let i = 0; i < 10_000; i++) {
      now += 1;
      recent.add(frame(String(i)));
    }
    expect(recent.size).toBe(50);
    expect(texts(recent.since(1, Infinity))).toEqual(['9998', '9999']);
  });
});
