import { Tabs, TabsContent, TabsList, TabsTrigger } from '@wfm/ui';
import { useSearchParams } from '../../../lib/router.tsx';
import { AttritionTab } from './attrition-tab.tsx';
import { CostTab } from './cost-tab.tsx';
import { DayPlanner } from './day-planner.tsx';
import { ShrinkageTab } from './shrinkage-tab.tsx';
import { StaffingTab } from './staffing-tab.tsx';

const TABS = [
  { value: 'shrinkage', label: 'Shrinkage' },
  { value: 'staffing', label: 'Staffing' },
  { value: 'attrition', label: 'Attrition' },
  { value: 'cost', label: 'Cost' },
] as const;
type Tab = (typeof TABS)[number]['value'];
// Every tab stays mounted so typed inputs and results survive switching tabs.
const HIDE_INACTIVE = 'data-[state=inactive]:hidden';
const isTab = (value: string | null): value is Tab => TABS.some((t) => t.value === value);

/** /calculators: four tabs, shrinkage first; the tab lives in the address so a card can open one. */
export function CalculatorsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const tab: Tab = isTab(requested) ? requested : 'shrinkage';
  return (
    <section className="grid w-full gap-5">
      <div className="grid gap-1">
        <h1 className="text-2xl font-bold tracking-tight">Quick Calculators</h1>
        <p className="text-muted-foreground">Shrinkage, staffing, attrition and cost, computed in your browser.</p>
      </div>
      <Tabs value={tab} onValueChange={(value) => setSearchParams({ tab: value }, { replace: true })} className="grid gap-4">
        <TabsList className="h-auto w-full flex-wrap justify-start sm:w-fit">
          {TABS.map((t) => (
            <TabsTrigger key={t.value} value={t.value} data-replay-click={`calculator-tab-${t.value}`}>
              {t.label}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="shrinkage" forceMount className={HIDE_INACTIVE}>
          <ShrinkageTab />
        </TabsContent>
        <TabsContent value="staffing" forceMount className={`grid gap-4 ${HIDE_INACTIVE}`}>
          <StaffingTab />
          <DayPlanner />
        </TabsContent>
        <TabsContent value="attrition" forceMount className={HIDE_INACTIVE}>
          <AttritionTab />
        </TabsContent>
        <TabsContent value="cost" forceMount className={HIDE_INACTIVE}>
          <CostTab />
        </TabsContent>
      </Tabs>
    </section>
  );
}
