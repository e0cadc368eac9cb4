import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEMPLATE_CATEGORIES, TEMPLATE_MESSAGES } from '@wfm/contracts/catalog';
import { buildTestService, type TestService } from '@wfm/service-kit/testing';
import { service } from '../src/app.ts';
import { CSV, DOC, ELF, HTML, PDF, PE, PNG, XLS, XLS_WITH_VBA, XLS_WITH_XLM, XLSM_AS_XLSX, XLSX, multipart } from './files.ts';
import { get, newVisitor, outboxEvents, post, uniqueWord, validTemplate, type Visitor } from './helpers.ts';

let t: TestService;
beforeAll(async () => {
  t = await buildTestService(service, { relay: false });
});
afterAll(async () => t?.close());

interface TemplateAnswer {
  id: number;
  name: string;
  url: string | null;
  file_path: string | null;
  file_name: string | null;
  file_size: number | null;
  downloads: number;
  category: string;
}

const textFields = (overrides: Record<string, string> = {}) => ({
  name: 'Interval forecast workbook',
  category: 'Forecasting Models',
  short_desc: 'Half-hour intervals with AHT.',
  submitted_by: 'planner_one',
  ...overrides,
});

async function upload(
  file: { name: string; data: Buffer } | null,
  fields: Record<string, string> = textFields(),
  visitor: Visitor = newVisitor(),
) {
  const { payload, headers } = await multipart(file ? [file] : [], 'file', fields);
  return t.app.inject({
    method: 'POST',
    url: '/api/templates',
    remoteAddress: visitor.ip,
    headers: { ...headers, 'x-anon-token': visitor.token },
    payload,
  });
}

describe('POST /api/templates as JSON (URL Link)', () => {
  it('creates a link template (201) with url and no file_path, and writes catalog.template.created', async () => {
    const res = await post(t.app, '/api/templates', validTemplate());
    expect(res.statusCode).toBe(201);
    const template = res.json<TemplateAnswer>();
    expect(template).toMatchObject({ url: 'https://templates.example.com/weekly-grid', file_path: null, downloads: 0 });
    expect((await outboxEvents(t.sql, 'catalog.template.created')).some((e) => e.id === template.id)).toBe(true);
  });

  it("accepts the dialog's ten categories and the bounds (name 100, short_desc 250, submitted_by 40)", async () => {
    for (const category of TEMPLATE_CATEGORIES) expect((await post(t.app, '/api/templates', validTemplate({ category }))).statusCode).toBe(201);
    const edge = validTemplate({ name: 'n'.repeat(100), short_desc: 'd'.repeat(250), submitted_by: 's'.repeat(40) });
    expect((await post(t.app, '/api/templates', edge)).statusCode).toBe(201);
  });

  it("takes any category of 1-50 characters (spec 2 §5), also outside the dialog's ten; 51 characters fail", async () => {
    for (const category of ['Recipes', 'x', 'c'.repeat(50), `${'c'.repeat(50)}  `]) {
      const res = await post(t.app, '/api/templates', validTemplate({ category }));
      expect(res.statusCode, category).toBe(201);
      expect(res.json<TemplateAnswer>().category).toBe(category.trim());
    }
    const tooLong = await post(t.app, '/api/templates', validTemplate({ category: 'c'.repeat(51) }));
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toEqual({ message: TEMPLATE_MESSAGES.categoryTooLong });
    // The list filters on such a category too.
    const word = uniqueWord('cat');
    const odd = (await post(t.app, '/api/templates', validTemplate({ name: `Odd ${word}`, category: `Niche ${word}` }))).json<TemplateAnswer>();
    const listed = await get(t.app, `/api/templates?category=${encodeURIComponent(`Niche ${word}`)}`);
    expect(listed.json<TemplateAnswer[]>().map((r) => r.id)).toEqual([odd.id]);
    expect((await get(t.app, `/api/templates?category=${'c'.repeat(51)}`)).json()).toEqual({ message: TEMPLATE_MESSAGES.categoryTooLong });
  });

  it.each([
    ['no url', { url: undefined }],
    ['an empty url', { url: '' }],
    ['a null url', { url: null }],
  ])('creates a template with neither URL nor file (%s): listed, and its download answers 404', async (_name, overrides) => {
    const word = uniqueWord('bare');
    const res = await post(t.app, '/api/templates', validTemplate({ name: `Bare ${word}`, ...overrides }));
    expect(res.statusCode, res.body).toBe(201);
    const template = res.json<TemplateAnswer>();
    expect(template).toMatchObject({ url: null, file_path: null, file_name: null, file_size: null, downloads: 0 });
    const listed = (await get(t.app, `/api/templates?q=${word}`)).json<TemplateAnswer[]>();
    expect(listed).toEqual([expect.objectContaining({ id: template.id, url: null, file_path: null })]);
    const download = await post(t.app, `/api/templates/${template.id}/download`);
    expect(download.statusCode).toBe(404);
    expect(download.json()).toEqual({ message: TEMPLATE_MESSAGES.nothingToDownload });
    expect((await get(t.app, `/api/templates?q=${word}`)).json<TemplateAnswer[]>()[0]!.downloads).toBe(0);
  });

  it.each([
    ['empty name', { name: '' }, TEMPLATE_MESSAGES.missingInformation],
    ['missing category', { category: undefined }, TEMPLATE_MESSAGES.missingInformation],
    ['empty category', { category: '' }, TEMPLATE_MESSAGES.missingInformation],
    ['blank category', { category: '   ' }, TEMPLATE_MESSAGES.missingInformation],
    ['category 51', { category: 'c'.repeat(51) }, TEMPLATE_MESSAGES.categoryTooLong],
    ['category a number', { category: 7 }, TEMPLATE_MESSAGES.missingInformation],
    ['blank description', { short_desc: '  ' }, TEMPLATE_MESSAGES.missingInformation],
    ['bad URL', { url: 'javascript:alert(1)' }, TEMPLATE_MESSAGES.badUrl],
    ['URL a number', { url: 42 }, TEMPLATE_MESSAGES.badUrl],
    ['name over 100', { name: 'n'.repeat(101) }, TEMPLATE_MESSAGES.nameTooLong],
    ['short_desc over 250', { short_desc: 'd'.repeat(251) }, TEMPLATE_MESSAGES.descTooLong],
    ['submitted_by over 40', { submitted_by: 's'.repeat(41) }, TEMPLATE_MESSAGES.submitterTooLong],
  ])('refuses %s with 400 and the message', async (_name, overrides, message) => {
    const res = await post(t.app, '/api/templates', validTemplate(overrides));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
  });

  it('the form texts of document 2 §5 are the messages', () => {
    expect(TEMPLATE_MESSAGES.missingInformation).toBe('Missing information: Please fill in all required fields.');
    expect(TEMPLATE_MESSAGES.urlRequired).toBe('URL required: Please provide a URL for the template.');
    expect(TEMPLATE_MESSAGES.fileRequired).toBe('File required: Please select a file to upload.');
  });
});

