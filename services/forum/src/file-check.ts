import { extname } from 'node:path';
import { fileTypeFromBuffer } from 'file-type';

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

const ZIP_MAGIC = Buffer.from('PK\x03\x04', 'latin1');
const CFB_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
/** Name of the main stream of a Word 97-2003 file, as stored (UTF-16LE) in its directory. */
const WORD_STREAM = Buffer.from('WordDocument', 'utf16le');

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * What the file really is, judged by its bytes, or null when it is not an allowed kind or its
 * content does not fit its name: raster images, PDF, DOC (Word compound file), DOCX (zip with
 * word/document.xml, no macros), and TXT/MD (valid UTF-8 without NUL bytes).
 */
export async function checkFile(originalName: string, data: Buffer): Promise<CheckedFile | null> {
  const nameExt = extname(originalName).toLowerCase();
  const detected = await fileTypeFromBuffer(data);

  if (detected && detected.ext in IMAGES) {
    return IMAGE_NAMES.has(nameExt) ? { ext: detected.ext, mimetype: IMAGES[detected.ext]!, isImage: true } : null;
  }
  if (detected?.ext === 'pdf') {
    return nameExt === '.pdf' ? { ext: 'pdf', mimetype: 'application/pdf', isImage: false } : null;
  }
  if (nameExt === '.docx') return isDocx(data) ? { ext: 'docx', mimetype: DOCX_MIME, isImage: false } : null;
  if (nameExt === '.doc') return isWord97(data) ? { ext: 'doc', mimetype: 'application/msword', isImage: false } : null;
  if (nameExt === '.txt' || nameExt === '.md' || nameExt === '.markdown') {
    if (detected || !isPlainText(data)) return null;
    return nameExt === '.txt'
      ? { ext: 'txt', mimetype: 'text/plain; charset=utf-8', isImage: false }
      : { ext: 'md', mimetype: 'text/markdown; charset=utf-8', isImage: false };
  }
  return null;
}

function isDocx(data: Buffer): boolean {
  return (
    data.subarray(0, 4).equals(ZIP_MAGIC) &&
    data.includes('[Content_Types].xml', 0, 'latin1') &&
    data.includes('word/document.xml', 0, 'latin1') &&
    !data.includes('vbaProject.bin', 0, 'latin1')
  );
}

function isWord97(data: Buffer): boolean {
  return data.subarray(0, 8).equals(CFB_MAGIC) && data.includes(WORD_STREAM);
}

function isPlainText(data: Buffer): boolean {
  if (data.includes(0)) return false;
  try {
    utf8.decode(data);
    return true;
  } catch {
    return false;
  }
}
