import CFB from 'cfb';
import { describe, expect, it } from 'vitest';
import { checkFile, ContentInspector } from '../src/uploads/file-check.ts';
import { inspectLegacyOffice } from '../src/uploads/legacy-office.ts';
import {
  DOC,
  DOC_WITH_VBA,
  SHEET_TYPES,
  XLS,
  XLS_WITH_VBA,
  XLS_WITH_XLM,
  biffWorkbook,
  compoundFile,
} from '../src/testing-legacy-office.ts';

const sheets = ['spreadsheets'] as const;
const doc = (data: Buffer) => checkFile('letter.doc', data);
const xls = (data: Buffer) => checkFile('rota.xls', data, sheets);

/** A small seeded generator, so a failing mutation can be replayed. */
function prng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('legacy Office files (OLE2 compound files)', () => {
  it('accepts a clean Word 97-2003 document and a clean Excel 97-2003 workbook', async () => {
    expect(await doc(DOC)).toEqual({ ext: 'doc', mimetype: 'application/msword', isImage: false });
    expect(await xls(XLS)).toEqual({ ext: 'xls', mimetype: 'application/vnd.ms-excel', isImage: false });
    expect(inspectLegacyOffice(DOC, 'doc')).toBe('clean');
    expect(inspectLegacyOffice(XLS, 'xls')).toBe('clean');
  });

  it('refuses a .doc with a Macros/VBA storage and an .xls with _VBA_PROJECT_CUR', async () => {
    expect(CFB.parse(DOC_WITH_VBA).FullPaths.some((p) => p.endsWith('/Macros/VBA/'))).toBe(true);
    expect(CFB.parse(XLS_WITH_VBA).FullPaths.some((p) => p.endsWith('/_VBA_PROJECT_CUR/VBA/'))).toBe(true);
    expect(inspectLegacyOffice(DOC_WITH_VBA, 'doc')).toBe('macros');
    expect(inspectLegacyOffice(XLS_WITH_VBA, 'xls')).toBe('macros');
    expect(await doc(DOC_WITH_VBA)).toBeNull();
    expect(await xls(XLS_WITH_VBA)).toBeNull();
  });

  it.each([
    ['an Excel 5 _VBA_PROJECT storage', { Book: biffWorkbook([{ name: 'S', type: 0 }]), '_VBA_PROJECT/VBA/dir': Buffer.from([1]) }],
    ['a lone VBA storage', { Workbook: biffWorkbook([{ name: 'S', type: 0 }]), 'VBA/dir': Buffer.from([1]) }],
    ['a _VBA_PROJECT stream at the root', { Workbook: biffWorkbook([{ name: 'S', type: 0 }]), _VBA_PROJECT: Buffer.from([1]) }],
    ['names in another case', { Workbook: biffWorkbook([{ name: 'S', type: 0 }]), '_vba_project_cur/vba/dir': Buffer.from([1]) }],
  ])('refuses a workbook with %s', async (_name, streams) => {
    expect(await xls(compoundFile(streams))).toBeNull();
  });

  it('refuses a Word file carrying an Excel-style VBA storage', async () => {
    expect(await doc(compoundFile({ WordDocument: Buffer.alloc(600), '_VBA_PROJECT_CUR/VBA/dir': Buffer.from([1]) }))).toBeNull();
  });

  it('refuses Excel 4.0 macro sheets and VBA module sheets declared in the Workbook stream', async () => {
    expect(inspectLegacyOffice(XLS_WITH_XLM, 'xls')).toBe('macros');
    expect(await xls(XLS_WITH_XLM)).toBeNull();
    const module = compoundFile({ Workbook: biffWorkbook([{ name: 'Module1', type: SHEET_TYPES.vbaModule }]) });
    expect(await xls(module)).toBeNull();
    // A BIFF5 `Book` stream is read the same way.
    expect(await xls(compoundFile({ Book: biffWorkbook([{ name: 'Macro1', type: SHEET_TYPES.macro }]) }))).toBeNull();
    // Charts and worksheets are fine.
    const chart = compoundFile({ Workbook: biffWorkbook([{ name: 'S', type: SHEET_TYPES.worksheet }, { name: 'C', type: SHEET_TYPES.chart }]) });
    expect(await xls(chart)).not.toBeNull();
  });

  it('refuses an encrypted workbook (FILEPASS: its sheet types cannot be read) and a record running past the end', async () => {
    const filepass = Buffer.from([0x2f, 0x00, 0x02, 0x00, 0x00, 0x00]);
    expect(await xls(compoundFile({ Workbook: biffWorkbook([{ name: 'S', type: 0 }], [filepass]) }))).toBeNull();
    const cut = Buffer.from([0x85, 0x00, 0xff, 0x00, 0x01]);
    expect(await xls(compoundFile({ Workbook: Buffer.concat([biffWorkbook([]), cut]) }))).toBeNull();
  });

  it('refuses a compound file that only names the main stream somewhere in its bytes', async () => {
    const fake = Buffer.concat([
      Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
      Buffer.alloc(504),
      Buffer.from('WordDocument', 'utf16le'),
      Buffer.alloc(512),
    ]);
    expect(await doc(fake)).toBeNull();
    // A workbook named .doc and a document named .xls are still refused.
    expect(await doc(XLS)).toBeNull();
    expect(await xls(DOC)).toBeNull();
  });

  it('gives the same verdict when the file arrives in small chunks', async () => {
    for (const [name, data, ok] of [
      ['a.doc', DOC, true],
      ['a.doc', DOC_WITH_VBA, false],
      ['a.xls', XLS, true],
      ['a.xls', XLS_WITH_XLM, false],
    ] as const) {
      const inspector = new ContentInspector(name, sheets);
      for (let at = 0; at < data.length; at += at < 16 ? 3 : 700) inspector.push(data.subarray(at, at + (at < 16 ? 3 : 700)));
      expect((await inspector.result()) !== null, name).toBe(ok);
    }
  });

  it('never throws on truncated or corrupted compound files: it refuses them or accepts them cleanly', async () => {
    const random = prng(25);
    let refused = 0;
    for (const [name, data] of [
      ['a.doc', DOC],
      ['a.doc', DOC_WITH_VBA],
      ['a.xls', XLS],
      ['a.xls', XLS_WITH_VBA],
      ['a.xls', XLS_WITH_XLM],
    ] as const) {
      const variants: Buffer[] = [];
      for (let cut = 8; cut < data.length; cut += 97) variants.push(data.subarray(0, cut));
      for (let i = 0; i < 150; i++) {
        const copy = Buffer.from(data);
        // Mostly the header, FAT and directory sectors (the first 2 KiB), where parsers break.
        for (let flips = 1 + Math.floor(random() * 8); flips > 0; flips--) {
          const at = random() < 0.8 ? Math.floor(random() * Math.min(2048, copy.length)) : Math.floor(random() * copy.length);
          copy[at] = Math.floor(random() * 256);
        }
        variants.push(copy);
      }
      for (const variant of variants) {
        const verdict = await checkFile(name, variant, sheets);
        if (verdict === null) refused++;
        else expect(['doc', 'xls']).toContain(verdict.ext);
      }
    }
    expect(refused).toBeGreaterThan(0);
  });
});
