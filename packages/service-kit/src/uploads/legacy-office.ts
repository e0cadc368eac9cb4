import CFB, { type CFB$Container } from 'cfb';

/**
 * Word 97-2003 (.doc) and Excel 97-2003 (.xls) files are OLE2 compound files (MS-CFB): a small
 * file system of storages and streams. Their macros live in storages beside the document
 * (`Macros/VBA` in Word, `_VBA_PROJECT_CUR/VBA` in Excel, `_VBA_PROJECT` in Excel 5) or, for
 * Excel 4.0 (XLM) macros, in macro sheets declared in the Workbook stream. This module parses the
 * container with SheetJS's `cfb` and says whether the file is a clean document of the named kind.
 */
export type LegacyOfficeKind = 'doc' | 'xls';

/**
 * - clean: a well-formed compound file of that kind without macros;
 * - macros: it carries a VBA project or an Excel 4.0 macro sheet;
 * - unreadable: not a compound file we can parse to the end, not that kind of document, or an
 *   encrypted workbook whose sheet list cannot be read (all refused: what cannot be checked is
 *   not offered to visitors).
 */
export type LegacyOfficeVerdict = 'clean' | 'macros' | 'unreadable';

/** Storage (or stream) names that hold a VBA project, compared case-insensitively as CFB does. */
const VBA_NAMES = new Set(['_vba_project_cur', 'vba', 'macros', '_vba_project']);

/** Main stream of each kind: `WordDocument`; BIFF8 `Workbook` or BIFF5 `Book`. */
const MAIN_STREAMS: Record<LegacyOfficeKind, readonly string[]> = {
  doc: ['worddocument'],
  xls: ['workbook', 'book'],
};

const STREAM = 2;

/** BIFF record types (MS-XLS 2.3). */
const BOUNDSHEET = 0x0085;
const FILEPASS = 0x002f;
/** BoundSheet8.dt: 0x01 an Excel 4.0 macro sheet, 0x06 a VBA module sheet (Excel 5). */
const MACRO_SHEET_TYPES = new Set([0x01, 0x06]);

export function inspectLegacyOffice(data: Uint8Array, kind: LegacyOfficeKind): LegacyOfficeVerdict {
  let container: CFB$Container;
  try {
    container = CFB.parse(data);
  } catch {
    return 'unreadable';
  }
  const entries = Array.isArray(container?.FileIndex) ? container.FileIndex : [];
  if (entries.some((entry) => typeof entry?.name === 'string' && VBA_NAMES.has(entry.name.toLowerCase()))) return 'macros';
  const main = entries.find((entry) => entry?.type === STREAM && MAIN_STREAMS[kind].includes(String(entry.name).toLowerCase()));
  if (!main) return 'unreadable';
  if (kind === 'doc') return 'clean';
  const content = main.content;
  if (!content || typeof content.length !== 'number') return 'unreadable';
  return workbookVerdict(Buffer.from(content as Uint8Array));
}

/**
 * Walks the BIFF records of a Workbook stream (2-byte type, 2-byte length, data): a BOUNDSHEET
 * whose sheet type is a macro sheet means XLM macros. A record running past the end, or a
 * FILEPASS record (the rest is encrypted, sheet types included), makes the stream unreadable.
 */
function workbookVerdict(stream: Buffer): LegacyOfficeVerdict {
  let at = 0;
  while (at + 4 <= stream.length) {
    const type = stream.readUInt16LE(at);
    const length = stream.readUInt16LE(at + 2);
    const body = at + 4;
    if (body + length > stream.length) return 'unreadable';
    if (type === FILEPASS) return 'unreadable';
    if (type === BOUNDSHEET) {
      if (length < 6) return 'unreadable';
      if (MACRO_SHEET_TYPES.has(stream[body + 5]!)) return 'macros';
    }
    at = body + length;
  }
  return 'clean';
}
