import { Skeleton } from '@wfm/ui';
import { Suspense, useState } from 'react';
import { Outlet, ScrollRestoration } from 'react-router-dom';
import { IdentityOnboarding } from '../../features/identity/components/identity-onboarding.tsx';
import { SuggestFeatureDialog } from '../../features/suggestions/components/suggest-feature-dialog.tsx';
import { Header } from './header.tsx';
import { MobileNav } from './mobile-nav.tsx';
import { Sidebar } from './sidebar.tsx';

function PageFallback() {
  return (
    <div className="grid gap-4" role="status" aria-label="Loading page">
      <Skeleton className="h-8 w-1/2" />
      <Skeleton className="h-32 w-full" />
      <Skeleton className="h-32 w-full" />
    </div>
  );
}

/** The frame of every page: header, sidebar (large screens), bottom bar (small screens), onboarding. */
export function AppShell() {
  const [suggestOpen, setSuggestOpen] = useState(false);
  const openSuggest = () => setSuggestOpen(true);

  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-primary px-3 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:left-2 focus:top-2"
      >
        Skip to content
      </a>
      <Header onSuggest={openSuggest} />
      <div className="mx-auto flex w-full max-w-7xl flex-1 gap-6 px-4">
        <Sidebar onSuggest={openSuggest} />
        <main id="main" tabIndex={-1} className="min-w-0 flex-1 pt-6 pb-24 focus:outline-none lg:pb-10">
          <Suspense fallback={<PageFallback />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
      <MobileNav onSuggest={openSuggest} />
      <SuggestFeatureDialog open={suggestOpen} onOpenChange={setSuggestOpen} />
      <IdentityOnboarding />
      <ScrollRestoration />
    </div>
  );
}
