import { Button, buttonClasses, Card, Input } from '@wfm/ui';
import { CircleHelp, Lightbulb, Search, Wrench } from '@wfm/ui/icons';
import { useEffect, useState, type FormEvent } from 'react';
import { Link } from '../../../lib/router.tsx';

const QUICK_ACTIONS = [
  { label: 'Ask for Help', to: '/new', icon: CircleHelp },
  { label: 'Share Idea', to: '/new?type=idea', icon: Lightbulb },
  { label: 'Recommend Tool', to: '/new?type=tool', icon: Wrench },
];

/** The "Quick Search" card (spec 1 §2): search box (submitting puts q in the address) and the three quick ways to post. */
export function QuickSearch({ q, onSearch }: { q: string; onSearch: (q: string) => void }) {
  const [text, setText] = useState(q);
  useEffect(() => setText(q), [q]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text.trim());
  };

  return (
    <Card className="grid gap-3 p-4 sm:p-5">
      <h2 id="quick-search-title" className="flex items-center gap-2 text-base font-semibold leading-tight">
        <Search className="size-4 text-primary" aria-hidden="true" />
        Quick Search
      </h2>
      <form role="search" aria-labelledby="quick-search-title" onSubmit={onSubmit} className="flex gap-2">
        <div className="relative min-w-0 flex-1">
          <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
          <Input
            type="search"
            value={text}
            onChange={(event) => setText(event.target.value)}
            placeholder="Search questions, ideas and tools..."
            aria-label="Search posts"
            className="pl-9"
            maxLength={200}
          />
        </div>
        <Button type="submit">Search</Button>
      </form>
      <div className="grid grid-cols-3 gap-2">
        {QUICK_ACTIONS.map(({ label, to, icon: Icon }) => (
          <Link
            key={label}
            to={to}
            className={buttonClasses({
              variant: 'outline',
              className: 'h-auto min-h-9 flex-col gap-1 whitespace-normal px-2 py-2 text-center text-xs sm:flex-row sm:gap-2 sm:text-sm',
            })}
          >
            <Icon aria-hidden="true" />
            {label}
          </Link>
        ))}
      </div>
    </Card>
  );
}
