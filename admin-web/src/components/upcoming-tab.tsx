import { Clock } from '@wfm/ui/icons';
import { NOT_AVAILABLE, type AdminTab } from '../lib/admin-tab.ts';

/**
 * A tab whose part of the platform has not been launched yet: says so instead of showing an
 * empty list that would look like "no data".
 */
export function UpcomingTab({ title, what }: { title: string; what: string }) {
  return (
    <section
      aria-label={title}
      className="grid place-items-center gap-3 rounded-lg border border-dashed border-border px-6 py-14 text-center"
    >
      <Clock className="size-8 text-muted-foreground" aria-hidden="true" />
      <h2 className="text-lg font-semibold">{title}: not available yet</h2>
      <p className="max-w-md text-sm text-muted-foreground">
        {what} are not part of the platform yet. When they launch, they appear here with their actions; until then there
        is nothing to review.
      </p>
    </section>
  );
}

/**
 * The registry entry of a tab whose service has not launched: the honest empty state above and a
 * "—" badge. When the service lands, its folder exports a real entry instead.
 */
export function upcomingTab({
  id,
  label,
  roles,
  what,
}: Pick<AdminTab, 'id' | 'label' | 'roles'> & { what: string }): AdminTab {
  return {
    id,
    label,
    roles,
    component: function Upcoming() {
      return <UpcomingTab title={label} what={what} />;
    },
    useCount: () => NOT_AVAILABLE,
  };
}
