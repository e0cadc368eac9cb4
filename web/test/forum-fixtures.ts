import type { Comment, PostDetail, PostSummary } from '@wfm/contracts/forum';
import { http, HttpResponse } from 'msw';
import { server } from './server.ts';

let nextId = 1000;

export function makePost(overrides: Partial<PostSummary> = {}): PostSummary {
  const id = overrides.id ?? nextId++;
  return {
    id,
    type: 'Question',
    title: `Post ${id}`,
    body: `Body of post ${id}`,
    author_name: 'planner_jo',
    created_at: Date.now() - 5 * 60_000,
    upvotes: 0,
    status: 'open',
    tags: '',
    tool_links: '[]',
    attachments: '[]',
    comment_count: 0,
    accepted_comment_id: null,
    channel: null,
    platform: null,
    centre_size: null,
    region: null,
    edited_at: null,
    ...overrides,
  };
}

export function makeComment(overrides: Partial<Comment> = {}): Comment {
  const id = overrides.id ?? nextId++;
  return {
    id,
    post_id: 1,
    body: `Comment ${id}`,
    author_name: 'helper_sam',
    created_at: Date.now() - 60_000,
    edited_at: null,
    deleted: false,
    ...overrides,
  };
}

export function makeDetail(overrides: Partial<PostDetail> = {}): PostDetail {
  const comments = overrides.comments ?? [];
  return { ...makePost(overrides), comment_count: comments.length, comments, comments_next_cursor: null, accepted_answer: null, deleted: false, ...overrides };
}

/** Serves GET /api/posts from `answer` and records each call's query parameters. */
export function servePosts(answer: (params: URLSearchParams) => { posts: PostSummary[]; total?: number }) {
  const calls: URLSearchParams[] = [];
  server.use(
    http.get('/api/posts', ({ request }) => {
      const params = new URL(request.url).searchParams;
      calls.push(params);
      const { posts, total } = answer(params);
      return HttpResponse.json({ posts, total: total ?? posts.length });
    }),
  );
  return calls;
}

export function servePost(post: PostDetail) {
  server.use(http.get(`/api/posts/${post.id}`, () => HttpResponse.json(post)));
}
