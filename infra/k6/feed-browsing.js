// Browse: anonymous visitors reading the community. One iteration = one page view's calls: the
// feed (each sort), the sidebar's stats, a post (JSON and its server-rendered page), its next
// comments, an attachment when it has one, and the mentor directory now and then.
//   k6 run -e BASE_URL=https://community.example.com -e RATE=50 infra/k6/feed-browsing.js
import http from 'k6/http';
import { check } from 'k6';
import { arrivals, BASE_URL, baseThresholds, p99, pick, TARGETS } from './lib/config.js';
import { getJson } from './lib/visitor.js';

const SORTS = ['latest', 'trending', 'upvotes'];

export const options = {
  scenarios: { browse: arrivals() },
  thresholds: {
    ...baseThresholds(),
    ...p99('feed', TARGETS.feedP99),
    ...p99('post', TARGETS.postReadP99),
    ...p99('post_page', TARGETS.postReadP99),
    ...p99('stats', TARGETS.readP99),
    ...p99('comments', TARGETS.readP99),
    ...p99('attachment', TARGETS.readP99),
    ...p99('mentors', TARGETS.readP99),
  },
};

/** A post's attachments: the API carries them as JSON text. */
function attachmentsOf(post) {
  try {
    const list = post && typeof post.attachments === 'string' ? JSON.parse(post.attachments) : [];
    return Array.isArray(list) ? list : [];
  } catch {
    return [];
  }
}

export default function () {
  const feed = getJson(`/api/posts?sort=${pick(SORTS)}`, 'feed');
  getJson('/api/stats', 'stats');
  const posts = feed && Array.isArray(feed.posts) ? feed.posts : [];
  if (posts.length === 0) return;
  const { id } = pick(posts);

  const post = getJson(`/api/posts/${id}`, 'post');
  // The page a shared link opens: HTML with the post in it (issue 15 item 1).
  const page = http.get(`${BASE_URL}/post/${id}`, { headers: { accept: 'text/html' }, tags: { name: 'post_page' } });
  check(page, { 'post page answered': (r) => r.status === 200 && String(r.headers['Content-Type']).includes('text/html') });
  if (post && post.comments_next_cursor) {
    getJson(`/api/posts/${id}/comments?after=${encodeURIComponent(post.comments_next_cursor)}`, 'comments');
  }
  const attachment = attachmentsOf(post).find((a) => typeof a.url === 'string' && a.url.startsWith('/uploads/'));
  if (attachment) {
    const name = attachment.url.split('/').pop();
    const file = http.get(`${BASE_URL}/uploads/${encodeURIComponent(name)}`, { tags: { name: 'attachment' } });
    check(file, { 'attachment answered': (r) => r.status === 200 });
  }
  if (Math.random() < 0.1) getJson('/api/mentors', 'mentors');
}
