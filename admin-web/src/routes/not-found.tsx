import { buttonClasses } from '@wfm/ui';
import { Link } from 'react-router-dom';
import { paths } from '../config/paths.ts';

export default function NotFoundPage() {
  return (
    <main className="grid min-h-dvh place-content-center justify-items-center gap-4 p-6 text-center">
      <h1 className="text-2xl font-bold tracking-tight">404 Page Not Found</h1>
      <p className="text-muted-foreground">There is no admin page at this address.</p>
      <Link to={paths.login.getHref()} className={buttonClasses()}>
        Go to admin login
      </Link>
    </main>
  );
}
