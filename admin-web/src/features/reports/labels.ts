import { type AdminFeatureSuggestion, type AdminReport, type ReportReason } from '@wfm/contracts/forum';
import { REPORT_REASON_LABELS } from '@wfm/contracts/forum/labels';

/** Reports and suggestions without a status are shown as "New". */
export function reportStatus(status: string | null | undefined): string {
  return status?.trim() || 'New';
}

/** The suggestion's reference, or "FS-{id}" when it has none. */
export function suggestionReference(suggestion: Pick<AdminFeatureSuggestion, 'id' | 'reference_number'>): string {
  return suggestion.reference_number?.trim() || `FS-${suggestion.id}`;
}

export function reportKindLabel(report: Pick<AdminReport, 'kind'>): string {
  return report.kind === 'post' ? 'Post report' : report.kind === 'comment' ? 'Comment report' : 'Help request';
}

/** A post report's reason as the report dialog named it ("abusive" -> "Abusive content"). */
export function reasonText(report: Pick<AdminReport, 'kind' | 'reason'>): string {
  if (report.kind !== 'help' && report.reason in REPORT_REASON_LABELS) {
    return REPORT_REASON_LABELS[report.reason as ReportReason];
  }
  return report.reason;
}

