import type { AdminFeatureSuggestion, AdminReport } from '@wfm/contracts/forum';
import type { CsvColumn } from '../../lib/csv.ts';
import { reportStatus, suggestionReference } from './labels.ts';

const iso = (ms: number) => new Date(ms).toISOString();

/** Every field of a report, full texts (the screen shows 100-character previews). */
export const REPORT_CSV_COLUMNS: CsvColumn<AdminReport>[] = [
  { header: 'ID', value: (r) => r.id },
  { header: 'Ticket Reference', value: (r) => r.ticket_reference },
  { header: 'Kind', value: (r) => r.kind },
  { header: 'Post ID', value: (r) => r.post_id },
  { header: 'Title', value: (r) => r.title },
  { header: 'Category', value: (r) => r.category },
  { header: 'Priority', value: (r) => r.priority },
  { header: 'Reason', value: (r) => r.reason },
  { header: 'Contact Info', value: (r) => r.contact_info },
  { header: 'Reporter', value: (r) => r.reporter_name },
  { header: 'Status', value: (r) => reportStatus(r.status) },
  { header: 'Created At', value: (r) => iso(r.created_at) },
];

export const SUGGESTION_CSV_COLUMNS: CsvColumn<AdminFeatureSuggestion>[] = [
  { header: 'ID', value: (s) => s.id },
  { header: 'Reference Number', value: (s) => suggestionReference(s) },
  { header: 'Title', value: (s) => s.title },
  { header: 'Description', value: (s) => s.description },
  { header: 'Author', value: (s) => s.author_name },
  { header: 'Email', value: (s) => s.email },
  { header: 'Contact Method', value: (s) => s.contact_method },
  { header: 'Priority', value: (s) => s.priority },
  { header: 'Status', value: (s) => reportStatus(s.status) },
  { header: 'Created At', value: (s) => iso(s.created_at) },
];
