import { useCallback, useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { IDENTITY_MESSAGES, setupResponseSchema, setupStatusSchema, type SetupResponse } from '@academy/contracts';
import { Button, Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle, ErrorPanel, Spinner, buttonVariants } from '@academy/ui';
import { ApiRequestError, apiFetch, errorMessage, useCommand } from '@academy/web-session';
import { PublicScreen } from '../components/centered-card';

type State =
  | { kind: 'loading' }
  | { kind: 'unavailable'; message: string }
  | { kind: 'done'; message: string }
  | { kind: 'ready' }
  | { kind: 'created'; credentials: SetupResponse };

/** /setup: creates the default administrator once and shows its credentials (spec §2). */
export function SetupPage() {
  const navigate = useNavigate();
  const [state, setState] = useState<State>({ kind: 'loading' });

  const load = useCallback(() => {
    setState({ kind: 'loading' });
    apiFetch<unknown>('/api/setup').then(
      (body) => setState(setupStatusSchema.parse(body).done ? { kind: 'done', message: IDENTITY_MESSAGES.setupDone } : { kind: 'ready' }),
      (error: unknown) => setState({ kind: 'unavailable', message: errorMessage(error, 'The setup status could not be read.') }),
    );
  }, []);
  useEffect(load, [load]);

  const createAdmin = useCommand(async () => setupResponseSchema.parse(await apiFetch<unknown>('/api/setup', { method: 'POST' })), {
    success: 'Admin account created successfully!',
    failure: 'Failed to create admin account',
    onSuccess: (credentials) => setState({ kind: 'created', credentials }),
    onError: (error) => {
      // Someone else finished the setup meanwhile.
      if (error instanceof ApiRequestError && error.status === 409) setState({ kind: 'done', message: error.message || IDENTITY_MESSAGES.setupDone });
    },
  });

  let body;
  switch (state.kind) {
    case 'loading':
      body = <Spinner className="py-6" label="Checking the setup…" />;
      break;
    case 'unavailable':
      return (
        <PublicScreen>
          <ErrorPanel title="The setup could not be loaded." message={state.message} onRetry={load} />
        </PublicScreen>
      );
    case 'done':
      body = (
        <>
          <CardContent>
            <p>{state.message}</p>
          </CardContent>
          <CardFooter>
            <Link to="/auth" className={buttonVariants()}>
              Go to Login
            </Link>
          </CardFooter>
        </>
      );
      break;
    case 'ready':
      body = (
        <CardFooter>
          <Button onClick={() => void createAdmin.run()} disabled={createAdmin.busy} className="w-full">
            {createAdmin.busy ? 'Creating account...' : 'Create Admin Account'}
          </Button>
        </CardFooter>
      );
      break;
    case 'created':
      body = (
        <>
          <CardContent className="grid gap-3">
            <p className="text-sm text-muted-foreground">Save these credentials now: the password is not shown again.</p>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 rounded-md border bg-muted/40 p-4 font-mono text-sm">
              <dt className="font-sans font-medium">Email</dt>
              <dd data-testid="admin-email" className="break-all">
                {state.credentials.email}
              </dd>
              <dt className="font-sans font-medium">Password</dt>
              <dd data-testid="admin-password" className="break-all">
                {state.credentials.password}
              </dd>
            </dl>
          </CardContent>
          <CardFooter>
            <Button onClick={() => navigate('/auth')} className="w-full">
              Go to Login
            </Button>
          </CardFooter>
        </>
      );
      break;
  }
  return (
    <PublicScreen>
      <Card>
        <CardHeader>
          <CardTitle className="text-2xl">
            <h1>Initial Setup</h1>
          </CardTitle>
          <CardDescription>Create the default administrator account of the academy.</CardDescription>
        </CardHeader>
        {body}
      </Card>
    </PublicScreen>
  );
}
