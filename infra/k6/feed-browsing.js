// Anonymous visitors browsing the feed: list (each sort, sometimes a search), then a post.
// Public browsing is the hot path (docs: DESIGN decision 9), so its latency budget is tight.
//   k6 run -e BASE_URL=https://community.example.com infra/k6/feed-browsing.js
import http from 'k6/http';
import { check, sleep } from 'k6';

const BASE_URL = __ENV.BASE_URL || 'http://localhost:8080';
const SORTS = ['latest', 'trending', 'upvotes'];
const SEARCHES = ['forecast', 'erlang', 'shrinkage', 'scheduling'];

export const options = {
  scenarios: {
    browse: {
      executor: 'ramping-vus',
      startVUs: 0,
      stages: [
        { duration: '30s', target: 50 },
        { duration: '2m', target: 50 },
        { duration: '30s', target: 0 },
      ],
      gracefulRampDown: '10s',
    },
  },
  thresholds: {
    http_req_failed: ['rate<0.01'],
    'http_req_duration{name:feed}': ['p(95)<300'],
    'http_req_duration{name:post}': ['p(95)<300'],
    checks: ['rate>0.99'],
  },
};

// Module state is per virtual user in k6: one anonymous visitor (token) per VU.
let token;

function visitorHeaders() {
  if (!token) {
    const res = http.post(`${BASE_URL}/api/session`, null, { tags: { name: 'session' } });
    check(res, { 'session created': (r) => r.status >= 200 && r.status < 300 });
    token = res.json('anon_token');
  }
  return { 'x-anon-token': token };
}

const pick = (items) => items[Math.floor(Math.random() * items.length)];

export default function () {
  const headers = visitorHeaders();
  const query = Math.random() < 0.2
    ? `sort=latest&q=${encodeURIComponent(pick(SEARCHES))}`
    : `sort=${pick(SORTS)}`;
  const feed = http.get(`${BASE_URL}/api/posts?${query}`, { headers, tags: { name: 'feed' } });
  check(feed, { 'feed answered': (r) => r.status === 200 });

  const posts = feed.status === 200 ? feed.json('posts') : [];
  if (Array.isArray(posts) && posts.length > 0) {
    const post = http.get(`${BASE_URL}/api/posts/${pick(posts).id}`, { headers, tags: { name: 'post' } });
    check(post, { 'post answered': (r) => r.status === 200 });
  }
  sleep(1 + Math.random() * 2);
}
