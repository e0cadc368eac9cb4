import { Button } from '@wfm/ui';
import { Download } from '@wfm/ui/icons';
import { datedFileName, downloadCsv, toCsv, type CsvColumn } from '../../../lib/csv.ts';

/** Builds the CSV in the browser from the rows already loaded and saves it. */
export function ExportCsvButton<T>({
  label,
  filePrefix,
  rows,
  columns,
}: {
  /** Accessible name, e.g. "Export CSV of reports": it starts with what the button reads (Label in Name). */
  label: string;
  filePrefix: string;
  rows: readonly T[] | undefined;
  columns: readonly CsvColumn<T>[];
}) {
  return (
    <Button
      variant="outline"
      size="sm"
      aria-label={label}
      disabled={!rows || rows.length === 0}
      onClick={() => rows && downloadCsv(datedFileName(filePrefix), toCsv(rows, columns))}
    >
      <Download aria-hidden="true" />
      Export CSV
    </Button>
  );
}
