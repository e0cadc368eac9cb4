import { Card, CardContent, CardDescription, CardFooter, CardHeader, ThemeToggle } from '@wfm/ui';
import { ShieldCheck } from '@wfm/ui/icons';
import { useNavigate } from 'react-router-dom';
import { paths } from '../config/paths.ts';
import { LoginForm } from '../features/auth/components/login-form.tsx';
import { usePageTitle } from '../hooks/use-page-title.ts';

/** /admin/login: staff sign in with username and password, then go to the panel. */
export default function LoginPage() {
  usePageTitle('Admin Login');
  const navigate = useNavigate();

  return (
    <main className="relative grid min-h-dvh place-items-center p-4">
      <ThemeToggle className="absolute right-4 top-4" />
      <Card className="w-full max-w-sm">
        <CardHeader className="items-center text-center">
          <span className="grid size-12 place-items-center rounded-full bg-primary/15 text-primary">
            <ShieldCheck className="size-6" aria-hidden="true" />
          </span>
          <h1 className="text-xl font-semibold leading-tight">Admin Login</h1>
          <CardDescription>Sign in to moderate the community and run the admin panel.</CardDescription>
        </CardHeader>
        <CardContent>
          <LoginForm onSignedIn={() => void navigate(paths.panel.getHref(), { replace: true })} />
        </CardContent>
        <CardFooter className="justify-center">
          <p className="text-xs text-muted-foreground">Secure admin access only</p>
        </CardFooter>
      </Card>
    </main>
  );
}
