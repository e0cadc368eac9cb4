/**
 * The upstream of `npm run bench hop` (scripts/lib/hop-bench.ts): every service at one address,
 * answering a 42 KB feed page (the size of a latest page of 50 posts) to /api/posts and a small
 * JSON to everything else, from bytes made once, so its own CPU stays out of the gateway's figures.
 */
import http from 'node:http';

const posts = Array.from({ length: 50 }, (_, i) => ({
  id: 1000 + i,
  title: `How do you forecast shrinkage for week ${i}?`,
  body: 'We run intraday reforecasts every 30 minutes and the variance is '.repeat(10),
  author_name: `agent_${i}`,
  created_at: new Date(1_700_000_000_000 + i * 1000).toISOString(),
  comment_count: i % 7,
  upvotes: i * 3,
  tags: ['forecasting', 'shrinkage'],
}));
const page = Buffer.from(JSON.stringify({ posts, total: 10_000 }));
const small = Buffer.from(JSON.stringify({ ok: true }));

http
  .createServer((req, res) => {
    const body = req.url?.startsWith('/api/posts') ? page : small;
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
    res.end(body);
  })
  .listen(Number(process.argv[2]), '127.0.0.1');
