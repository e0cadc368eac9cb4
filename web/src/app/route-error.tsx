import { buttonClasses } from '@wfm/ui';
import { useRouteError } from '../lib/router.tsx';

/** Last-resort page when rendering a route throws (for example a page bundle failed to load). */
export function RouteError() {
  const error = useRouteError();
  console.error(error);
  return (
    <main className="mx-auto grid min-h-dvh max-w-md place-content-center gap-4 p-6 text-center">
      <h1 className="text-2xl font-bold">Something went wrong</h1>
      <p className="text-muted-foreground">This page could not be shown. Reloading usually fixes it.</p>
      <button type="button" className={buttonClasses({ className: 'justify-self-center' })} onClick={() => window.location.reload()}>
        Reload page
      </button>
    </main>
  );
}
