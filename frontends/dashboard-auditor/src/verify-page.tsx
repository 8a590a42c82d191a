import { useState } from 'react';
import { Button, ErrorPanel, Spinner, Table, TableBody, TableCell, TableHead, TableHeader, TableRow, toast } from '@academy/ui';
import { PageHeader, formatDateTime, useCheckpointsQuery, useExportCheckpointMutation, useRequestVerificationMutation, useSignCheckpointMutation, useVerificationQuery } from '@academy/web-dashboard';
import { errorMessage } from '@academy/web-session';

/** Saves `content` as a file the browser downloads. */
function download(name: string, content: unknown) {
  const url = URL.createObjectURL(new Blob([JSON.stringify(content, null, 2)], { type: 'application/json' }));
  const a = Object.assign(document.createElement('a'), { href: url, download: name });
  a.click();
  URL.revokeObjectURL(url);
}

/** /dashboard/auditor/verify: walk the whole chain as a job (a live progress bar), then sign and export checkpoints. */
export function VerifyPage() {
  const request = useRequestVerificationMutation();
  const [jobId, setJobId] = useState<string | null>(null);
  const status = useVerificationQuery(jobId);
  const checkpoints = useCheckpointsQuery();
  const sign = useSignCheckpointMutation();
  const exporter = useExportCheckpointMutation();
  const progress = status.data?.progress;
  const percent = progress && progress.total > 0 ? Math.min(100, Math.floor((progress.checked / progress.total) * 100)) : 0;
  const result = status.data?.result;

  async function start() {
    try {
      setJobId((await request.mutateAsync(undefined)).id);
    } catch (e) {
      toast.error(errorMessage(e, 'The verification could not be started'));
    }
  }
  async function signNow() {
    try {
      toast.success((await sign.mutateAsync()).message);
    } catch (e) {
      toast.error(errorMessage(e, 'The checkpoint could not be signed'));
    }
  }
  async function exportOne(id: string) {
    try {
      const file = await exporter.mutateAsync(id);
      download(`checkpoint-${file.position}.json`, file);
    } catch (e) {
      toast.error(errorMessage(e, 'The checkpoint could not be exported'));
    }
  }

  return (
    <>
      <PageHeader title="Verify" description="Walk the whole hash chain, and sign checkpoints of the verified head with a key kept outside the database." />
      <section aria-label="Verification" className="grid gap-3">
        <div>
          <Button onClick={() => void start()} disabled={request.isPending || (jobId !== null && status.data?.state !== 'done')}>
            Verify the chain
          </Button>
        </div>
        {jobId !== null && (
          <div className="grid gap-2">
            <div role="progressbar" aria-label="Verification progress" aria-valuemin={0} aria-valuemax={100} aria-valuenow={status.data?.state === 'done' ? 100 : percent} className="h-3 w-full max-w-xl overflow-hidden rounded bg-muted">
              <div className="h-full bg-primary transition-all" style={{ width: `${status.data?.state === 'done' ? 100 : percent}%` }} />
            </div>
            <p aria-live="polite">
              {status.data?.state === 'done' && result
                ? result.ok
                  ? `ok: ${result.checked} events verified, head ${result.head?.position}`
                  : `FAILED at position ${result.position}: ${result.reason}`
                : progress
                  ? `Checking: ${progress.checked} of ${progress.total} events`
                  : 'Waiting for the worker…'}
            </p>
          </div>
        )}
      </section>
      <section aria-label="Checkpoints" className="grid gap-3">
        <div className="flex items-center justify-between gap-2">
          <h2 className="text-xl font-semibold">Signed checkpoints</h2>
          <Button variant="outline" onClick={() => void signNow()} disabled={sign.isPending}>
            Sign a checkpoint
          </Button>
        </div>
        {checkpoints.isPending ? (
          <Spinner />
        ) : checkpoints.isError ? (
          <ErrorPanel title="The checkpoints could not be loaded" message={errorMessage(checkpoints.error, 'Try again.')} onRetry={() => void checkpoints.refetch()} />
        ) : checkpoints.data.checkpoints.length === 0 ? (
          <p>No checkpoint yet: verify the chain, then sign one.</p>
        ) : (
          <Table aria-label="Checkpoints">
            <TableHeader>
              <TableRow>
                <TableHead>Position</TableHead>
                <TableHead>Signed</TableHead>
                <TableHead>By</TableHead>
                <TableHead>Head hash</TableHead>
                <TableHead />
              </TableRow>
            </TableHeader>
            <TableBody>
              {checkpoints.data.checkpoints.map((c) => (
                <TableRow key={c.id}>
                  <TableCell>{c.position}</TableCell>
                  <TableCell>{formatDateTime(c.at)}</TableCell>
                  <TableCell className="break-all">{c.byUserId ?? '—'}</TableCell>
                  <TableCell>
                    <code className="break-all text-xs">{c.headHash}</code>
                  </TableCell>
                  <TableCell>
                    <Button size="sm" variant="outline" onClick={() => void exportOne(c.id)} aria-label={`Export checkpoint ${c.position}`}>
                      Export
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </section>
    </>
  );
}
