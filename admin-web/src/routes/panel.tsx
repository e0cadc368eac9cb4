import { Loader2 } from '@wfm/ui/icons';
import { Navigate } from 'react-router-dom';
import { AdminPanel } from '../app/panel/admin-panel.tsx';
import { paths } from '../config/paths.ts';
import { usePageTitle } from '../hooks/use-page-title.ts';
import { useStaffLogin } from '../lib/staff-login.ts';

/** /admin: checks the staff login first; without one (or when the check fails) goes to login. */
export default function PanelPage() {
  usePageTitle('Admin Panel');
  const login = useStaffLogin();

  if (login.isPending) {
    return (
      <main className="grid min-h-dvh place-items-center p-6">
        <p role="status" className="flex items-center gap-2 text-muted-foreground">
          <Loader2 className="size-5 animate-spin" aria-hidden="true" />
          Checking authentication...
        </p>
      </main>
    );
  }
  const staff = login.data;
  if (login.isError || !staff?.authenticated || !staff.username || !staff.role) {
    return <Navigate to={paths.login.getHref()} replace />;
  }
  return <AdminPanel username={staff.username} role={staff.role} />;
}
