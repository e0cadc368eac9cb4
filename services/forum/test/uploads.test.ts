import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestService, type TestService } from '@wfm/service-kit/testing';
import { UploadResponse, type UploadedFile } from '@wfm/contracts/forum';
import { service } from '../src/app.ts';
import { contentDisposition } from '@wfm/service-kit';
import { UPLOAD_MESSAGES } from '../src/uploads/uploads-attachments.ts';
import { DOC, DOC_WITH_VBA, DOCM, DOCX, ELF, HTML, JPEG, PDF, PE, PNG, XLSX, multipart } from './files.ts';
import { newVisitor, type Visitor } from './helpers.ts';

let t: TestService;
beforeAll(async () => {
  t = await buildTestService(service, { relay: false });
});
afterAll(async () => t?.close());

const MB = 1024 * 1024;

async function upload(files: Array<{ name: string; data: Buffer; type?: string }>, field = 'files', visitor: Visitor = newVisitor()) {
  const { payload, headers } = await multipart(files, field);
  return t.app.inject({
    method: 'POST',
    url: '/api/upload',
    remoteAddress: visitor.ip,
    headers: { ...headers, 'x-anon-token': visitor.token },
    payload,
  });
}

async function uploadOne(name: string, data: Buffer): Promise<UploadedFile> {
  const res = await upload([{ name, data }]);
  expect(res.statusCode, res.body).toBe(201);
  return UploadResponse.parse(res.json()).files[0]!;
}

describe('POST /api/upload', () => {
  it('stores several files and answers the files list with server-generated names', async () => {
    const res = await upload([
      { name: 'chart.png', data: PNG, type: 'image/png' },
      { name: 'report.pdf', data: PDF },
      { name: 'notes.md', data: Buffer.from('# Notes\n\n- schedule') },
    ]);
    expect(res.statusCode).toBe(201);
    const { files } = UploadResponse.parse(res.json());
    expect(files.map((f) => [f.originalName, f.mimetype, f.size])).toEqual([
      ['chart.png', 'image/png', PNG.length],
      ['report.pdf', 'application/pdf', PDF.length],
      ['notes.md', 'text/markdown; charset=utf-8', 19],
    ]);
    for (const f of files) {
      expect(f.filename).toMatch(/^[a-f0-9]{32}\.(png|pdf|md)$/);
      expect(f.url).toBe(`/uploads/${f.filename}`);
    }
  });

  it.each([
    ['photo.jpg', 'image/jpeg', JPEG],
    ['photo.jpeg', 'image/jpeg', JPEG],
    ['brief.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', DOCX],
    ['old.doc', 'application/msword', DOC],
    ['readme.txt', 'text/plain; charset=utf-8', Buffer.from('plain text, ünïcödé ok')],
    ['empty.txt', 'text/plain; charset=utf-8', Buffer.alloc(0)],
    ['page.txt', 'text/plain; charset=utf-8', HTML],
  ])('accepts %s as %s', async (name, mimetype, data) => {
    expect((await uploadOne(name, data)).mimetype).toBe(mimetype);
  });

  it.each([
    ['an HTML file named .png', 'cute.png', HTML],
    ['an ELF executable named .pdf', 'invoice.pdf', ELF],
    ['an ELF executable named .txt', 'notes.txt', ELF],
    ['a PE executable named .doc', 'letter.doc', PE],
    ['a PE executable named .exe', 'setup.exe', PE],
    ['a spreadsheet named .docx', 'sheet.docx', XLSX],
    ['a macro document named .docx', 'macro.docx', DOCM],
    ['a Word 97-2003 document with a VBA project', 'macro.doc', DOC_WITH_VBA],
    ['text with NUL bytes', 'data.txt', Buffer.from('abc\0def')],
    ['text that is not UTF-8', 'latin.txt', Buffer.from([0x63, 0x61, 0x66, 0xe9])],
    ['a PNG named .pdf', 'image.pdf', PNG],
    ['a PDF named .png', 'doc.png', PDF],
    ['an SVG', 'logo.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')],
    ['a file without extension', 'README', Buffer.from('hello')],
  ])('refuses %s with 400', async (_what, name, data) => {
    const res = await upload([{ name, data }]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: UPLOAD_MESSAGES.notAllowed(name) });
  });

  it('one refused file fails the whole upload; nothing is stored', async () => {
    const before = await t.sql`SELECT name FROM uploads`;
    const res = await upload([
      { name: 'ok.png', data: PNG },
      { name: 'bad.png', data: HTML },
    ]);
    expect(res.statusCode).toBe(400);
    const after = await t.sql`SELECT name FROM uploads`;
    expect(after.length).toBe(before.length);
  });

  it('5 files pass; a 6th is refused with 400', async () => {
    const file = { name: 'a.txt', data: Buffer.from('x') };
    expect((await upload(Array(5).fill(file))).statusCode).toBe(201);
    const res = await upload(Array(6).fill(file));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: UPLOAD_MESSAGES.tooManyFiles });
  });

  it('10 MB passes; 10 MB + 1 byte is refused', async () => {
    const ok = await upload([{ name: 'big.txt', data: Buffer.alloc(10 * MB, 'a') }]);
    expect(ok.statusCode).toBe(201);
    expect(ok.json().files[0].size).toBe(10 * MB);
    const res = await upload([{ name: 'big.txt', data: Buffer.alloc(10 * MB + 1, 'a') }]);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: UPLOAD_MESSAGES.tooLarge });
  });

  it('refuses other fields, no files, and non-multipart bodies with 400', async () => {
    const wrongField = await upload([{ name: 'a.txt', data: Buffer.from('x') }], 'file');
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json()).toEqual({ message: UPLOAD_MESSAGES.unexpectedField });

    const form = new FormData();
    form.append('note', 'hello');
    const encoded = new Response(form);
    const noFiles = await t.app.inject({
      method: 'POST',
      url: '/api/upload',
      headers: { 'content-type': encoded.headers.get('content-type')! },
      payload: Buffer.from(await encoded.arrayBuffer()),
    });
    expect(noFiles.statusCode).toBe(400);
    expect(noFiles.json()).toEqual({ message: UPLOAD_MESSAGES.noFiles });

    const json = await t.app.inject({ method: 'POST', url: '/api/upload', payload: { files: [] } });
    expect(json.statusCode).toBe(400);
    expect(json.json()).toEqual({ message: UPLOAD_MESSAGES.notMultipart });
  });

  it('keeps only the base name of the original file name', async () => {
    const file = await uploadOne('../../etc/pass\u0001wd.txt', Buffer.from('x'));
    expect(file.originalName).toBe('passwd.txt');
  });
});

