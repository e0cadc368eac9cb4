import { describe, expect, it } from 'vitest';
import { datedFileName, toCsv } from '../src/lib/csv.ts';
import { formatBytes, preview } from '../src/lib/format.ts';

describe('toCsv', () => {
  const columns = [
    { header: 'Name', value: (r: { name: string | null; n: number }) => r.name },
    { header: 'N', value: (r: { name: string | null; n: number }) => r.n },
  ];

  it('quotes commas, quotes and line breaks, and leaves nulls empty', () => {
    expect(toCsv([{ name: 'a, "b"\nc', n: 1 }, { name: null, n: -2 }], columns)).toBe('Name,N\r\n"a, ""b""\nc",1\r\n,-2\r\n');
  });

  it('keeps text that a spreadsheet would run as a formula as plain text', () => {
    for (const start of ['=', '+', '-', '@']) {
      expect(toCsv([{ name: `${start}SUM(A1)`, n: 0 }], columns).split('\r\n')[1]).toBe(`'${start}SUM(A1),0`);
    }
  });

  it('names the file by date', () => {
    expect(datedFileName('reports', new Date(2026, 0, 5))).toBe('reports-2026-01-05.csv');
  });
});

describe('format', () => {
  it('cuts previews at 100 characters', () => {
    expect(preview('a'.repeat(100))).toBe('a'.repeat(100));
    expect(preview('a'.repeat(101))).toBe(`${'a'.repeat(100)}…`);
  });

  it('prints sizes', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.50 KB');
    expect(formatBytes(50 * 1024 * 1024)).toBe('50.0 MB');
  });
});
