import { createHash, randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestService, testVisitorToken, TEST_REDIS_URL, type TestService } from '@wfm/service-kit/testing';
import {
  INCOMPLETE_REQUEST_MESSAGE,
  loadRateLimitSettings,
  createPgUploadStore,
  queueConnection,
  serviceTasksOf,
  startTaskRunner,
  createLogger,
  uploadCleanupJobName,
  type UploadCleanupResult,
  type UploadStore,
} from '@wfm/service-kit';
import { UploadResponse } from '@wfm/contracts/forum';
import { service } from '../src/app.ts';
import { UPLOAD_MESSAGES } from '../src/uploads/uploads-attachments.ts';
import { PNG, multipart } from './files.ts';
import { hashToken, randomIp } from './helpers.ts';

const KB = 1024;
const MB = 1024 * KB;
const VISITOR_DAILY = 1 * MB;
const ADDRESS_DAILY = 2 * MB;
const MAX_CONCURRENT = 2;

let t: TestService;
let url: string;
let store: UploadStore;
beforeAll(async () => {
  t = await buildTestService(service, {
    relay: false,
    uploads: { dailyBytesPerVisitor: VISITOR_DAILY, dailyBytesPerAddress: ADDRESS_DAILY, maxConcurrent: MAX_CONCURRENT },
  });
  url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  store = createPgUploadStore(t.sql);
});
afterAll(async () => t?.close());

const text = (bytes: number) => Buffer.alloc(bytes, 'a');

async function upload(files: Array<{ name: string; data: Buffer }>, opts: { token?: string; ip?: string } = {}) {
  const { payload, headers } = await multipart(files);
  return t.app.inject({
    method: 'POST',
    url: '/api/upload',
    remoteAddress: opts.ip ?? randomIp(),
    headers: { ...headers, ...(opts.token ? { 'x-anon-token': opts.token } : {}) },
    payload,
  });
}

/** Opens a raw connection and sends the request head plus `body` (not necessarily all of it). */
function rawRequest(head: string, body: Buffer): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(new URL(url).port ? Number(new URL(url).port) : 80, '127.0.0.1', () => {
      socket.write(head);
      socket.write(body, () => resolve(socket));
    });
    socket.on('error', reject);
  });
}

function readAll(socket: Socket): Promise<string> {
  return new Promise((resolve) => {
    let data = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (data += chunk));
    socket.on('end', () => resolve(data));
    socket.on('close', () => resolve(data));
  });
}

const statusOf = (response: string) => Number(/^HTTP\/1\.1 (\d{3})/.exec(response)?.[1]);
const bodyOf = (response: string) => JSON.parse(response.slice(response.indexOf('\r\n\r\n') + 4)) as { message: string };

async function partialUpload(declaredBytes: number, sentBytes: number) {
  const { payload, headers } = await multipart([{ name: 'big.txt', data: text(declaredBytes) }]);
  const head =
    `POST /api/upload HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: ${headers['content-type']}\r\n` +
    `Content-Length: ${payload.length}\r\nx-anon-token: ${testVisitorToken()}\r\n\r\n`;
  return rawRequest(head, payload.subarray(0, sentBytes));
}

describe('daily upload quota', () => {
  it('refuses a visitor with 429 once their daily bytes are used, while another visitor on the same address goes on', async () => {
    const token = testVisitorToken();
    const ip = randomIp();
    expect((await upload([{ name: 'a.txt', data: text(600 * KB) }], { token, ip })).statusCode).toBe(201);
    const over = await upload([{ name: 'b.txt', data: text(600 * KB) }], { token, ip });
    expect(over.statusCode).toBe(429);
    expect(over.json()).toEqual({ message: UPLOAD_MESSAGES.visitorQuota(VISITOR_DAILY) });
    const again = await upload([{ name: 'c.txt', data: text(10) }], { token, ip });
    expect(again.statusCode).toBe(429);
    // The refused upload left nothing behind.
    const [{ n }] = await t.sql<[{ n: number }]>`SELECT count(*)::int AS n FROM uploads WHERE original_name = 'b.txt'`;
    expect(n).toBe(0);

    expect((await upload([{ name: 'd.txt', data: text(100 * KB) }], { token: testVisitorToken(), ip })).statusCode).toBe(201);
  });

  it('refuses an address with 429 once its daily bytes are used, whatever token each request carries', async () => {
    const ip = randomIp();
    for (let i = 0; i < 3; i++) {
      const res = await upload([{ name: 'part.txt', data: text(600 * KB) }], { token: testVisitorToken(), ip });
      expect(res.statusCode).toBe(201);
    }
    const over = await upload([{ name: 'more.txt', data: text(600 * KB) }], { token: testVisitorToken(), ip });
    expect(over.statusCode).toBe(429);
    expect(over.json()).toEqual({ message: UPLOAD_MESSAGES.addressQuota(ADDRESS_DAILY) });
    const noToken = await upload([{ name: 'more.txt', data: text(10) }], { ip });
    expect(noToken.statusCode).toBe(429);
    // Another address is not affected.
    expect((await upload([{ name: 'x.txt', data: text(10) }], { token: testVisitorToken() })).statusCode).toBe(201);
  });
});

