import { multipartBody, zip } from '@wfm/service-kit/testing';

/** Sample files for template upload tests (the common ones come from the service kit). */
export { DOC, DOC_WITH_VBA, ELF, HTML, JPEG, PDF, PE, PNG, XLS, XLS_WITH_VBA, XLS_WITH_XLM, zip } from '@wfm/service-kit/testing';

const CONTENT_TYPES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">
<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>
<Default Extension="xml" ContentType="application/xml"/>
<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>
<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>
</Types>`;

/** A complete one-sheet workbook (opens in Excel and LibreOffice): forecast intervals. */
export const XLSX = zip({
  '[Content_Types].xml': CONTENT_TYPES,
  '_rels/.rels': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">
<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/>
</Relationships>`,
  'xl/workbook.xml': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">
<sheets><sheet name="Forecast" sheetId="1" r:id="rId1"/></sheets>
</workbook>`,
  'xl/_rels/workbook.xml.rels': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">
<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/>
</Relationships>`,
  'xl/worksheets/sheet1.xml': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>
<row r="1"><c r="A1" t="inlineStr"><is><t>Interval</t></is></c><c r="B1" t="inlineStr"><is><t>Calls</t></is></c></row>
<row r="2"><c r="A2" t="inlineStr"><is><t>09:00</t></is></c><c r="B2"><v>120</v></c></row>
</sheetData></worksheet>`,
});

/** The same workbook with a macro project: refused. */
export const XLSM_AS_XLSX = zip({
  '[Content_Types].xml': CONTENT_TYPES,
  'xl/workbook.xml': '<workbook/>',
  'xl/vbaProject.bin': 'macro',
});

export const CSV = Buffer.from('Interval,Calls,AHT\n09:00,120,4.5\n09:30,135,4.2\n', 'utf8');

/** A multipart body: the files in `field` (default "file") plus text fields. */
export const multipart = (files: Array<{ name: string; data: Buffer; type?: string }>, field = 'file', fields: Record<string, string> = {}) =>
  multipartBody(files, field, fields);
