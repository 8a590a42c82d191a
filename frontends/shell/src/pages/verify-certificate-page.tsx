import { useEffect, useState, type ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import { BadgeCheck, ShieldX } from 'lucide-react';
import { apiErrorSchema, CERTIFICATE_MESSAGES, certificateVerificationResponseSchema, type CertificateVerification } from '@academy/contracts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle, Spinner } from '@academy/ui';
import { PublicScreen } from '../components/centered-card';

type Lookup = { kind: 'pending' } | { kind: 'found'; certificate: CertificateVerification } | { kind: 'failed'; message: string };

/** The reader's own calendar date (ARCHITECTURE.md §8: times in the reader's zone). */
const day = (iso: string) => new Date(iso).toLocaleDateString(undefined, { day: 'numeric', month: 'long', year: 'numeric' });

/**
 * One term of the certificate. A grid item is as wide as its longest unbreakable word unless its
 * min-width is 0, and `break-words` does not lower that width: the 64-character hash made the list
 * 502 px wide on a 375 px phone and 38 px wider than the card at 1366 px (issue 28 §4). `min-w-0`
 * and `wrap-anywhere` let any long value (a name, the hash) wrap inside the card; the hash has a line
 * of its own, broken anywhere (it has no words), so it reads as one block rather than a ragged tail.
 */
function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid min-w-0 gap-0.5">
      <dt className="text-xs text-muted-foreground">{term}</dt>
      <dd className="min-w-0 font-medium wrap-anywhere">{children}</dd>
    </div>
  );
}

/** /verify/<code>: public (no sign-in), what the QR code of a certificate's PDF opens (ADR 0030). */
export function VerifyCertificatePage() {
  const { code = '' } = useParams();
  const [lookup, setLookup] = useState<Lookup>({ kind: 'pending' });
  useEffect(() => {
    const abort = new AbortController();
    setLookup({ kind: 'pending' });
    fetch(`/api/public/certificates/${encodeURIComponent(code)}`, { headers: { accept: 'application/json' }, signal: abort.signal })
      .then(async (res) => {
        const json: unknown = await res.json().catch(() => undefined);
        if (res.ok) return setLookup({ kind: 'found', certificate: certificateVerificationResponseSchema.parse(json).certificate });
        const error = apiErrorSchema.safeParse(json);
        setLookup({ kind: 'failed', message: error.success ? error.data.message : CERTIFICATE_MESSAGES.certificateNotFound });
      })
      .catch(() => !abort.signal.aborted && setLookup({ kind: 'failed', message: 'The server could not be reached. Check your connection and try again.' }));
    return () => abort.abort();
  }, [code]);

  let body: ReactNode;
  if (lookup.kind === 'pending') body = <Spinner label="Checking the certificate…" className="justify-start py-2" />;
  else if (lookup.kind === 'failed')
    body = (
      <CardDescription role="alert" className="text-destructive" data-testid="verification-status">
        {lookup.message}
      </CardDescription>
    );
  else {
    const c = lookup.certificate;
    const valid = c.status === 'valid';
    body = (
      <>
        <p role="status" data-testid="verification-status" className={`flex items-center gap-2 font-semibold ${valid ? 'text-green-700 dark:text-green-400' : 'text-destructive'}`}>
          {valid ? <BadgeCheck aria-hidden="true" className="size-5" /> : <ShieldX aria-hidden="true" className="size-5" />}
          {valid ? CERTIFICATE_MESSAGES.valid : CERTIFICATE_MESSAGES.revokedStatus}
        </p>
        <dl className="mt-4 grid gap-3">
          <Fact term="Holder">{c.holderName ?? <span data-testid="holder-erased">{CERTIFICATE_MESSAGES.nameErased}</span>}</Fact>
          <Fact term="Programme">{c.programName}</Fact>
          {c.activatedAt && (
            <Fact term="Started">
              <time dateTime={c.activatedAt}>{day(c.activatedAt)}</time>
            </Fact>
          )}
          <Fact term="Completed">
            <time dateTime={c.completedAt}>{day(c.completedAt)}</time>
          </Fact>
          {c.revokedAt && (
            <Fact term="Revoked">
              <time dateTime={c.revokedAt}>{day(c.revokedAt)}</time>
            </Fact>
          )}
          <Fact term="Verifiable log entry">
            <span data-testid="log-entry">
              Position {c.log.position}, hash <code className="block text-xs break-all">{c.log.hash}</code>
            </span>
          </Fact>
        </dl>
      </>
    );
  }
  return (
    <PublicScreen>
      <Card>
        <CardHeader>
          <CardTitle className="text-2xl">
            <h1>Certificate verification</h1>
          </CardTitle>
        </CardHeader>
        <CardContent>{body}</CardContent>
      </Card>
    </PublicScreen>
  );
}
