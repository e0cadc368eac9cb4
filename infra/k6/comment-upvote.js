// Comment: visitors answering and upvoting. One iteration = a visitor opens one of the latest posts,
// comments on it and upvotes it.
//   k6 run -e BASE_URL=https://community.example.com -e RATE=10 infra/k6/comment-upvote.js
import http from 'k6/http';
import { check } from 'k6';
import { arrivals, BASE_URL, baseThresholds, p99, pick, TARGETS, unique } from './lib/config.js';
import { getJson, newVisitor } from './lib/visitor.js';

export const options = {
  scenarios: { comment: arrivals() },
  thresholds: {
    ...baseThresholds(),
    ...p99('feed', TARGETS.feedP99),
    ...p99('create_comment', TARGETS.writeP99),
    ...p99('upvote', TARGETS.writeP99),
  },
};

export default function () {
  const feed = getJson('/api/posts?sort=latest&limit=20', 'feed');
  const posts = feed && Array.isArray(feed.posts) ? feed.posts : [];
  if (posts.length === 0) return;
  const { id } = pick(posts);
  const visitor = newVisitor();
  if (!visitor.token) return;

  const comment = http.post(
    `${BASE_URL}/api/comments`,
    JSON.stringify({ post_id: id, body: `We measure it weekly per queue (${unique()}).`, author_name: 'Anonymous' }),
    { headers: visitor.headers, tags: { name: 'create_comment' } },
  );
  check(comment, { 'comment created': (r) => r.status === 201 });

  const upvote = http.post(`${BASE_URL}/api/posts/${id}/upvote`, null, { headers: visitor.headers, tags: { name: 'upvote' } });
  check(upvote, { 'upvote counted': (r) => r.status === 200 || r.status === 201 });
}
