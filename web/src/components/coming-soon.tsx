import { Card } from '@wfm/ui';
import { Construction } from 'lucide-react';
import type { ReactNode } from 'react';
import { usePageTitle } from '../hooks/use-page-title.ts';

/** Honest body for a page whose feature has not been built yet: names the page and what it will do. */
export function ComingSoon({ title, intro, children }: { title: string; intro: string; children?: ReactNode }) {
  usePageTitle(title);
  return (
    <section className="grid gap-6">
      <div className="grid gap-1">
        <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
        {children}
      </div>
      <Card className="flex flex-col items-center gap-3 px-6 py-12 text-center">
        <Construction className="size-10 text-muted-foreground" aria-hidden="true" />
        <p className="text-lg font-semibold">{title} is coming soon</p>
        <p className="max-w-prose text-sm text-muted-foreground">{intro}</p>
      </Card>
    </section>
  );
}
