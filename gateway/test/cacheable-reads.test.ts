import { describe, expect, it } from 'vitest';
import { cacheableRead } from '../src/read-cache/cacheable-reads.ts';
import { MemoryLayer, SWEEP_INTERVAL_MS } from '../src/read-cache/memory-layer.ts';

describe('which reads are cacheable', () => {
  it('keys post lists, post details and stats by path and query ordered by name', () => {
    expect(cacheableRead('GET', '/api/posts', {})).toEqual({ key: '/api/posts', group: 'lists' });
    expect(cacheableRead('GET', '/api/posts?type=Idea&sort=trending&tag=b&tag=a', {})).toEqual({
      key: '/api/posts?sort=trending&tag=b&tag=a&type=Idea',
      group: 'lists',
    });
    expect(cacheableRead('GET', '/api/posts?q=a%20b&&', {})?.key).toBe('/api/posts?q=a%20b');
    expect(cacheableRead('GET', '/api/posts/42', {})).toEqual({ key: '/api/posts/42', group: 'post:42' });
    expect(cacheableRead('GET', '/api/stats', {})).toEqual({ key: '/api/stats', group: 'stats' });
  });

  it('leaves per-visitor, credentialed, non-GET and odd requests to the service', () => {
    const token = 'x'.repeat(43);
    for (const url of [`/api/posts?anon_token=${token}`, `/api/posts?sort=latest&anon%5Ftoken=${token}`, '/api/posts?anon_token=']) {
      expect(cacheableRead('GET', url, {}), url).toBeUndefined();
    }
    expect(cacheableRead('GET', '/api/posts', { cookie: 'wfm_staff=1' })).toBeUndefined();
    expect(cacheableRead('GET', '/api/posts', { authorization: 'Bearer x' })).toBeUndefined();
    expect(cacheableRead('HEAD', '/api/posts', {})).toBeUndefined();
    expect(cacheableRead('POST', '/api/posts', {})).toBeUndefined();
    for (const url of ['/api/posts/007', '/api/posts/0', '/api/posts/1.5', '/api/posts/abc', '/api/posts/1/upvote', '/api/posts/', '/api/stats/x', '/api/posts?%zz=1']) {
      expect(cacheableRead('GET', url, {}), url).toBeUndefined();
    }
    expect(cacheableRead('GET', `/api/posts?q=${'a'.repeat(2000)}`, {})).toBeUndefined();
  });
});

describe('searches', () => {
  it('are kept in memory only (never the shared layer), while the other list reads are shared', () => {
    expect(cacheableRead('GET', '/api/posts?q=erlang&sort=latest', {})).toEqual({ key: '/api/posts?q=erlang&sort=latest', group: 'lists', shared: false });
    expect(cacheableRead('GET', '/api/posts?sort=latest&limit=20', {})).toEqual({ key: '/api/posts?limit=20&sort=latest', group: 'lists' });
    expect(cacheableRead('GET', '/api/posts/7', {})).toEqual({ key: '/api/posts/7', group: 'post:7' });
  });
});

describe('catalog reads', () => {
  it('caches tool, template and poll lists, poll stats and anonymous poll details', () => {
    expect(cacheableRead('GET', '/api/tools?sort=votes&category=RTA', {})).toEqual({ key: '/api/tools?category=RTA&sort=votes', group: 'catalog-tools' });
    expect(cacheableRead('GET', '/api/templates?q=a', {})?.group).toBe('catalog-templates');
    expect(cacheableRead('GET', '/api/polls?sort=ending', {})).toEqual({ key: '/api/polls?sort=ending', group: 'catalog-polls', ttlMs: 5_000 });
    expect(cacheableRead('GET', '/api/polls/stats', {})?.group).toBe('catalog-poll-stats');
    expect(cacheableRead('GET', '/api/polls/12', {})).toEqual({ key: '/api/polls/12', group: 'poll:12', ttlMs: 5_000 });
    expect(cacheableRead('GET', '/api/polls/12/breakdown?by=region', { 'x-anon-token': 't' })?.group).toBe('poll:12');
  });

  it("never shares a visitor's own answers: My Polls and a poll detail asked with x-anon-token (its userVote)", () => {
    expect(cacheableRead('GET', '/api/polls?anon_token=abc', {})).toBeUndefined();
    expect(cacheableRead('GET', '/api/polls/12', { 'x-anon-token': 'abc' })).toBeUndefined();
    expect(cacheableRead('GET', '/api/polls/012', {})).toBeUndefined();
  });
});

