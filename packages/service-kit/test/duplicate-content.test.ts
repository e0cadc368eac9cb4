import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { contentHash, createDuplicateContent, HOUR, normaliseContent } from '../src/index.ts';
import { VISITORS_PER_TEXT } from '../src/duplicate-content.ts';
import { testClock, TEST_REDIS_URL } from '../src/testing-index.ts';

// The kit's duplicate-content check against the real Redis on this machine: copies are counted per
// distinct visitor, atomically (a parallel burst lets exactly holdAt - 1 through), within a window.
let redis: Redis;
beforeAll(() => {
  redis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: 1 });
});
afterAll(() => redis?.disconnect());

const text = () => `Limited offer: buy WFM seats cheap at example.test/${randomBytes(6).toString('hex')} today`;
const prefix = () => `wfm-dup-test:${randomBytes(4).toString('hex')}:`;

describe('normaliseContent', () => {
  it('folds case, width, accents, markdown, whitespace and invisible characters', () => {
    const plain = normaliseContent('Buy cheap seats now');
    expect(normaliseContent('**BUY** _cheap_ seats   now!!')).toBe(plain);
    expect(normaliseContent('Ｂｕｙ ｃｈｅａｐ seats now')).toBe(plain);
    expect(normaliseContent('B\u200bu\u200dy\u00ad cheap\u2060 seats\ufeff now')).toBe(plain);
    expect(normaliseContent('Bùy chéap seats\n\n> now')).toBe(plain);
    expect(normaliseContent('Buy cheap seats later')).not.toBe(plain);
  });

  it('does not count texts shorter than the minimum length', () => {
    expect(contentHash('Thanks, this helped a lot!', 40)).toBeNull();
    expect(contentHash('**Thanks**\u200b\u200b\u200b\u200b\u200b\u200b\u200b\u200b\u200b\u200b\u200b\u200b\u200b\u200b', 10)).toBeNull();
    expect(contentHash(text(), 40)).toMatch(/^[\w-]{43}$/);
  });
});

describe('createDuplicateContent with Redis', () => {
  it('holds from the 3rd distinct visitor on, also when an earlier visitor writes it again', async () => {
    const check = createDuplicateContent({ redis, prefix: prefix() });
    const t = text();
    const verdicts = [];
    for (const who of ['a', 'a', 'b', 'c', 'a', 'd']) verdicts.push(await check.check(t, `visitor:${who}`));
    expect(verdicts.map((v) => v.held)).toEqual([false, false, false, true, true, true]);
    expect(verdicts.map((v) => v.copies)).toEqual([1, 1, 2, 3, 3, 4]);
  });

  it('lets exactly holdAt - 1 through when 60 visitors write the same text at once', async () => {
    const check = createDuplicateContent({ redis, prefix: prefix(), settings: { holdAt: 3 } });
    const t = text();
    const verdicts = await Promise.all(Array.from({ length: 60 }, (_, i) => check.check(t, `visitor:${i}`)));
    expect(verdicts.filter((v) => !v.held)).toHaveLength(2);
  });

  it('counts every replica: two processes (two clients) share the count', async () => {
    const other = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: 1 });
    try {
      const p = prefix();
      const a = createDuplicateContent({ redis, prefix: p });
      const b = createDuplicateContent({ redis: other, prefix: p });
      const t = text();
      expect((await a.check(t, 'visitor:1')).held).toBe(false);
      expect((await b.check(t, 'visitor:2')).held).toBe(false);
      expect((await a.check(t, 'visitor:3')).held).toBe(true);
    } finally {
      other.disconnect();
    }
  });

  it('forgets copies older than the window', async () => {
    const clock = testClock();
    const check = createDuplicateContent({ redis, prefix: prefix(), now: clock.now });
    const t = text();
    await check.check(t, 'visitor:1');
    await check.check(t, 'visitor:2');
    clock.advance(HOUR + 1);
    expect(await check.check(t, 'visitor:3')).toEqual({ held: false, copies: 1 });
  });

  it('keeps a bounded set per text, still holding', async () => {
    const p = prefix();
    const check = createDuplicateContent({ redis, prefix: p });
    const t = text();
    for (let i = 0; i < VISITORS_PER_TEXT + 30; i++) await check.check(t, `visitor:${i}`);
    const last = await check.check(t, "visitor:new");
    expect(last, JSON.stringify(last)).toMatchObject({ held: true });
    expect(await redis.zcard(`${p}${contentHash(t, 40)}`)).toBe(VISITORS_PER_TEXT);
  });

  it('counts in memory when Redis fails, rather than refusing or holding everyone', async () => {
    const dead = new Redis('redis://127.0.0.1:1', { maxRetriesPerRequest: 0, lazyConnect: true, retryStrategy: () => null });
    dead.on('error', () => undefined);
    const errors: unknown[] = [];
    try {
      const check = createDuplicateContent({ redis: dead, prefix: prefix(), onRedisError: (err) => errors.push(err) });
      const t = text();
      const verdicts = [];
      for (const who of ['a', 'b', 'c']) verdicts.push((await check.check(t, who)).held);
      expect(verdicts).toEqual([false, false, true]);
      expect(errors.length).toBeGreaterThan(0);
      expect((await check.check(text(), 'a')).held).toBe(false);
    } finally {
      dead.disconnect();
    }
  });

  it('is off with holdAt 0', async () => {
    const check = createDuplicateContent({ redis, prefix: prefix(), settings: { holdAt: 0 } });
    const t = text();
    for (let i = 0; i < 5; i++) expect((await check.check(t, `visitor:${i}`)).held).toBe(false);
  });
});

describe('createDuplicateContent in memory (no Redis)', () => {
  it('holds from the 3rd visitor and lets exactly two through a parallel burst', async () => {
    const check = createDuplicateContent({});
    const t = text();
    const verdicts = await Promise.all(Array.from({ length: 30 }, (_, i) => check.check(t, `visitor:${i}`)));
    expect(verdicts.filter((v) => !v.held)).toHaveLength(2);
  });
});
