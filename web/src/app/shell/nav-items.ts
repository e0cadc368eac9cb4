import type { BadgeVariant } from '@wfm/ui';
import {
  Briefcase,
  Calculator,
  ChartColumn,
  LifeBuoy,
  Mic,
  SlidersHorizontal,
  Wrench,
  type IconComponent,
} from '@wfm/ui/icons';
import { paths } from '../../config/paths.ts';

export type NavItem = {
  to: string;
  /** Label in the desktop sidebar. */
  label: string;
  /** Label in the mobile bottom bar. */
  shortLabel: string;
  icon: IconComponent;
  badge?: { text: string; variant: BadgeVariant };
};

/** Community links of the sidebar and the bottom bar, in spec order (spec 1 §2). */
export const communityNav: NavItem[] = [
  { to: paths.ama.getHref(), label: 'AMA Sessions', shortLabel: 'AMA', icon: Mic, badge: { text: 'New', variant: 'default' } },
  {
    to: paths.jobs.getHref(),
    label: 'Job & Role Spotlight',
    shortLabel: 'Jobs',
    icon: Briefcase,
    badge: { text: 'New', variant: 'default' },
  },
  {
    to: paths.polls.getHref(),
    label: 'Polls & Benchmarks',
    shortLabel: 'Polls',
    icon: ChartColumn,
    badge: { text: 'Live', variant: 'success' },
  },
  { to: paths.tools.getHref(), label: 'Tools Directory', shortLabel: 'Tools', icon: Wrench },
  { to: paths.calculators.getHref(), label: 'Calculator', shortLabel: 'Calc', icon: Calculator },
  { to: paths.simulator.getHref(), label: 'Simulator', shortLabel: 'Sim', icon: SlidersHorizontal },
  { to: paths.help.getHref(), label: 'Need Help?', shortLabel: 'Help', icon: LifeBuoy },
];
