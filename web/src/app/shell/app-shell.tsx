import { Skeleton } from '@wfm/ui';
import { Suspense, useState } from 'react';
import { Outlet, ScrollRestoration } from '../../lib/router.tsx';
import { IdentityOnboarding } from '../../features/identity/components/identity-onboarding.tsx';
import { lazyDialog } from '../../components/lazy-dialog.tsx';
import { useMinWidth } from '../../hooks/use-min-width.ts';
import { PageHydrated } from '../page-hydrated.tsx';
import { Header } from './header.tsx';
import { MobileNav } from './mobile-nav.tsx';
import { ProofOfWorkStatus } from './proof-of-work-status.tsx';
import { Sidebar } from './sidebar.tsx';

// Fetched when first opened: their forms (and the priority select) are no part of a page's first download.
const SuggestFeatureDialog = lazyDialog(async () => (await import('../../features/suggestions/components/suggest-feature-dialog.tsx')).SuggestFeatureDialog);
const SidebarSuggestionDialog = lazyDialog(
  async () => (await import('../../features/suggestions/components/sidebar-suggestion-dialog.tsx')).SidebarSuggestionDialog,
);

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
  // The header opens the full suggestion dialog; the sidebar and bottom bar open the short one.
  const [headerSuggestOpen, setHeaderSuggestOpen] = useState(false);
  const [sidebarSuggestOpen, setSidebarSuggestOpen] = useState(false);
  // The sidebar shows from 1024 px (lg) on; below, it is not built at all (a phone's first render
  // and its requests are the page's), not just hidden.
  const wide = useMinWidth(1024);

  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-primary px-3 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:left-2 focus:top-2"
      >
        Skip to content
      </a>
      <Header onSuggest={() => setHeaderSuggestOpen(true)} />
      <div className="mx-auto flex w-full max-w-7xl flex-1 gap-6 px-4">
        {wide && <Sidebar onSuggest={() => setSidebarSuggestOpen(true)} />}
        <main id="main" tabIndex={-1} className="min-w-0 flex-1 pt-6 pb-24 focus:outline-none lg:pb-10">
          <Suspense fallback={<PageFallback />}>
            <Outlet />
            <PageHydrated />
          </Suspense>
        </main>
      </div>
      <MobileNav onSuggest={() => setSidebarSuggestOpen(true)} />
      <SuggestFeatureDialog open={headerSuggestOpen} onOpenChange={setHeaderSuggestOpen} />
      <SidebarSuggestionDialog open={sidebarSuggestOpen} onOpenChange={setSidebarSuggestOpen} />
      <IdentityOnboarding />
      <ProofOfWorkStatus />
      <ScrollRestoration />
    </div>
  );
}
