// Feedback: the low-volume public writes, so every public route has a load script. One iteration =
// a visitor reports a post (one in three iterations) or sends a help request, and one in five
// suggests a feature. Each lands in the staff queues: run it against a staging site.
//   k6 run -e BASE_URL=https://staging.example.com -e RATE=1 infra/k6/feedback.js
import http from 'k6/http';
import { check } from 'k6';
import { arrivals, BASE_URL, baseThresholds, p99, pick, TARGETS, unique } from './lib/config.js';
import { getJson, newVisitor } from './lib/visitor.js';

export const options = {
  scenarios: { feedback: arrivals() },
  thresholds: {
    ...baseThresholds(),
    ...p99('feed', TARGETS.feedP99),
    ...p99('report', TARGETS.writeP99),
    ...p99('feature_suggestion', TARGETS.writeP99),
  },
};

export default function () {
  const visitor = newVisitor();
  if (!visitor.token) return;
  const feed = Math.random() < 1 / 3 ? getJson('/api/posts?sort=latest&limit=5', 'feed') : null;
  const posts = feed && Array.isArray(feed.posts) ? feed.posts : [];
  const body =
    posts.length > 0
      ? { post_id: pick(posts).id, reason: pick(['spam', 'off-topic', 'other']) }
      : { title: `Load test help request ${unique()}`, category: 'Other', priority: 'Low', reason: 'k6 load script: safe to close.' };
  const report = http.post(`${BASE_URL}/api/report`, JSON.stringify(body), { headers: visitor.headers, tags: { name: 'report' } });
  check(report, { 'report received': (r) => r.status === 201 });

  if (Math.random() < 0.2) {
    const suggestion = http.post(
      `${BASE_URL}/api/feature-suggestions`,
      JSON.stringify({ title: `Load test ${unique()}`, description: 'k6 load script: safe to dismiss.', priority: 'Low' }),
      { headers: visitor.headers, tags: { name: 'feature_suggestion' } },
    );
    check(suggestion, { 'suggestion received': (r) => r.status === 201 });
  }
}
