import { hasRight, type StaffRole } from '@wfm/contracts';
import { EmptyState, ListSkeleton, LoadError } from '../../../components/query-state.tsx';
import { SectionHeader } from '../../../components/section-header.tsx';
import { useAdminPosts } from '../../../lib/admin-posts.ts';
import { useFeatureSuggestions } from '../api/get-feature-suggestions.ts';
import { useReports } from '../api/get-reports.ts';
import { REPORT_CSV_COLUMNS, SUGGESTION_CSV_COLUMNS } from '../csv-columns.ts';
import { ExportCsvButton } from './export-csv-button.tsx';
import { ReportCard } from './report-card.tsx';
import { SuggestionCard } from './suggestion-card.tsx';

/** Reports and help requests, then feature suggestions; each list exports to CSV. */
export function ReportsTab({ role }: { role: StaffRole }) {
  const showSuggestions = hasRight(role, 'suggestions');
  const canResolve = hasRight(role, 'posts');
  const reports = useReports();
  const suggestions = useFeatureSuggestions(showSuggestions);
  const posts = useAdminPosts(canResolve);

  return (
    <div className="grid gap-8">
      <section className="grid gap-4" aria-labelledby="reports-heading">
        <SectionHeader
          id="reports-heading"
          title="Reports"
          count={reports.data?.length}
          description="Reported posts and help requests, newest first."
          actions={
            <ExportCsvButton
              label="Export reports to CSV"
              filePrefix="reports"
              rows={reports.data}
              columns={REPORT_CSV_COLUMNS}
            />
          }
        />
        {reports.isPending ? (
          <ListSkeleton label="Loading reports" />
        ) : reports.isError ? (
          <LoadError title="Failed to load reports" error={reports.error} onRetry={() => void reports.refetch()} />
        ) : reports.data.length === 0 ? (
          <EmptyState title="No reports">Reported posts and help requests will appear here.</EmptyState>
        ) : (
          <div className="grid gap-3">
            {reports.data.map((report) => (
              <ReportCard
                key={report.id}
                report={report}
                postStatus={report.post_id === null ? undefined : posts.statusById.get(report.post_id)}
                canResolve={canResolve}
              />
            ))}
          </div>
        )}
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
                label="Export feature suggestions to CSV"
                filePrefix="feature-suggestions"
                rows={suggestions.data}
                columns={SUGGESTION_CSV_COLUMNS}
              />
            }
          />
          {suggestions.isPending ? (
            <ListSkeleton label="Loading feature suggestions" />
          ) : suggestions.isError ? (
            <LoadError
              title="Failed to load feature suggestions"
              error={suggestions.error}
              onRetry={() => void suggestions.refetch()}
            />
          ) : suggestions.data.length === 0 ? (
            <EmptyState title="No feature suggestions">Suggestions from visitors will appear here.</EmptyState>
          ) : (
            <div className="grid gap-3">
              {suggestions.data.map((suggestion) => (
                <SuggestionCard key={suggestion.id} suggestion={suggestion} />
              ))}
            </div>
          )}
        </section>
      )}
    </div>
  );
}

