import { extname } from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import { inspectLegacyOffice, type LegacyOfficeKind } from './legacy-office.ts';

export interface CheckedFile {
  /** Extension of the stored name, from the content. */
  ext: string;
  mimetype: string;
  isImage: boolean;
}

/** Raster images only: SVG can carry script. */
const IMAGES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  bmp: 'image/bmp',
};
const IMAGE_NAMES = new Set(['.png', '.jpg', '.jpeg', '.jpe', '.gif', '.webp', '.bmp']);

const DOCX_MIME = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Kinds a caller may add to the default set: spreadsheets (.xlsx zip with xl/workbook.xml and no
 * macros, .xls compound file with a Workbook stream, no VBA project and no Excel 4.0 macro sheet,
 * .csv UTF-8 text that is not markup).
 */
export type ExtraFileKind = 'spreadsheets';

const ZIP_MAGIC = Buffer.from('PK\x03\x04', 'latin1');
const CFB_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

/** Byte strings looked for anywhere in the content (across chunk boundaries). */
const MARKERS = {
  contentTypes: Buffer.from('[Content_Types].xml', 'latin1'),
  wordDocument: Buffer.from('word/document.xml', 'latin1'),
  vbaProject: Buffer.from('vbaProject.bin', 'latin1'),
  /** Name of the main stream of a Word 97-2003 file, as stored (UTF-16LE) in its directory. */
  wordStream: Buffer.from('WordDocument', 'utf16le'),
  workbookXml: Buffer.from('xl/workbook.xml', 'latin1'),
  /** Main stream of an Excel 97-2003 file (BIFF8 `Workbook`, BIFF5 `Book`). */
  workbookStream: Buffer.from('Workbook', 'utf16le'),
  bookStream: Buffer.from('Book', 'utf16le'),
} as const;
type Marker = keyof typeof MARKERS;
const LONGEST_MARKER = Math.max(...Object.values(MARKERS).map((m) => m.length));

/** How much of the start of a file content sniffing looks at (file-type needs at most a few KB). */
const HEAD_BYTES = 64 * 1024;

/**
 * A compound file is parsed whole (its directory and streams may sit anywhere), so a .doc or .xls
 * is kept in memory while it streams past, up to this size; a larger one is refused. The upload
 * routes' own limit (10 MB) is lower.
 */
const COMPOUND_FILE_MAX_BYTES = 32 * 1024 * 1024;

/** Names whose content is a compound file parsed for macros. */
const LEGACY_OFFICE: Record<string, LegacyOfficeKind> = { '.doc': 'doc', '.xls': 'xls' };

/**
 * Judges a file by its bytes while they stream past, keeping only the first 64 KiB and a few
 * flags (a .doc/.xls compound file whole, to parse it): push() every chunk, then result(). What
 * it accepts: raster images, PDF, DOC (Word compound file, no VBA project), DOCX (zip with
 * word/document.xml, no macros), and TXT/MD (valid UTF-8 without NUL bytes), each only under a
 * name whose extension fits the content.
 */
export class ContentInspector {
  readonly #nameExt: string;
  readonly #headChunks: Buffer[] = [];
  #headLength = 0;
  #tail = Buffer.alloc(0);
  readonly #seen = new Set<Marker>();
  readonly #utf8 = new TextDecoder('utf-8', { fatal: true });
  #text = true;

  readonly #extra: ReadonlySet<ExtraFileKind>;
  /** The whole content of a .doc/.xls that starts like a compound file (null: not kept). */
  #compound: Buffer[] | null;
  #compoundLength = 0;
  #compoundTooLarge = false;

  constructor(originalName: string, extra: readonly ExtraFileKind[] = []) {
    this.#nameExt = extname(originalName).toLowerCase();
    this.#extra = new Set(extra);
    this.#compound = this.#nameExt in LEGACY_OFFICE ? [] : null;
  }

