import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST_MESSAGES, PostDetail, UploadResponse, type UploadedFile } from '@wfm/contracts/forum';
import { buildTestService, type TestService } from '@wfm/service-kit/testing';
import { service } from '../src/app.ts';
import { PDF, PNG, multipart } from './files.ts';
import { get, newVisitor, post, validPost, type Visitor } from './helpers.ts';

// Issue 25 item 11: uploads are pinned only by posts of their owner, and a post's attachment
// metadata comes from the upload store, not from the client.

let t: TestService;
beforeAll(async () => {
  t = await buildTestService(service, { relay: false });
});
afterAll(async () => t?.close());

async function uploadAs(visitor: Visitor, name: string, data: Buffer): Promise<UploadedFile> {
  const { payload, headers } = await multipart([{ name, data }], 'files');
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/upload',
    remoteAddress: visitor.ip,
    headers: { ...headers, 'x-anon-token': visitor.token },
    payload,
  });
  expect(res.statusCode, res.body).toBe(201);
  return UploadResponse.parse(res.json()).files[0]!;
}

const referenced = async (name: string) => (await t.sql<[{ referenced: boolean }]>`SELECT referenced FROM uploads WHERE name = ${name}`)[0].referenced;
const asAttachment = (f: UploadedFile) => ({ url: f.url, originalName: f.originalName, mimetype: f.mimetype, size: f.size, filename: f.filename });

describe("another visitor cannot pin someone's upload", () => {
  it("20 fresh visitors attaching A's file in parallel are all refused, and the file stays unpinned", async () => {
    const owner = newVisitor();
    const file = await uploadAs(owner, 'roster.png', PNG);
    const results = await Promise.all(
      Array.from({ length: 20 }, () => post(t.app, '/api/posts', validPost({ attachments: [asAttachment(file)] }), newVisitor())),
    );
    for (const res of results) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: POST_MESSAGES.attachmentNotOwned });
    }
    expect(await referenced(file.filename)).toBe(false);
  });

  it("a link to A's file in B's post body is kept as a link but pins nothing; A's own post pins it", async () => {
    const owner = newVisitor();
    const file = await uploadAs(owner, 'chart.png', PNG);
    const linked = await post(t.app, '/api/posts', validPost({ body: `See ![chart](${file.url})` }), newVisitor());
    expect(linked.statusCode).toBe(201);
    expect(await referenced(file.filename)).toBe(false);

    const own = await post(t.app, '/api/posts', validPost({ attachments: [asAttachment(file)] }), owner);
    expect(own.statusCode, own.body).toBe(201);
    expect(await referenced(file.filename)).toBe(true);
    // B's post going away does not unpin what A's post holds; A's post going away does.
    await t.sql`DELETE FROM posts WHERE id = ${linked.json<{ id: number }>().id}`;
    expect(await referenced(file.filename)).toBe(true);
    await t.sql`DELETE FROM posts WHERE id = ${own.json<{ id: number }>().id}`;
    expect(await referenced(file.filename)).toBe(false);
  });

  it('a post without a verified visitor, or naming something that is not an upload, attaches nothing', async () => {
    const owner = newVisitor();
    const file = await uploadAs(owner, 'plan.pdf', PDF);
    const noToken = await post(t.app, '/api/posts', validPost({ attachments: [asAttachment(file)] }), null);
    expect(noToken.json()).toEqual({ message: POST_MESSAGES.attachmentNotOwned });
    for (const url of ['https://evil.example.com/x.png', '/uploads/../../etc/passwd', '/uploads/0123456789abcdef0123456789abcdef.png']) {
      const res = await post(t.app, '/api/posts', validPost({ attachments: [{ ...asAttachment(file), url }] }), owner);
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toEqual({ message: POST_MESSAGES.attachmentNotOwned });
    }
    expect(await referenced(file.filename)).toBe(false);
  });
});

describe('attachment metadata comes from the upload store', () => {
  it('a forged name, type and size in the request are ignored', async () => {
    const owner = newVisitor();
    const file = await uploadAs(owner, 'schedule.png', PNG);
    const forged = { url: file.url, originalName: 'invoice.pdf.exe', mimetype: 'text/html', size: 999_999_999, filename: 'other.png' };
    const res = await post(t.app, '/api/posts', validPost({ attachments: JSON.stringify([forged]) }), owner);
    expect(res.statusCode, res.body).toBe(201);
    const detail = PostDetail.parse((await get(t.app, `/api/posts/${res.json<{ id: number }>().id}`)).json());
    expect(JSON.parse(detail.attachments)).toEqual([
      { url: file.url, originalName: 'schedule.png', mimetype: 'image/png', size: PNG.length, filename: file.filename },
    ]);
  });
});
