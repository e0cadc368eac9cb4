import type { AuditEntry } from '@wfm/contracts/admin';
import { Badge, Button, Card } from '@wfm/ui';
import { RefreshCw } from '@wfm/ui/icons';
import { EmptyState, ListSkeleton, LoadError } from '../../../components/query-state.tsx';
import { SectionHeader } from '../../../components/section-header.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { AUDIT_PAGE, useAudit } from '../api/get-audit.ts';

/** Who did it: a staff member with their role, or "Author" for a visitor's edit or deletion of their own words. */
function Actor({ entry }: { entry: AuditEntry }) {
  if (entry.role === 'author') return <Badge variant="outline">Author</Badge>;
  return (
    <span className="inline-flex items-center gap-2">
      <span className="font-semibold">{entry.staff_username}</span>
      <Badge variant="secondary">{entry.role}</Badge>
    </span>
  );
}

/**
 * The newest entries of the audit log (GET /api/admin/audit): staff actions of every service and
 * authors' edits and deletions of their own posts and comments (actor "Author", docs/admin.md).
 */
export function AuditTab() {
  const audit = useAudit();
  const entries = audit.data?.entries ?? [];
  return (
    <section className="grid gap-4" aria-labelledby="audit-heading">
      <SectionHeader
        id="audit-heading"
        title="Audit log"
        count={audit.data ? entries.length : undefined}
        description={`The latest ${AUDIT_PAGE} actions, newest first: what staff did, and what authors changed or deleted of their own posts and comments.`}
      />
      <div>
        <Button variant="outline" size="sm" onClick={() => void audit.refetch()} disabled={audit.isFetching}>
          <RefreshCw aria-hidden="true" />
          Refresh
        </Button>
      </div>
      {audit.isPending && <ListSkeleton label="Loading the audit log" />}
      {audit.isError && <LoadError title="Failed to load the audit log" error={audit.error} onRetry={() => void audit.refetch()} />}
      {audit.data && entries.length === 0 && <EmptyState title="Nothing recorded yet">Staff actions and authors' deletions appear here.</EmptyState>}
      {entries.length > 0 && (
        <ol className="grid gap-2" aria-label="Audit entries">
          {entries.map((entry) => (
            <li key={entry.id}>
              <Card className="flex flex-wrap items-center gap-x-3 gap-y-1 p-3 text-sm" data-testid="audit-entry">
                <Actor entry={entry} />
                <code className="break-all">{entry.action}</code>
                <span className="text-muted-foreground">
                  {entry.target_type} {entry.target_id} · {entry.service}
                </span>
                <time className="ml-auto text-xs text-muted-foreground" dateTime={new Date(entry.at).toISOString()}>
                  {formatDateTime(entry.at)}
                </time>
              </Card>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