describe('GET /uploads/{name}', () => {
  it('serves an image inline with nosniff, a year of caching and its ETag', async () => {
    const file = await uploadOne('chart.png', PNG);
    const res = await t.app.inject({ method: 'GET', url: file.url });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(PNG)).toBe(true);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-disposition']).toBe(`inline; filename="chart.png"; filename*=UTF-8''chart.png`);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; sandbox");

    const again = await t.app.inject({ method: 'GET', url: file.url, headers: { 'if-none-match': String(res.headers.etag) } });
    expect(again.statusCode).toBe(304);
    const head = await t.app.inject({ method: 'HEAD', url: file.url });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('image/png');
  });

  it.each([
    ['report.pdf', PDF, 'application/pdf'],
    ['notes.txt', Buffer.from('hello'), 'text/plain; charset=utf-8'],
    ['brief.docx', DOCX, 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
  ])('serves %s as an attachment', async (name, data, type) => {
    const file = await uploadOne(name, data);
    const res = await t.app.inject({ method: 'GET', url: file.url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(type);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-disposition']).toMatch(new RegExp(`^attachment; filename="${name}"`));
    expect(res.rawPayload.equals(data)).toBe(true);
  });

  it('encodes non-ASCII names', async () => {
    const file = await uploadOne('plán Q1 (final).pdf', PDF);
    const res = await t.app.inject({ method: 'GET', url: file.url });
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="pl_n Q1 (final).pdf"; filename*=UTF-8''pl%C3%A1n%20Q1%20%28final%29.pdf`,
    );
    expect(contentDisposition('attachment', 'a "b"\\c.txt')).toBe(
      `attachment; filename="a _b__c.txt"; filename*=UTF-8''a%20%22b%22%5Cc.txt`,
    );
  });

  it('unknown or malformed names are 404', async () => {
    for (const name of ['0123456789abcdef0123456789abcdef.png', '..%2Fetc%2Fpasswd', 'x.png']) {
      const res = await t.app.inject({ method: 'GET', url: `/uploads/${name}` });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'File not found' });
    }
  });
});
