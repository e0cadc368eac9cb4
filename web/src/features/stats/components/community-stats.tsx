import { useQueryClient } from '@tanstack/react-query';
import { ACTIVE_MEMBERS_PLUS_THRESHOLD } from '../../../config/constants.ts';
import { useRealtimeEvent } from '../../../lib/realtime-context.tsx';
import { useLivePolls } from '../api/get-live-polls.ts';
import { statsQueryOptions, useStats } from '../api/get-stats.ts';

const UNKNOWN = '—';

export function formatActiveMembers(count: number): string {
  return count >= ACTIVE_MEMBERS_PLUS_THRESHOLD ? `${count}+` : String(count);
}

/** Active Members and Today's Posts from the forum, Live Polls (open polls) from the catalog; a dash while unknown. */
export function CommunityStatsList() {
  const stats = useStats();
  const livePolls = useLivePolls();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: statsQueryOptions().queryKey });
  useRealtimeEvent('member_joined', refresh);
  useRealtimeEvent('new_post', refresh);

  const rows = [
    { label: 'Active Members', value: stats.data ? formatActiveMembers(stats.data.activeMembers) : UNKNOWN },
    { label: "Today's Posts", value: stats.data ? String(stats.data.todaysPosts) : UNKNOWN },
    { label: 'Live Polls', value: livePolls !== undefined ? String(livePolls) : UNKNOWN },
  ];

  return (
    <dl className="grid gap-2 text-sm" aria-busy={stats.isPending || undefined}>
      {rows.map((row) => (
        <div key={row.label} className="flex items-center justify-between gap-2">
          <dt className="text-muted-foreground">{row.label}</dt>
          <dd className="font-semibold tabular-nums" data-testid={`stat-${row.label.toLowerCase().replace(/\W+/g, '-')}`}>
            {row.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
