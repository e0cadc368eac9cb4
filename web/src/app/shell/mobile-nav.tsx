import { cn } from '@wfm/ui';
import { Lightbulb, type IconComponent } from '@wfm/ui/icons';
import type { ReactNode } from 'react';
import { NavLink } from '../../lib/router.tsx';
import { communityNav } from './nav-items.ts';

/** index.css */
const itemClasses = 'mobile-nav-item focus-ring';

function ItemContent({ icon: Icon, children }: { icon: IconComponent; children: ReactNode }) {
  return (
    <>
      <Icon className="size-5" aria-hidden="true" />
      <span>{children}</span>
    </>
  );
}

/** Bottom bar on small screens: AMA, Jobs, Polls, Tools, Calc, Sim, Suggest, Help. */
export function MobileNav({ onSuggest }: { onSuggest: () => void }) {
  const links = communityNav.map((item) => (
    <li key={item.to} className="flex-1">
      <NavLink
        to={item.to}
        title={item.label}
        className={({ isActive }) => cn(itemClasses, isActive ? 'text-primary' : 'text-muted-foreground hover:text-foreground')}
      >
        <ItemContent icon={item.icon}>{item.shortLabel}</ItemContent>
      </NavLink>
    </li>
  ));
  const suggest = (
    <li key="suggest" className="flex-1">
      <button
        type="button"
        onClick={onSuggest}
        title="Suggest Feature"
        className={cn(itemClasses, 'text-muted-foreground hover:text-foreground')}
      >
        <ItemContent icon={Lightbulb}>Suggest</ItemContent>
      </button>
    </li>
  );
  // Spec order: ... Calc, Sim, Suggest, Help.
  const items = [...links.slice(0, -1), suggest, links.at(-1)];

  return (
    <nav
      aria-label="Mobile navigation"
      className="fixed inset-x-0 bottom-0 z-40 border-t border-border bg-background/95 pb-[env(safe-area-inset-bottom)] backdrop-blur lg:hidden"
    >
      <ul className="mx-auto flex h-16 max-w-2xl items-stretch gap-0.5 px-1 py-1.5">{items}</ul>
    </nav>
  );
}
