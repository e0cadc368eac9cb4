import { ADMIN_AUTH_MESSAGES } from '@wfm/contracts/admin';
import { Alert, AlertDescription, Button, Input, Label, toast } from '@wfm/ui';
import { AlertCircle, LogIn } from '@wfm/ui/icons';
import { useState, type FormEvent } from 'react';
import { isApiError } from '../../../lib/api-client.ts';
import { useLogin } from '../api/login.ts';
import { PasswordInput } from '../../../components/password-input.tsx';

/** The spec's default when a failed login has no message of its own (§8). */
const LOGIN_FAILED = 'Login failed';

/**
 * What a failed sign-in says (§8): the server's own message for a refusal (4xx); "Invalid
 * credentials" for a 401 without one; "Login failed" when there is no message of its own — the
 * network failed, or the server broke (a 5xx carries only a generic text).
 */
function loginFailureMessage(failure: unknown): string {
  if (!isApiError(failure)) return LOGIN_FAILED;
  if (failure.status < 500 && failure.serverMessage) return failure.serverMessage;
  return failure.status === 401 ? ADMIN_AUTH_MESSAGES.invalidCredentials : LOGIN_FAILED;
}

/** Username and password sign-in; calls `onSignedIn` after the welcome toast. */
export function LoginForm({ onSignedIn }: { onSignedIn: () => void }) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const loginMutation = useLogin();
  const busy = loginMutation.isPending;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const name = username.trim();
    if (!name || !password) {
      setError(ADMIN_AUTH_MESSAGES.missingCredentials);
      return;
    }
    setError(null);
    loginMutation.mutate(
      { username: name, password },
      {
        onSuccess: (staff) => {
          toast({ title: 'Login successful', description: `Welcome to the admin panel, ${staff.username}.` });
          onSignedIn();
        },
        onError: (failure) => {
          const message = loginFailureMessage(failure);
          setError(message);
          toast({ variant: 'destructive', title: 'Authentication failed', description: message });
        },
      },
    );
  }

  return (
    <form className="grid gap-4" onSubmit={submit} noValidate>
      {error && (
        <Alert variant="destructive">
          <AlertCircle aria-hidden="true" />
          <AlertDescription>{error}</AlertDescription>
        </Alert>
      )}
      <div className="grid gap-2">
        <Label htmlFor="admin-username">Username</Label>
        <Input
          id="admin-username"
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={50}
          value={username}
          onChange={(e) => setUsername(e.target.value)}
          disabled={busy}
          autoFocus
        />
      </div>
      <div className="grid gap-2">
        <Label htmlFor="admin-password">Password</Label>
        <PasswordInput
          id="admin-password"
          name="password"
          autoComplete="current-password"
          maxLength={200}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          disabled={busy}
        />
      </div>
      <Button type="submit" className="w-full" disabled={busy}>
        {!busy && <LogIn aria-hidden="true" />}
        {busy ? 'Authenticating...' : 'Sign In'}
      </Button>
    </form>
  );
}