describe('truncated and malformed multipart bodies', () => {
  it('answers 400 with a message when the client sends less than its Content-Length and closes', async () => {
    const socket = await partialUpload(300 * KB, 100 * KB);
    const response = readAll(socket);
    socket.end();
    const answer = await response;
    expect(statusOf(answer)).toBe(400);
    expect(bodyOf(answer)).toEqual({ message: INCOMPLETE_REQUEST_MESSAGE });
    // Nothing of the cut upload stays readable or counted as complete.
    const [{ n }] = await t.sql<[{ n: number }]>`SELECT count(*)::int AS n FROM uploads WHERE complete AND original_name = 'big.txt'`;
    expect(n).toBe(0);
  });

  it('answers 400 with a message for a body without its closing boundary', async () => {
    const { payload, headers } = await multipart([{ name: 'a.txt', data: text(1000) }]);
    const cut = payload.subarray(0, payload.lastIndexOf('--') - 10);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/upload',
      remoteAddress: randomIp(),
      headers: { ...headers, 'x-anon-token': testVisitorToken() },
      payload: cut,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: UPLOAD_MESSAGES.incomplete });
  });

  it('answers 400 for garbage under a multipart content type', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/upload',
      remoteAddress: randomIp(),
      headers: { 'content-type': 'multipart/form-data; boundary=xyz', 'x-anon-token': testVisitorToken() },
      payload: Buffer.from('this is not multipart at all'),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toHaveProperty('message');
  });
});

describe('concurrent uploads per process', () => {
  it(`parses at most ${MAX_CONCURRENT} uploads at once and answers 429 with a message beyond`, async () => {
    const held = [await partialUpload(200 * KB, 50 * KB), await partialUpload(200 * KB, 50 * KB)];
    const answers = held.map(readAll);
    // Each held upload has a slot once its first chunk row is written.
    for (;;) {
      const [{ n }] = await t.sql<[{ n: number }]>`SELECT count(*)::int AS n FROM uploads WHERE NOT complete AND original_name = 'big.txt'`;
      if (n >= MAX_CONCURRENT) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    const refused = await upload([{ name: 'one.txt', data: text(10) }], { token: testVisitorToken() });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: UPLOAD_MESSAGES.busy });
    expect(refused.headers['retry-after']).toBe('5');

    for (const socket of held) socket.destroy();
    await Promise.all(answers);
    // Slots come back once the held uploads have failed.
    for (;;) {
      const res = await upload([{ name: 'two.txt', data: text(10) }], { token: testVisitorToken() });
      if (res.statusCode === 201) break;
      expect(res.json()).toEqual({ message: UPLOAD_MESSAGES.busy });
      await new Promise((r) => setTimeout(r, 20));
    }
  });
});

