import { buttonClasses } from '@wfm/ui';
import { Link } from '../lib/router.tsx';
import { paths } from '../config/paths.ts';
import { usePageTitle } from '../hooks/use-page-title.ts';

export default function NotFoundPage() {
  usePageTitle('Page Not Found');
  return (
    <section className="grid justify-items-center gap-4 py-16 text-center">
      <p className="text-6xl font-bold text-muted-foreground" aria-hidden="true">
        404
      </p>
      <h1 className="text-2xl font-bold tracking-tight">404 Page Not Found</h1>
      <p className="max-w-prose text-muted-foreground">
        The page you are looking for does not exist or may have been moved.
      </p>
      <Link to={paths.home.getHref()} className={buttonClasses()}>
        Back to home
      </Link>
    </section>
  );
}
