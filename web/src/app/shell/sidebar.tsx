import { Badge, Button, Card, cn } from '@wfm/ui';
import { Lightbulb } from '@wfm/ui/icons';
import { NavLink } from '../../lib/router.tsx';
import { CommunityStatsList } from '../../features/stats/components/community-stats.tsx';
import { useRealtimeStatus } from '../../lib/realtime-context.tsx';
import { communityNav } from './nav-items.ts';

const STATUS_TEXT = { open: 'Active', connecting: 'Connecting…', closed: 'Reconnecting…' } as const;

/** Green "Active" while live updates are connected. */
function ActiveIndicator() {
  const status = useRealtimeStatus();
  const live = status === 'open';
  return (
    <span className="flex items-center gap-1.5 text-xs font-medium" data-testid="active-indicator">
      <span className="relative flex size-2" aria-hidden="true">
        {live && <span className="absolute inline-flex size-full animate-ping rounded-full bg-success opacity-60" />}
        <span className={cn('relative inline-flex size-2 rounded-full', live ? 'bg-success' : 'bg-muted-foreground')} />
      </span>
      <span className={live ? 'text-success' : 'text-muted-foreground'}>{STATUS_TEXT[status]}</span>
    </span>
  );
}

export function Sidebar({ onSuggest }: { onSuggest: () => void }) {
  return (
    <aside aria-label="Sidebar" className="hidden w-64 shrink-0 lg:block">
      <div className="sticky top-14 grid gap-4 py-6">
        <Card className="p-3">
          <nav aria-label="Community">
            <h2 className="px-2 pb-2 text-xs font-semibold uppercase tracking-wide text-muted-foreground">Community</h2>
            <ul className="grid gap-0.5">
              {communityNav.map(({ to, label, icon: Icon, badge }) => (
                <li key={to}>
                  <NavLink
                    to={to}
                    className={({ isActive }) =>
                      cn('sidebar-link focus-ring', isActive && 'bg-accent font-medium text-accent-foreground')
                    }
                  >
                    <Icon className="size-4 shrink-0" aria-hidden="true" />
                    <span className="flex-1">{label}</span>
                    {badge && <Badge variant={badge.variant}>{badge.text}</Badge>}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        </Card>

        <Card className="grid gap-3 p-4">
          <div className="flex items-center justify-between">
            <h2 className="text-sm font-semibold">Community Stats</h2>
            <ActiveIndicator />
          </div>
          <CommunityStatsList />
        </Card>

        <Card className="grid gap-3 p-4">
          <div className="grid gap-1">
            <h2 className="text-sm font-semibold">Have an idea?</h2>
            <p className="text-xs text-muted-foreground">Tell us what would make this community more useful.</p>
          </div>
          <Button variant="outline" size="sm" onClick={onSuggest}>
            <Lightbulb aria-hidden="true" />
            Suggest Feature
          </Button>
        </Card>
      </div>
    </aside>
  );
}
