import type { Tool } from '@wfm/contracts/catalog/tools';
import { TOOL_CSV_COLUMNS } from '@wfm/contracts/catalog/labels';
import { toCsv, type CsvColumn } from './csv.ts';

const VALUES: Record<(typeof TOOL_CSV_COLUMNS)[number], CsvColumn<Tool>['value']> = {
  Name: (tool) => tool.name,
  Category: (tool) => tool.category,
  URL: (tool) => tool.url,
  Description: (tool) => tool.short_desc,
  Votes: (tool) => tool.votes,
  'Submitted By': (tool) => tool.submitted_by,
};

/** The tools as the spec's CSV: Name, Category, URL, Description, Votes, Submitted By. */
export function toolsCsv(tools: readonly Tool[]): string {
  return toCsv(
    tools,
    TOOL_CSV_COLUMNS.map((header) => ({ header, value: VALUES[header] })),
  );
}
