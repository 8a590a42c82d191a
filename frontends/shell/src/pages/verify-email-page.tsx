import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { IDENTITY_MESSAGES } from '@academy/contracts';
import { Card, CardDescription, CardFooter, CardHeader, CardTitle, Spinner, buttonVariants } from '@academy/ui';
import { errorMessage, useSession } from '@academy/web-session';
import { PublicScreen } from '../components/centered-card';

type Result = { kind: 'pending' } | { kind: 'verified'; message: string } | { kind: 'failed'; message: string };

/** /auth/verify?token=…: the link of the verification mail. */
export function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { verifyEmail } = useSession();
  const [result, setResult] = useState<Result>(token ? { kind: 'pending' } : { kind: 'failed', message: IDENTITY_MESSAGES.invalidVerificationToken });
  // The token is single-use: post it once per token, even when StrictMode runs the effect twice.
  const posted = useRef<string | null>(null);
  useEffect(() => {
    if (!token || posted.current === token) return;
    posted.current = token;
    verifyEmail(token).then(
      ({ message }) => setResult({ kind: 'verified', message }),
      (error: unknown) => setResult({ kind: 'failed', message: errorMessage(error, IDENTITY_MESSAGES.invalidVerificationToken) }),
    );
  }, [token, verifyEmail]);

  return (
    <PublicScreen>
      <Card>
        <CardHeader>
          <CardTitle className="text-2xl">
            <h1>Email verification</h1>
          </CardTitle>
          {result.kind === 'pending' ? (
            <Spinner label="Verifying your email…" className="justify-start py-2" />
          ) : (
            <CardDescription role={result.kind === 'failed' ? 'alert' : 'status'} className={result.kind === 'failed' ? 'text-destructive' : undefined}>
              {result.message}
            </CardDescription>
          )}
        </CardHeader>
        {result.kind !== 'pending' && (
          <CardFooter>
            <Link to="/auth" className={buttonVariants()}>
              Go to Login
            </Link>
          </CardFooter>
        )}
      </Card>
    </PublicScreen>
  );
}
