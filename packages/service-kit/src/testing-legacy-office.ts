import CFB from 'cfb';

/**
 * Real Word and Excel 97-2003 files (OLE2 compound files) for upload tests, written with SheetJS's
 * `cfb`: clean ones, and ones carrying a VBA project or an Excel 4.0 macro sheet.
 */

/** A compound file holding the given streams; a path like `Macros/VBA/dir` creates its storages. */
export function compoundFile(streams: Record<string, Buffer>): Buffer {
  const container = CFB.utils.cfb_new();
  for (const [path, content] of Object.entries(streams)) CFB.utils.cfb_add(container, `/${path}`, content);
  return Buffer.from(CFB.write(container, { type: 'buffer' }) as Uint8Array);
}

function record(type: number, body: Buffer): Buffer {
  const header = Buffer.alloc(4);
  header.writeUInt16LE(type, 0);
  header.writeUInt16LE(body.length, 2);
  return Buffer.concat([header, body]);
}

/** BoundSheet8.dt values (MS-XLS 2.4.28). */
export const SHEET_TYPES = { worksheet: 0x00, macro: 0x01, chart: 0x02, vbaModule: 0x06 } as const;

/**
 * A BIFF8 Workbook stream: BOF, one BOUNDSHEET record per sheet (name and sheet type), any extra
 * records, EOF.
 */
export function biffWorkbook(sheets: Array<{ name: string; type: number }>, extra: Buffer[] = []): Buffer {
  const bof = Buffer.alloc(16);
  bof.writeUInt16LE(0x0600, 0); // BIFF8
  bof.writeUInt16LE(0x0005, 2); // workbook globals
  const boundsheets = sheets.map(({ name, type }) => {
    const fixed = Buffer.alloc(8);
    fixed.writeUInt32LE(0, 0); // lbPlyPos
    fixed[4] = 0; // visible
    fixed[5] = type;
    fixed[6] = name.length;
    fixed[7] = 0; // 8-bit characters
    return record(0x0085, Buffer.concat([fixed, Buffer.from(name, 'latin1')]));
  });
  return Buffer.concat([record(0x0809, bof), ...boundsheets, ...extra, record(0x000a, Buffer.alloc(0))]);
}

/** The start of a Word 97 File Information Block (wIdent 0xA5EC, nFib 0x00C1), padded. */
const WORD_STREAM = (() => {
  const b = Buffer.alloc(1536);
  b.writeUInt16LE(0xa5ec, 0);
  b.writeUInt16LE(0x00c1, 2);
  return b;
})();

/** A small VBA project as Office stores it (`dir`, `_VBA_PROJECT`, one module). */
const vbaProject = (storage: string): Record<string, Buffer> => ({
  [`${storage}/VBA/_VBA_PROJECT`]: Buffer.from([0xcc, 0x61, 0xff, 0xff, 0x00]),
  [`${storage}/VBA/dir`]: Buffer.from([0x01, 0x6b, 0x00]),
  [`${storage}/VBA/Module1`]: Buffer.from('Attribute VB_Name = "Module1"\r\nSub AutoOpen()\r\nShell "calc"\r\nEnd Sub\r\n', 'latin1'),
  [`${storage}/PROJECT`]: Buffer.from('ID="{00000000-0000-0000-0000-000000000000}"\r\nModule=Module1\r\n', 'latin1'),
});

/** A Word 97-2003 document without macros. */
export const DOC = compoundFile({ WordDocument: WORD_STREAM, '1Table': Buffer.alloc(512) });

/** The same document with a VBA project in `Macros/VBA`. */
export const DOC_WITH_VBA = compoundFile({ WordDocument: WORD_STREAM, '1Table': Buffer.alloc(512), ...vbaProject('Macros') });

/** An Excel 97-2003 workbook with one worksheet. */
export const XLS = compoundFile({ Workbook: biffWorkbook([{ name: 'Forecast', type: SHEET_TYPES.worksheet }]) });

/** The same workbook with a VBA project in `_VBA_PROJECT_CUR`. */
export const XLS_WITH_VBA = compoundFile({
  Workbook: biffWorkbook([{ name: 'Forecast', type: SHEET_TYPES.worksheet }]),
  ...vbaProject('_VBA_PROJECT_CUR'),
});

/** A workbook whose second sheet is an Excel 4.0 (XLM) macro sheet, no VBA at all. */
export const XLS_WITH_XLM = compoundFile({
  Workbook: biffWorkbook([
    { name: 'Forecast', type: SHEET_TYPES.worksheet },
    { name: 'Macro1', type: SHEET_TYPES.macro },
  ]),
});