  push(chunk: Buffer): void {
    if (this.#headLength < HEAD_BYTES) {
      const part = chunk.subarray(0, HEAD_BYTES - this.#headLength);
      this.#headChunks.push(part);
      this.#headLength += part.length;
    }
    if (this.#compound) {
      this.#compound.push(chunk);
      this.#compoundLength += chunk.length;
      if (this.#compoundLength > COMPOUND_FILE_MAX_BYTES) {
        this.#compound = null;
        this.#compoundTooLarge = true;
      } else if (this.#headLength >= CFB_MAGIC.length && !this.#startsWith(CFB_MAGIC)) {
        this.#compound = null;
      }
    }
    const window = this.#tail.length > 0 ? Buffer.concat([this.#tail, chunk]) : chunk;
    for (const [name, marker] of Object.entries(MARKERS) as Array<[Marker, Buffer]>) {
      if (!this.#seen.has(name) && window.includes(marker)) this.#seen.add(name);
    }
    this.#tail = Buffer.from(window.subarray(Math.max(0, window.length - (LONGEST_MARKER - 1))));
    if (this.#text) {
      if (chunk.includes(0)) this.#text = false;
      else {
        try {
          this.#utf8.decode(chunk, { stream: true });
        } catch {
          this.#text = false;
        }
      }
    }
  }

  /** What the file is, or null when it is not an allowed kind or its content does not fit its name. */
  async result(): Promise<CheckedFile | null> {
    const head = Buffer.concat(this.#headChunks);
    const detected = await fileTypeFromBuffer(head);
    const nameExt = this.#nameExt;
    if (detected && detected.ext in IMAGES) {
      return IMAGE_NAMES.has(nameExt) ? { ext: detected.ext, mimetype: IMAGES[detected.ext]!, isImage: true } : null;
    }
    if (detected?.ext === 'pdf') {
      return nameExt === '.pdf' ? { ext: 'pdf', mimetype: 'application/pdf', isImage: false } : null;
    }
    if (nameExt === '.docx') {
      const ok =
        head.subarray(0, 4).equals(ZIP_MAGIC) &&
        this.#seen.has('contentTypes') &&
        this.#seen.has('wordDocument') &&
        !this.#seen.has('vbaProject');
      return ok ? { ext: 'docx', mimetype: DOCX_MIME, isImage: false } : null;
    }
    if (nameExt === '.doc') {
      const ok = head.subarray(0, 8).equals(CFB_MAGIC) && this.#seen.has('wordStream') && this.#legacyOfficeClean('doc');
      return ok ? { ext: 'doc', mimetype: 'application/msword', isImage: false } : null;
    }
    if (this.#extra.has('spreadsheets')) {
      const sheet = this.#spreadsheet(head, detected?.ext);
      if (sheet !== undefined) return sheet;
    }
    if (nameExt === '.txt' || nameExt === '.md' || nameExt === '.markdown') {
      if (detected || !this.#text || !this.#textEndsWell()) return null;
      return nameExt === '.txt'
        ? { ext: 'txt', mimetype: 'text/plain; charset=utf-8', isImage: false }
        : { ext: 'md', mimetype: 'text/markdown; charset=utf-8', isImage: false };
    }
    return null;
  }

  /** The verdict for a spreadsheet name (null: refused), or undefined for any other name. */
  #spreadsheet(head: Buffer, detected: string | undefined): CheckedFile | null | undefined {
    if (this.#nameExt === '.xlsx') {
      const ok =
        head.subarray(0, 4).equals(ZIP_MAGIC) &&
        this.#seen.has('contentTypes') &&
        this.#seen.has('workbookXml') &&
        !this.#seen.has('vbaProject');
      return ok ? { ext: 'xlsx', mimetype: XLSX_MIME, isImage: false } : null;
    }
    if (this.#nameExt === '.xls') {
      const ok =
        head.subarray(0, 8).equals(CFB_MAGIC) &&
        (this.#seen.has('workbookStream') || this.#seen.has('bookStream')) &&
        this.#legacyOfficeClean('xls');
      return ok ? { ext: 'xls', mimetype: 'application/vnd.ms-excel', isImage: false } : null;
    }
    if (this.#nameExt === '.csv') {
      // Markup renamed .csv is refused even though it is served as a download with nosniff.
      const start = head.toString('utf8', 0, 1024).replace(/^\uFEFF/, '').trimStart();
      const markup = start.startsWith('<') || /<\s*(script|html|body|iframe|svg|!doctype)\b/i.test(head.toString('utf8'));
      if (detected || !this.#text || !this.#textEndsWell() || markup) return null;
      return { ext: 'csv', mimetype: 'text/csv; charset=utf-8', isImage: false };
    }
    return undefined;
  }

  /**
   * A Word or Excel 97-2003 file is refused, like a .docx/.xlsx with vbaProject.bin, when it
   * carries a VBA project or an Excel 4.0 macro sheet, and when it cannot be parsed to tell.
   */
  #legacyOfficeClean(kind: LegacyOfficeKind): boolean {
    if (this.#compoundTooLarge || !this.#compound) return false;
    const verdict = inspectLegacyOffice(Buffer.concat(this.#compound, this.#compoundLength), kind);
    return verdict === 'clean';
  }

  #startsWith(magic: Buffer): boolean {
    const first = this.#headChunks[0]!;
    const start = first.length >= magic.length ? first : Buffer.concat(this.#headChunks);
    return start.subarray(0, magic.length).equals(magic);
  }

  /** A UTF-8 sequence cut off at the very end is not valid text either. */
  #textEndsWell(): boolean {
    try {
      this.#utf8.decode();
      return true;
    } catch {
      return false;
    }
  }
}

/** The same judgement for a file already in memory. */
export async function checkFile(
  originalName: string,
  data: Buffer,
  extra: readonly ExtraFileKind[] = [],
): Promise<CheckedFile | null> {
  const inspector = new ContentInspector(originalName, extra);
  inspector.push(data);
  return inspector.result();
}