describe('POST /api/templates as multipart (File Upload)', () => {
  it.each([
    ['a real .xlsx', { name: 'forecast.xlsx', data: XLSX }, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    ['a .csv', { name: 'intervals.csv', data: CSV }, 'text/csv; charset=utf-8'],
    ['an .xls', { name: 'legacy.xls', data: XLS }, 'application/vnd.ms-excel'],
  ])('stores %s and serves it back as an attachment, never inline', async (_name, file, type) => {
    const res = await upload(file);
    expect(res.statusCode, res.body).toBe(201);
    const template = res.json<TemplateAnswer>();
    expect(template).toMatchObject({ url: null, file_path: `/api/templates/${template.id}/file`, file_name: file.name, file_size: file.data.length });
    const served = await get(t.app, template.file_path!);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(file.data)).toBe(true);
    expect(served.headers['content-type']).toBe(type);
    expect(served.headers['content-disposition']).toMatch(/^attachment; filename="/);
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    const [row] = await t.sql<{ referenced: boolean }[]>`
      SELECT u.referenced FROM uploads u JOIN templates t ON t.file_name = u.name WHERE t.id = ${template.id}`;
    expect(row!.referenced).toBe(true);
  });

  it.each([
    ['an .exe renamed .csv', { name: 'rates.csv', data: PE }],
    ['an HTML page named .csv', { name: 'page.csv', data: HTML }],
    ['markup after a BOM named .csv', { name: 'sneaky.csv', data: Buffer.from('\uFEFF  <svg onload=alert(1)>') }],
    ['an ELF binary named .xlsx', { name: 'tool.xlsx', data: ELF }],
    ['a workbook with macros named .xlsx', { name: 'macro.xlsx', data: XLSM_AS_XLSX }],
    ['an Excel 97-2003 workbook with a VBA project (_VBA_PROJECT_CUR)', { name: 'macro.xls', data: XLS_WITH_VBA }],
    ['an Excel 97-2003 workbook with an Excel 4.0 macro sheet', { name: 'xlm.xls', data: XLS_WITH_XLM }],
    ['a truncated Excel 97-2003 workbook', { name: 'cut.xls', data: XLS.subarray(0, 700) }],
    ['an Excel 97-2003 workbook with a corrupted directory', { name: 'bad.xls', data: Buffer.concat([XLS.subarray(0, 48), Buffer.alloc(16, 0xff), XLS.subarray(64)]) }],
    ['a Word file named .xls', { name: 'doc.xls', data: DOC }],
    ['a PDF', { name: 'guide.pdf', data: PDF }],
    ['an image', { name: 'chart.png', data: PNG }],
    ['an .html file', { name: 'index.html', data: HTML }],
  ])('refuses %s with 400 and stores nothing', async (_name, file) => {
    const before = await t.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM uploads`;
    const res = await upload(file);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: TEMPLATE_MESSAGES.badFileType });
    const after = await t.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM uploads`;
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it('file mode without a file: File required; missing fields come first: Missing information', async () => {
    const noFile = await upload(null);
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json()).toEqual({ message: TEMPLATE_MESSAGES.fileRequired });
    const nothing = await upload(null, { submitted_by: 'x' });
    expect(nothing.json()).toEqual({ message: TEMPLATE_MESSAGES.missingInformation });
  });

  it('a file with bad text fields is refused and the stored file dropped', async () => {
    const before = await t.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM uploads`;
    const res = await upload({ name: 'ok.csv', data: CSV }, textFields({ category: 'c'.repeat(51) }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: TEMPLATE_MESSAGES.categoryTooLong });
    const after = await t.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM uploads`;
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it('refuses two files, a file in another field, and more than 10 MB', async () => {
    const two = await multipart([{ name: 'a.csv', data: CSV }, { name: 'b.csv', data: CSV }], 'file', textFields());
    const res = await t.app.inject({ method: 'POST', url: '/api/templates', headers: two.headers, payload: two.payload });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: TEMPLATE_MESSAGES.oneFile });
    const other = await multipart([{ name: 'a.csv', data: CSV }], 'files', textFields());
    expect((await t.app.inject({ method: 'POST', url: '/api/templates', headers: other.headers, payload: other.payload })).statusCode).toBe(400);
    const big = await upload({ name: 'big.csv', data: Buffer.alloc(10 * 1024 * 1024 + 1, 'a') });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({ message: TEMPLATE_MESSAGES.fileTooLarge });
  });
});

describe('GET /api/templates and downloads', () => {
  it('filters, searches and sorts latest | downloads | name', async () => {
    const word = uniqueWord('tq');
    const a = (await post(t.app, '/api/templates', validTemplate({ name: `Alpha ${word}`, category: 'RTA Dashboards' }))).json<TemplateAnswer>();
    const b = (await upload({ name: 'b.csv', data: CSV }, textFields({ name: `beta ${word}` }))).json<TemplateAnswer>();
    await post(t.app, `/api/templates/${b.id}/download`);
    const ids = async (query: string) => (await get(t.app, `/api/templates?${query}`)).json<TemplateAnswer[]>().map((r) => r.id);
    expect(await ids(`q=${word}`)).toEqual([b.id, a.id]);
    expect(await ids(`q=${word}&sort=downloads`)).toEqual([b.id, a.id]);
    expect(await ids(`q=${word}&sort=name`)).toEqual([a.id, b.id]);
    expect(await ids(`q=${word}&category=RTA%20Dashboards`)).toEqual([a.id]);
    expect((await get(t.app, '/api/templates?sort=size')).json()).toEqual({ message: TEMPLATE_MESSAGES.badSort });
  });

  it('POST /api/templates/{id}/download counts and answers where the link or file is', async () => {
    const link = (await post(t.app, '/api/templates', validTemplate())).json<TemplateAnswer>();
    const first = await post(t.app, `/api/templates/${link.id}/download`);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ downloads: 1, location: link.url, kind: 'url', name: link.name });
    const file = (await upload({ name: 'c.csv', data: CSV })).json<TemplateAnswer>();
    const dl = (await post(t.app, `/api/templates/${file.id}/download`)).json<{ location: string; kind: string }>();
    expect(dl).toMatchObject({ location: `/api/templates/${file.id}/file`, kind: 'file' });
    expect((await outboxEvents(t.sql, 'catalog.template.downloaded')).some((e) => e.template_id === link.id && e.downloads === 1)).toBe(true);
    expect((await post(t.app, '/api/templates/99999999/download')).statusCode).toBe(404);
    expect((await post(t.app, '/api/templates/abc/download')).statusCode).toBe(400);
    expect((await get(t.app, `/api/templates/${link.id}/file`)).statusCode).toBe(404);
  });
});
