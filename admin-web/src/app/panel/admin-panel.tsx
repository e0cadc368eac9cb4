import type { StaffRole } from '@wfm/contracts/shared';
import { Tabs, TabsContent, TabsList, TabsTrigger, cn } from '@wfm/ui';
import { useEffect, useMemo, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { TAB_PARAM, paths } from '../../config/paths.ts';
import { NOT_AVAILABLE, tabsFor, type AdminTab, type SignedInStaff } from '../../lib/admin-tab.ts';
import { ADMIN_TAB_REGISTRY } from './admin-tabs.ts';
import { PanelHeader } from './panel-header.tsx';

/**
 * A tab's count badge. Its own component, so each tab's count hook runs in a stable place and
 * only for the tabs the role sees.
 */
function CountBadge({ tab, staff }: { tab: AdminTab; staff: SignedInStaff }) {
  const count = tab.useCount(staff);
  const live = count !== NOT_AVAILABLE;
  const text = !live ? '—' : count === undefined ? '…' : String(count);
  return (
    <span
      className={cn(
        'min-w-5 rounded-full px-1.5 py-0.5 text-center text-[0.7rem] font-semibold leading-none tabular-nums',
        'bg-muted-foreground/15 text-foreground group-data-[state=active]:bg-primary group-data-[state=active]:text-primary-foreground',
      )}
      title={!live ? 'Not available yet' : undefined}
    >
      {text}
      {/* The trigger is `relative`, so this absolutely placed text stays inside the scrolling tab bar. */}
      {!live && <span className="sr-only"> (not available yet)</span>}
    </span>
  );
}

/** The panel: header, the registry's tabs this role may open (each with a count badge) and the open tab. */
export function AdminPanel({ username, role }: { username: string; role: StaffRole }) {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const staff = useMemo(() => ({ username, role }), [username, role]);
  const tabs = tabsFor(ADMIN_TAB_REGISTRY, role);
  const requested = params.get(TAB_PARAM);
  const active = tabs.find((tab) => tab.id === requested)?.id ?? tabs[0]?.id ?? '';
  const tabList = useRef<HTMLDivElement>(null);

  // On a phone the tab bar scrolls sideways: keep the open tab in view (e.g. after a reload on ?tab=database).
  useEffect(() => {
    tabList.current
      ?.querySelector('[role="tab"][data-state="active"]')
      ?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [active]);

  const selectTab = (tab: string) => {
    setParams(tab === tabs[0]?.id ? {} : { [TAB_PARAM]: tab }, { replace: true });
  };

  return (
    <div className="min-h-dvh">
      <PanelHeader
        username={username}
        role={role}
        onSignedOut={() => void navigate(paths.login.getHref(), { replace: true })}
      />
      <Tabs value={active} onValueChange={selectTab} className="mx-auto grid max-w-7xl gap-5 px-4 py-5">
        <TabsList
          ref={tabList}
          aria-label="Admin sections"
          className="flex h-auto w-full justify-start overflow-x-auto [scrollbar-width:thin]"
        >
          {tabs.map((tab) => (
            <TabsTrigger key={tab.id} value={tab.id} className="group relative shrink-0">
              {tab.label}
              <CountBadge tab={tab} staff={staff} />
            </TabsTrigger>
          ))}
        </TabsList>
        {tabs.map((tab) => (
          <TabsContent key={tab.id} value={tab.id} className="rounded-md">
            <tab.component staff={staff} />
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );
}
