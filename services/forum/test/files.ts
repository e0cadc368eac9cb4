import { multipartBody, zip } from '@wfm/service-kit/testing';

/** Sample files for the forum's upload tests (the common ones come from the service kit). */
export { DOC, DOC_WITH_VBA, ELF, HTML, JPEG, PDF, PE, PNG, zip } from '@wfm/service-kit/testing';

const CONTENT_TYPES =
  '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"></Types>';
export const DOCX = zip({
  '[Content_Types].xml': CONTENT_TYPES,
  '_rels/.rels': '<Relationships/>',
  'word/document.xml': '<w:document><w:body><w:p><w:r><w:t>Hello</w:t></w:r></w:p></w:body></w:document>',
});
export const XLSX = zip({ '[Content_Types].xml': CONTENT_TYPES, 'xl/workbook.xml': '<workbook/>' });
export const DOCM = zip({
  '[Content_Types].xml': CONTENT_TYPES,
  'word/document.xml': '<w:document/>',
  'word/vbaProject.bin': 'macro',
});

/** A multipart body with each file in the field `field` (default "files"). */
export const multipart = (files: Array<{ name: string; data: Buffer; type?: string }>, field = 'files') => multipartBody(files, field);
