import { useState } from 'react';
import { hasRight } from '@wfm/contracts/admin';
import { REPORT_STATUSES, type ReportStatus } from '@wfm/contracts/forum';
import { EmptyState } from '../../../components/query-state.tsx';
import { ResourceState } from '../../../components/resource-table.tsx';
import { SectionHeader } from '../../../components/section-header.tsx';
import { useAdminPosts } from '../../../lib/admin-posts.ts';
import type { AdminTabProps } from '../../../lib/admin-tab.ts';
import { useFeatureSuggestions } from '../api/get-feature-suggestions.ts';
import { useReports } from '../api/get-reports.ts';
import { REPORT_CSV_COLUMNS, SUGGESTION_CSV_COLUMNS } from '../csv-columns.ts';
import { ExportCsvButton } from './export-csv-button.tsx';
import { ReportCard } from './report-card.tsx';
import { SuggestionCard } from './suggestion-card.tsx';

/** Reports and help requests, then feature suggestions; each list exports to CSV. */
export function ReportsTab({ staff: { role } }: AdminTabProps) {
  const showSuggestions = hasRight(role, 'suggestions');
  const canResolve = hasRight(role, 'posts');
  const [status, setStatus] = useState<ReportStatus | undefined>('New');
  const reports = useReports(true, status);
  const suggestions = useFeatureSuggestions(showSuggestions);
  const posts = useAdminPosts(canResolve);

  return (
    <div className="grid gap-8">
      <section className="grid gap-4" aria-labelledby="reports-heading">
        <SectionHeader
          id="reports-heading"
          title="Reports"
          count={reports.data?.length}
          description="Reported posts, comments and help requests, newest first."
          actions={
            <>
              <label className="flex items-center gap-2 text-sm">
                Status
                <select
                  className="rounded-md border bg-background px-2 py-1 text-sm"
                  value={status ?? 'All'}
                  onChange={(e) => setStatus(e.target.value === 'All' ? undefined : (e.target.value as ReportStatus))}
                >
                  <option value="All">All</option>
                  {REPORT_STATUSES.map((s) => (
                    <option key={s} value={s}>
                      {s}
                    </option>
                  ))}
                </select>
              </label>
              <ExportCsvButton
              label="Export CSV of reports"
              filePrefix="reports"
              rows={reports.data}
              columns={REPORT_CSV_COLUMNS}
              />
            </>
          }
        />
        <ResourceState
          query={reports}
          rows={reports.data}
          loadingLabel="Loading reports"
          errorTitle="Failed to load reports"
          empty={<EmptyState title="No reports">{status === undefined ? 'Reported posts, comments and help requests will appear here.' : `No ${status} reports.`}</EmptyState>}
        >
          {(rows) => (
            <div className="grid gap-3">
              {rows.map((report) => (
                <ReportCard
                  key={report.id}
                  report={report}
                  postStatus={report.post_id === null ? undefined : posts.statusById.get(report.post_id)}
                  canResolve={canResolve}
                />
              ))}
            </div>
          )}
        </ResourceState>
      </section>

      {showSuggestions && (
        <section className="grid gap-4" aria-labelledby="suggestions-heading">
          <SectionHeader
            id="suggestions-heading"
            title="Feature Suggestions"
            count={suggestions.data?.length}
            description="Ideas sent from the Suggest Feature dialogs, newest first."
            actions={
              <ExportCsvButton
                label="Export CSV of feature suggestions"
                filePrefix="feature-suggestions"
                rows={suggestions.data}
                columns={SUGGESTION_CSV_COLUMNS}
              />
            }
          />
          <ResourceState
            query={suggestions}
            rows={suggestions.data}
            loadingLabel="Loading feature suggestions"
            errorTitle="Failed to load feature suggestions"
            empty={<EmptyState title="No feature suggestions">Suggestions from visitors will appear here.</EmptyState>}
          >
            {(rows) => (
              <div className="grid gap-3">
                {rows.map((suggestion) => (
                  <SuggestionCard key={suggestion.id} suggestion={suggestion} />
                ))}
              </div>
            )}
          </ResourceState>
        </section>
      )}
    </div>
  );
}