describe('memory layer', () => {
  const answer = (bytes: number, expiresAt = Date.now() + 60_000) => ({
    body: Buffer.alloc(bytes),
    gzip: undefined,
    contentType: 'application/json',
    etag: '"e"',
    expiresAt,
  });

  it('evicts the oldest entries past its byte budget and forgets expired ones', () => {
    const memory = new MemoryLayer(2_000);
    memory.set('/a', 'lists', answer(800));
    memory.set('/b', 'lists', answer(800));
    memory.set('/c', 'stats', answer(800));
    expect(memory.get('/a', Date.now())).toBeUndefined();
    expect(memory.get('/c', Date.now())).toBeDefined();
    memory.set('/d', 'stats', answer(10, Date.now() - 1));
    expect(memory.get('/d', Date.now())).toBeUndefined();
    memory.set('/huge', 'lists', answer(5_000));
    expect(memory.get('/huge', Date.now())).toBeUndefined();
  });

  it('hands an entry\'s shared-layer slot to its first lookup only, never to get', () => {
    const memory = new MemoryLayer(1_000_000);
    const now = Date.now();
    memory.set('/a', 'lists', answer(10), now, 'slot-a');
    expect(memory.get('/a', now)).toBeDefined();
    expect(memory.lookup('/a', now)?.unpublished).toBe('slot-a');
    expect(memory.lookup('/a', now)?.unpublished).toBeUndefined();
    // Stored again (a refresh), the new answer is published by its own first hit.
    memory.set('/a', 'lists', answer(10), now, 'slot-b');
    expect(memory.lookup('/a', now)?.unpublished).toBe('slot-b');
    // An answer that came from the shared layer has nothing to publish.
    memory.set('/b', 'lists', answer(10), now);
    expect(memory.lookup('/b', now)?.unpublished).toBeUndefined();
  });

  it('keeps an expired entry for its stale window, marked stale', () => {
    const memory = new MemoryLayer(1_000_000, 1_000);
    const now = Date.now();
    memory.set('/a', 'lists', answer(10, now + 100));
    expect(memory.lookup('/a', now)?.stale).toBe(false);
    expect(memory.lookup('/a', now + 500)?.stale).toBe(true);
    expect(memory.get('/a', now + 500)).toBeUndefined();
    expect(memory.lookup('/a', now + 1_200)).toBeUndefined();
    memory.set('/b', 'lists', answer(10, now - 10));
    memory.invalidate('lists');
    expect(memory.lookup('/b', now)).toBeUndefined();
  });

  it('sweeps entries past their stale window when storing, at most every sweep interval, well below the budget', () => {
    const memory = new MemoryLayer(1_000_000, 1_000);
    const now = Date.now();
    memory.set('/old', 'lists', answer(500, now + 100), now);
    memory.set('/stale', 'lists', answer(500, now + 4_500), now);
    memory.set('/fresh', 'stats', answer(500, now + 60_000), now);
    const full = memory.size;
    // Within the interval nothing is swept, even though /old's window (1.1 s) has ended.
    memory.set('/x', 'lists', answer(10, now + 60_000), now + 2_000);
    expect(memory.size).toBeGreaterThan(full);
    // After it, /old goes; /stale is still within its stale window and stays.
    memory.set('/y', 'lists', answer(10, now + 60_000), now + SWEEP_INTERVAL_MS + 1);
    expect(memory.lookup('/stale', now + 5_000)?.stale).toBe(true);
    expect(memory.lookup('/fresh', now + 5_000)?.stale).toBe(false);
    expect(memory.size).toBeLessThan(full);
    memory.invalidate('stats');
    memory.invalidate('lists');
    expect(memory.size).toBe(0);
  });

  it('counts a gzip made after storing against the budget, once, and evicts for it', () => {
    const memory = new MemoryLayer(2_000);
    memory.set('/a', 'lists', answer(800));
    memory.set('/b', 'lists', answer(800));
    const stored = memory.get('/b', Date.now())!;
    memory.attachGzip('/b', stored, Buffer.alloc(100));
    memory.attachGzip('/b', stored, Buffer.alloc(100));
    expect(memory.get('/a', Date.now())).toBeDefined();
    expect(memory.get('/b', Date.now())?.gzip?.length).toBe(100);
    // The fill's own copy of the answer reaches the stored entry as well.
    const fresh = answer(800);
    memory.set('/c', 'lists', fresh);
    memory.attachGzip('/c', fresh, Buffer.alloc(300));
    expect(memory.get('/c', Date.now())?.gzip?.length).toBe(300);
    expect(memory.get('/a', Date.now())).toBeUndefined();
  });

  it('drops a whole group at once', () => {
    const memory = new MemoryLayer(1_000_000);
    memory.set('/api/posts?q=a', 'lists', answer(10));
    memory.set('/api/posts?q=b', 'lists', answer(10));
    memory.set('/api/posts/1', 'post:1', answer(10));
    memory.invalidate('lists');
    expect(memory.get('/api/posts?q=a', Date.now())).toBeUndefined();
    expect(memory.get('/api/posts?q=b', Date.now())).toBeUndefined();
    expect(memory.get('/api/posts/1', Date.now())).toBeDefined();
  });
});
