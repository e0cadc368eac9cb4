import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestService, type TestService } from '@wfm/service-kit/testing';
import { ListPostsResponse } from '@wfm/contracts/forum';
import { service } from '../src/app.ts';
import { SEARCH_CANDIDATES, SEARCH_TOTAL_CAP } from '../src/posts/posts-search-repository.ts';
import { get, uniqueWord } from './helpers.ts';

let t: TestService;
beforeAll(async () => {
  t = await buildTestService(service, { relay: false });
});
afterAll(async () => t?.close());

async function list(query: string): Promise<ListPostsResponse> {
  const res = await get(t.app, `/api/posts?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return ListPostsResponse.parse(res.json());
}

/**
 * `count` posts with `word`, one a minute, newest last; every tenth has the word in its title
 * (the others in the body only).
 */
async function insertMatches(word: string, count: number): Promise<Array<{ id: number; inTitle: boolean }>> {
  const base = Date.now() - count * 60_000;
  return t.sql<Array<{ id: number; inTitle: boolean }>>`
    INSERT INTO posts (type, title, body, author_name, created_at)
    SELECT 'Question',
           CASE WHEN i % 10 = 0 THEN 'About ' || ${word} ELSE 'Post ' || i END,
           'Some body text mentioning ' || ${word}, 'member', ${base}::bigint + i * 60000
    FROM generate_series(1, ${count}) AS i
    ORDER BY i
    RETURNING id::int AS id, title LIKE 'About %' AS "inTitle"`;
}

describe('ranked search over many matches', () => {
  it(`ranks the newest ${SEARCH_CANDIDATES} matches, then lists the older ones newest first: every match once across pages`, async () => {
    const word = uniqueWord('rank');
    const matches = await insertMatches(word, SEARCH_CANDIDATES + 50);
    const newestFirst = [...matches].reverse();
    const candidates = newestFirst.slice(0, SEARCH_CANDIDATES);

    const seen: number[] = [];
    for (let offset = 0; offset < matches.length + 20; offset += 20) {
      const res = await list(`q=${word}&limit=20&offset=${offset}`);
      expect(res.total).toBe(matches.length);
      seen.push(...res.posts.map((p) => p.id));
    }
    expect(seen).toHaveLength(matches.length);
    expect(new Set(seen).size).toBe(matches.length);

    // Within the candidates: title matches first (newest first), then body matches (newest first).
    const expectedRanked = [...candidates.filter((m) => m.inTitle), ...candidates.filter((m) => !m.inTitle)].map((m) => m.id);
    expect(seen.slice(0, SEARCH_CANDIDATES)).toEqual(expectedRanked);
    expect(seen.slice(SEARCH_CANDIDATES)).toEqual(newestFirst.slice(SEARCH_CANDIDATES).map((m) => m.id));

    // A page across the boundary is the same as the pages it overlaps.
    const across = await list(`q=${word}&limit=30&offset=${SEARCH_CANDIDATES - 10}`);
    expect(across.posts.map((p) => p.id)).toEqual(seen.slice(SEARCH_CANDIDATES - 10, SEARCH_CANDIDATES + 20));
  });

  it(`total counts matches up to ${SEARCH_TOTAL_CAP}`, async () => {
    const word = uniqueWord('cap');
    await insertMatches(word, SEARCH_TOTAL_CAP + 5);
    expect((await list(`q=${word}`)).total).toBe(SEARCH_TOTAL_CAP);
    expect((await list(`q=${word}&sort=trending`)).total).toBe(SEARCH_TOTAL_CAP);
    // Below the cap, exact.
    const fewer = uniqueWord('cap');
    await insertMatches(fewer, SEARCH_TOTAL_CAP - 1);
    expect((await list(`q=${fewer}`)).total).toBe(SEARCH_TOTAL_CAP - 1);
  });
});
