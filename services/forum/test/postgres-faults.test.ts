import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEV_VISITOR_TOKEN_SECRET, issueVisitorToken, SERVICE_UNAVAILABLE_MESSAGE, startService, type RunningService } from '@wfm/service-kit';
import { startPostgresServer, type FaultServer } from '@wfm/service-kit/testing';
import { service } from '../src/app.ts';
import { uniqueWord, validPost } from './helpers.ts';

/**
 * PostgreSQL frozen with SIGSTOP (connections open, nothing answers): searches and writes answer
 * 503 with a message instead of waiting the freeze out, and work again once it thaws. The cluster
 * is the test's own, on a free port.
 */
describe('forum with PostgreSQL frozen', () => {
  let pg: FaultServer;
  let forum: RunningService;
  const token = issueVisitorToken(DEV_VISITOR_TOKEN_SECRET);

  beforeAll(async () => {
    pg = await startPostgresServer();
    forum = await startService(service, {
      env: { DATABASE_URL: pg.url, NODE_ENV: 'test', LOG_LEVEL: 'silent' },
      registerSignals: false,
      port: 0,
      host: '127.0.0.1',
    });
  }, 60_000);

  afterAll(async () => {
    pg?.thaw();
    await forum?.close();
    await pg?.close();
  });

  // A new word each time: an answer the service still holds in memory would not need the database.
  const search = () => fetch(`${forum.url}/api/posts?q=${uniqueWord()}`);
  const write = () =>
    fetch(`${forum.url}/api/posts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-anon-token': token },
      body: JSON.stringify(validPost({ author_name: 'Anonymous', isAnonymous: true })),
    });

  it('answers 503 with a message while frozen, and serves again after SIGCONT', async () => {
    expect((await write()).status).toBe(201);
    expect((await search()).status).toBe(200);

    pg.freeze();
    try {
      const started = Date.now();
      // A token this replica has not seen yet: its standing must come from the frozen database.
      const freshToken = issueVisitorToken(DEV_VISITOR_TOKEN_SECRET);
      const [searched, written, mine] = await Promise.all([
        search(),
        write(),
        fetch(`${forum.url}/api/notifications`, { headers: { 'x-anon-token': freshToken } }),
      ]);
      // Never 401 for a token whose standing cannot be read (the web app would drop the token).
      expect(mine.status).toBe(503);
      expect(await mine.json()).toEqual({ message: SERVICE_UNAVAILABLE_MESSAGE });
      // A hang guard, not a speed target: the kit's deadline is 4.5 s.
      expect(Date.now() - started).toBeLessThan(8_000);
      expect(searched.status).toBe(503);
      expect(await searched.json()).toEqual({ message: SERVICE_UNAVAILABLE_MESSAGE });
      expect(written.status).toBe(503);
      expect(await written.json()).toEqual({ message: SERVICE_UNAVAILABLE_MESSAGE });
    } finally {
      pg.thaw();
    }

    await vi.waitFor(async () => expect((await search()).status).toBe(200), { timeout: 5_000, interval: 100 });
    expect((await write()).status).toBe(201);
  }, 40_000);
});
