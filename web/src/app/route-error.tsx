import { buttonClasses } from '@wfm/ui';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';

/** Last-resort page when rendering a route throws (for example a page bundle failed to load). */
export function RouteError() {
  const error = useRouteError();
  console.error(error);
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : null;
  return (
    <main className="mx-auto grid min-h-dvh max-w-md place-content-center gap-4 p-6 text-center">
      <h1 className="text-2xl font-bold">Something went wrong</h1>
      <p className="text-muted-foreground">
        This page could not be shown{detail ? ` (${detail})` : ''}. Reloading usually fixes it.
      </p>
      <button type="button" className={buttonClasses({ className: 'justify-self-center' })} onClick={() => window.location.reload()}>
        Reload page
      </button>
    </main>
  );
}
