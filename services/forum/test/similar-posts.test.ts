import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIMILAR_POSTS, SIMILAR_POSTS_MESSAGES } from '@wfm/contracts/forum';
import { buildTestService, type TestService } from '@wfm/service-kit/testing';
import { service } from '../src/app.ts';
import { titleWords } from '../src/posts/posts-service.ts';
import { createPost, get, uniqueWord } from './helpers.ts';

let t: TestService;
beforeAll(async () => {
  t = await buildTestService(service, { relay: false });
});
afterAll(async () => t?.close());

type Similar = { id: number; title: string; type: string; status: string; comment_count: number; accepted_comment_id: number | null };
const similar = async (title: string) => {
  const res = await get(t.app, `/api/posts/similar?${new URLSearchParams({ title })}`);
  expect(res.statusCode).toBe(200);
  return res.json<{ posts: Similar[] }>().posts;
};

describe('similar questions', () => {
  it('finds posts sharing title words, best match first, at most five', async () => {
    const topic = uniqueWord('sim');
    const other = uniqueWord('oth');
    const both = await createPost(t.app, { title: `${topic} ${other} forecasting intervals` });
    const many: number[] = [];
    for (let i = 0; i < 6; i++) many.push(await createPost(t.app, { title: `About ${topic} number ${i}` }));
    const found = await similar(`How should I handle ${topic} and ${other}?`);
    expect(found).toHaveLength(SIMILAR_POSTS.max);
    // The title with both words ranks first.
    expect(found[0]).toMatchObject({ id: both, title: `${topic} ${other} forecasting intervals`, type: 'Question', status: 'open' });
    expect(found.slice(1).every((p) => many.includes(p.id))).toBe(true);
    expect(Object.keys(found[0]!).sort()).toEqual(
      ['accepted_comment_id', 'comment_count', 'created_at', 'id', 'status', 'title', 'type'].sort(),
    );
  });

  it('matches titles, not bodies or tags, and word forms (stemming)', async () => {
    // Plain words (the database holds only this file's posts): 'rosters' and 'rostering' share a stem.
    const inTitle = await createPost(t.app, { title: 'Rosters for night shifts' });
    await createPost(t.app, { title: 'Unrelated title', body: 'the body talks about quokkas and rostering', tags: 'quokka' });
    expect((await similar('Rostering question')).map((p) => p.id)).toEqual([inTitle]);
    expect(await similar('quokka')).toEqual([]);
  });

  it('answers nothing for empty, stop-word-only or symbol-only titles, and never a 5xx for hostile text', async () => {
    for (const title of ['', '   ', 'the and of', 'a', "'; DROP TABLE posts; --", '!!! & | ! <-> :* ()', '\u0000', '日本語のタイトル', 'x:A | y:*']) {
      const res = await get(t.app, `/api/posts/similar?${new URLSearchParams({ title })}`);
      expect(res.statusCode, title).toBe(200);
      expect(Array.isArray(res.json().posts)).toBe(true);
    }
    expect((await get(t.app, '/api/posts/similar')).json()).toEqual({ posts: [] });
  });

  it('refuses a title longer than a post title with a message', async () => {
    const res = await get(t.app, `/api/posts/similar?title=${'a'.repeat(SIMILAR_POSTS.title + 1)}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: SIMILAR_POSTS_MESSAGES.titleTooLong });
    const repeated = await get(t.app, '/api/posts/similar?title=a&title=b');
    expect(repeated.statusCode).toBe(400);
  });

  it('reads letters and digits only, a dozen words at most', () => {
    expect(titleWords("AHT vs. handle-time: what's 80/20?")).toEqual(['aht', 'vs', 'handle', 'time', 'what', '80', '20']);
    expect(titleWords('a b c')).toEqual([]);
    expect(titleWords(Array.from({ length: 30 }, (_, i) => `w${i}`).join(' '))).toHaveLength(12);
  });
});