describe('reading uploads', () => {
  it('answers If-None-Match with 304 from metadata alone, without the body', async () => {
    const res = await upload([{ name: 'chart.png', data: PNG }], { token: testVisitorToken() });
    const file = UploadResponse.parse(res.json()).files[0]!;
    const first = await t.app.inject({ method: 'GET', url: file.url });
    expect(first.statusCode).toBe(200);
    const etag = String(first.headers.etag);
    // Remove the body: a 304 that needed it would fail now.
    await t.sql`DELETE FROM upload_chunks WHERE name = ${file.filename}`;
    const again = await t.app.inject({ method: 'GET', url: file.url, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });

  it('streams a multi-MB file back byte for byte over HTTP, chunk row after chunk row', async () => {
    const bytes = randomBytes(6 * MB + 123);
    const name = await storeFile(bytes, 'film.txt', false);
    const [{ chunks }] = await t.sql<[{ chunks: number }]>`SELECT count(*)::int AS chunks FROM upload_chunks WHERE name = ${name}`;
    expect(chunks).toBeGreaterThan(20);
    const { status, headers, body } = await httpGet(`${url}/uploads/${name}`);
    expect(status).toBe(200);
    expect(headers['content-length']).toBe(String(bytes.length));
    expect(body.length).toBe(bytes.length);
    expect(body.equals(bytes)).toBe(true);
  });

  it('serves a private file to signed staff only', async () => {
    const data = Buffer.from('%PDF-1.4\nreceipt\n%%EOF\n');
    const name = await storeFile(data, 'receipt.pdf', true);
    const path = `/uploads/${name}`;

    const visitor = await t.app.inject({ method: 'GET', url: path, headers: { 'x-anon-token': testVisitorToken() } });
    expect(visitor.statusCode).toBe(404);
    expect(visitor.json()).toEqual({ message: 'File not found' });
    const staff = await t.app.inject({
      method: 'GET',
      url: path,
      headers: t.staffHeaders({ role: 'Admin' }, { method: 'GET', url: path }),
    });
    expect(staff.statusCode).toBe(200);
    expect(staff.rawPayload.equals(data)).toBe(true);
    expect(staff.headers['cache-control']).toBe('private, no-store');
  });
});

describe('upload cleanup job', () => {
  it('deletes old unreferenced uploads through the queue and keeps referenced and recent ones', async () => {
    const names: Record<string, string> = {};
    // One uploader, who also writes the posts: only the owner's posts pin a file (upload-pinning.test.ts).
    const token = testVisitorToken();
    for (const kind of ['oldLoose', 'oldReferenced', 'oldInBody', 'recentLoose']) {
      const res = await upload([{ name: `${kind}.png`, data: PNG }], { token });
      names[kind] = UploadResponse.parse(res.json()).files[0]!.filename;
    }
    const day = 86_400_000;
    await t.sql`UPDATE uploads SET created_at = created_at - ${2 * day} WHERE name <> ${names.recentLoose!}`;
    await t.sql`
      INSERT INTO posts (type, title, body, author_name, attachments, author_token_hash)
      VALUES ('Question', 'With file', 'see attached', 'someone',
              ${JSON.stringify([{ url: `/uploads/${names.oldReferenced}`, originalName: 'x.png', mimetype: 'image/png', size: 1 }])}, ${hashToken(token)}),
             ('Idea', 'Inline', ${`look ![chart](/uploads/${names.oldInBody})`}, 'someone', '[]', ${hashToken(token)})`;

    const logger = createLogger('forum', process.env.LOG_LEVEL ?? 'silent');
    const runner = await startTaskRunner({
      connection: queueConnection({ redisUrl: TEST_REDIS_URL, databaseUrl: t.databaseUrl }),
      queueName: `forum-test-${randomBytes(4).toString('hex')}`,
      // The forum's jobs as the kit starts them (uploads: true adds the cleanup), grace period 24 h.
      ...serviceTasksOf(service, t.app)!,
      repeat: [],
      logger,
    });
    try {
      const result = (await runner.run(uploadCleanupJobName(service.schema), {}, 20_000)) as UploadCleanupResult;
      expect(result.deleted).toBeGreaterThanOrEqual(1);
    } finally {
      await runner.close();
    }
    const left = (await t.sql<Array<{ name: string }>>`SELECT name FROM uploads`).map((r) => r.name);
    expect(left).not.toContain(names.oldLoose);
    expect(left).toEqual(expect.arrayContaining([names.oldReferenced, names.oldInBody, names.recentLoose]));
    const [{ n }] = await t.sql<[{ n: number }]>`SELECT count(*)::int AS n FROM upload_chunks WHERE name = ${names.oldLoose!}`;
    expect(n).toBe(0);
  });

  it('a post deleted later leaves its upload unreferenced', async () => {
    const token = testVisitorToken();
    const res = await upload([{ name: 'gone.png', data: PNG }], { token });
    const name = UploadResponse.parse(res.json()).files[0]!.filename;
    const [post] = await t.sql<[{ id: number }]>`
      INSERT INTO posts (type, title, body, author_name, author_token_hash)
      VALUES ('Idea', 'Gone', ${`/uploads/${name}`}, 'someone', ${hashToken(token)}) RETURNING id`;
    expect((await t.sql`SELECT referenced FROM uploads WHERE name = ${name}`)[0]!.referenced).toBe(true);
    await t.sql`DELETE FROM posts WHERE id = ${post.id}`;
    expect((await t.sql`SELECT referenced FROM uploads WHERE name = ${name}`)[0]!.referenced).toBe(false);
  });
});

/** Writes a file through the store interface, as an upload route would, and publishes it. */
async function storeFile(data: Buffer, originalName: string, isPrivate: boolean): Promise<string> {
  const id = randomBytes(16).toString('hex');
  const writer = await store.create({ name: `${id}.part`, originalName, ownerHash: null, private: isPrivate });
  for (let i = 0; i < data.length; i += 64 * KB) await writer.write(data.subarray(i, i + 64 * KB));
  const ext = originalName.split('.').pop()!;
  const name = `${id}.${ext}`;
  await writer.end({ name, mimetype: 'text/plain; charset=utf-8', size: data.length, sha256: createHash('sha256').update(data).digest() });
  await store.publish([name]);
  return name;
}

function httpGet(target: string): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    httpRequest(target, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

describe('reads of /uploads are rate-limited per address', () => {
  it('answers 429 with a message beyond the per-address read limit (RATE_LIMIT_FORUM_UPLOAD_READ_IP)', async () => {
    const small = await buildTestService(service, {
      relay: false,
      rateLimits: loadRateLimitSettings({ RATE_LIMIT_FORUM_UPLOAD_READ_IP: '3' }),
    });
    try {
      const ip = randomIp();
      const read = (from: string) =>
        small.app.inject({ method: 'GET', url: `/uploads/${'0'.repeat(32)}.png`, remoteAddress: from });
      for (let i = 0; i < 3; i++) expect((await read(ip)).statusCode).toBe(404);
      const limited = await read(ip);
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toHaveProperty('message');
      expect((await read(randomIp())).statusCode).toBe(404);
    } finally {
      await small.close();
    }
  });
});
