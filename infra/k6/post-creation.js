// Post: a visitor asks the community. One iteration = a new visitor picks a username (and the app
// reads their profile back), attaches a small image now and then, writes a post, opens it, and looks
// at the header bell (replies to their posts) as every page of the app does.
//   k6 run -e BASE_URL=https://community.example.com -e RATE=5 infra/k6/post-creation.js
import http from 'k6/http';
import { check } from 'k6';
import { arrivals, BASE_URL, baseThresholds, JSON_HEADERS, p99, pick, TARGETS, unique } from './lib/config.js';
import { getJson, newVisitor } from './lib/visitor.js';

// A 1x1 PNG: the upload kit checks the bytes, not the name.
const PNG = new Uint8Array([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52, 0x00, 0x00, 0x00, 0x01,
  0x00, 0x00, 0x00, 0x01, 0x08, 0x06, 0x00, 0x00, 0x00, 0x1f, 0x15, 0xc4, 0x89, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x44, 0x41,
  0x54, 0x78, 0x9c, 0x63, 0xf8, 0xcf, 0xc0, 0xf0, 0x1f, 0x00, 0x05, 0x00, 0x01, 0xff, 0x89, 0x99, 0x3d, 0x1d, 0x00, 0x00,
  0x00, 0x00, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82,
]).buffer;

export const options = {
  scenarios: { post: arrivals() },
  thresholds: {
    ...baseThresholds(),
    ...p99('visitor_token', TARGETS.writeP99),
    ...p99('profile', TARGETS.writeP99),
    ...p99('profile_read', TARGETS.readP99),
    ...p99('upload', TARGETS.writeP99),
    ...p99('attachment', TARGETS.readP99),
    ...p99('create_post', TARGETS.writeP99),
    ...p99('post', TARGETS.postReadP99),
    ...p99('notifications', TARGETS.readP99),
  },
};

export default function () {
  const visitor = newVisitor();
  if (!visitor.token) return;
  const username = `k6_${unique()}`.slice(0, 20);
  const profile = http.post(`${BASE_URL}/api/user-profile`, JSON.stringify({ username }), {
    headers: visitor.headers,
    tags: { name: 'profile' },
  });
  check(profile, { 'username saved': (r) => r.status === 201 });
  getJson(`/api/user-profile/${visitor.token}`, 'profile_read');

  const attachments = [];
  if (Math.random() < 0.2) {
    const upload = http.post(
      `${BASE_URL}/api/upload`,
      { files: http.file(PNG, 'chart.png', 'image/png') },
      { headers: { 'x-anon-token': visitor.token }, tags: { name: 'upload' } },
    );
    check(upload, { 'attachment uploaded': (r) => r.status === 201 });
    if (upload.status === 201) {
      const [file] = /** @type {any[]} */ (upload.json('files'));
      attachments.push({ url: file.url, originalName: file.originalName, mimetype: file.mimetype, size: file.size });
      const stored = http.get(`${BASE_URL}/uploads/${encodeURIComponent(file.filename)}`, { tags: { name: 'attachment' } });
      check(stored, { 'attachment served': (r) => r.status === 200 });
    }
  }

  const created = http.post(
    `${BASE_URL}/api/posts`,
    JSON.stringify({
      type: pick(['Question', 'Idea', 'Tool']),
      title: `How do you plan shrinkage for ${unique()}?`,
      body: 'We forecast 30% shrinkage but see 35% on Mondays. How do you split planned and unplanned?',
      author_name: profile.status === 201 ? username : 'Anonymous',
      attachments,
    }),
    { headers: { ...JSON_HEADERS, ...visitor.headers }, tags: { name: 'create_post' } },
  );
  check(created, { 'post created': (r) => r.status === 201 });
  if (created.status === 201) getJson(`/api/posts/${created.json('id')}`, 'post');
  getJson('/api/notifications', 'notifications', { 'x-anon-token': visitor.token });
}
