import { TOOL_CSV_COLUMNS } from '@wfm/contracts/catalog/labels';
import { describe, expect, it } from 'vitest';
import { toolsCsv } from '../src/features/tools/utils/tools-csv.ts';
import { makeTool } from './catalog-fixtures.ts';

describe('tools CSV export', () => {
  it('has the spec columns in order, one line per tool, CRLF line ends', () => {
    const csv = toolsCsv([makeTool({ name: 'Forecast Pro', votes: 3, submitted_by: 'pat' })]);
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe(TOOL_CSV_COLUMNS.join(','));
    expect(lines[0]).toBe('Name,Category,URL,Description,Votes,Submitted By');
    expect(lines[1]).toBe('Forecast Pro,Forecasting,https://tool.example.com,Forecasts volumes per interval.,3,pat');
    expect(lines[2]).toBe('');
  });

  it.each(['=HYPERLINK("http://evil")', '+1+1', '-2+3', '@SUM(A1)', '\tTAB', '\rCR'])(
    'keeps a cell starting with a formula character as text: %j',
    (hostile) => {
      const csv = toolsCsv([makeTool({ name: hostile, short_desc: hostile, submitted_by: hostile })]);
      const row = csv.split('\r\n').slice(1).join('\r\n');
      // Every visitor-typed cell begins with a quote mark, so no spreadsheet runs it.
      expect(row).not.toMatch(/(^|,)[=+\-@\t\r]/);
      expect(row).toContain(`'${hostile.replaceAll('"', '""')}`);
    },
  );

  it('quotes commas, quotes and line breaks (RFC 4180), and leaves numbers alone', () => {
    const csv = toolsCsv([makeTool({ name: 'A, "B"', short_desc: 'line one\nline two', votes: -1 })]);
    const row = csv.split('\r\n')[1]!;
    expect(row.startsWith('"A, ""B""",')).toBe(true);
    expect(csv).toContain('"line one\nline two"');
    // A negative count is a number, not visitor text.
    expect(row).toContain(',-1,');
  });
});
