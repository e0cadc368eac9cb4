import { Card, CardContent, CardDescription, CardFooter, CardHeader, ThemeToggle } from '@wfm/ui';
import { ShieldCheck } from 'lucide-react';
import { useEffect } from 'react';

/**
 * Staff sign-in. The form, its session and the panel behind it come with the admin work; until
 * then this page says so instead of showing fields that cannot sign anyone in.
 */
export default function LoginPage() {
  useEffect(() => {
    document.title = 'Admin Login · WFM Community';
  }, []);

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
          <p role="note" className="rounded-md border border-border bg-muted p-3 text-sm">
            Staff sign-in is not available yet. It arrives together with the admin panel; until then this page
            cannot sign anyone in.
          </p>
        </CardContent>
        <CardFooter className="justify-center">
          <p className="text-xs text-muted-foreground">Secure admin access only</p>
        </CardFooter>
      </Card>
    </main>
  );
}
