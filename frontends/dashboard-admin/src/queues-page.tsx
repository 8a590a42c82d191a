import { useState } from 'react';
import type { QueueSummary } from '@academy/contracts';
import { Button, ErrorPanel, Spinner, Table, TableBody, TableCell, TableHead, TableHeader, TableRow, toast } from '@academy/ui';
import { PageHeader, formatDateTime, useAdminQueuesQuery, useRetryJobMutation } from '@academy/web-dashboard';
import { errorMessage } from '@academy/web-session';
import { EmptyTable } from './confirm-delete';

const QUEUE_LABELS: Record<QueueSummary['name'], string> = { mail: 'Mail', system: 'System', audit: 'Audit' };

function RetryButton({ queue, id, name }: { queue: QueueSummary['name']; id: string; name: string }) {
  const retry = useRetryJobMutation();
  const [busy, setBusy] = useState(false);
  async function run() {
    setBusy(true);
    try {
      toast.success((await retry.mutateAsync({ queue, id })).message);
    } catch (error) {
      toast.error(errorMessage(error, 'The job could not be retried'));
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button size="sm" variant="outline" disabled={busy} aria-label={`Retry ${name} job ${id}`} onClick={() => void run()}>
      {busy ? 'Retrying...' : 'Retry'}
    </Button>
  );
}

/** One queue: its counts, then its newest failed jobs with why each failed. */
function QueueSection({ queue }: { queue: QueueSummary }) {
  const title = `${QUEUE_LABELS[queue.name]} queue`;
  const { waiting, active, delayed, failed, completed } = queue.counts;
  return (
    <section aria-labelledby={`queue-${queue.name}`} className="space-y-3" data-queue={queue.name}>
      <h2 id={`queue-${queue.name}`} className="text-lg font-semibold">
        {title}
      </h2>
      <p className="text-sm text-muted-foreground">
        {waiting} waiting · {active} active · {delayed} delayed · {failed} failed · {completed} completed
      </p>
      {queue.failed.length === 0 ? (
        <EmptyTable>No failed jobs.</EmptyTable>
      ) : (
        <Table aria-label={`Failed jobs of the ${title.toLowerCase()}`}>
          <TableHeader>
            <TableRow>
              <TableHead>Job</TableHead>
              <TableHead>Failed</TableHead>
              <TableHead>Attempts</TableHead>
              <TableHead>Reason</TableHead>
              <TableHead>
                <span className="sr-only">Actions</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {queue.failed.map((job) => (
              <TableRow key={job.id} data-job-id={job.id}>
                <TableCell>
                  <span className="font-medium">{job.name}</span> <span className="font-mono text-xs text-muted-foreground">{job.id}</span>
                </TableCell>
                <TableCell className="whitespace-nowrap">{job.failedAt ? <time dateTime={job.failedAt}>{formatDateTime(job.failedAt)}</time> : '—'}</TableCell>
                <TableCell className="tabular-nums">{job.attemptsMade}</TableCell>
                <TableCell className="max-w-md break-words">{job.failedReason || '—'}</TableCell>
                <TableCell className="text-right">
                  <RetryButton queue={queue.name} id={job.id} name={job.name} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </section>
  );
}

/** /dashboard/admin/queues: the worker's queues, why jobs failed, and a retry for each failed job. */
export function QueuesPage() {
  const queues = useAdminQueuesQuery();
  let body;
  if (queues.isPending) body = <Spinner className="py-10" label="Loading queues…" />;
  else if (queues.isError) body = <ErrorPanel title="The queues could not be loaded." message={errorMessage(queues.error, 'Please try again.')} onRetry={() => void queues.refetch()} />;
  else
    body = (
      <div className="space-y-8">
        {queues.data.queues.map((q) => (
          <QueueSection key={q.name} queue={q} />
        ))}
      </div>
    );
  return (
    <>
      <PageHeader
        title="Queues"
        description="The worker's jobs: mail, the heartbeat and chain verifications. A failed job can be run again once its cause is fixed."
        actions={
          <Button variant="outline" onClick={() => void queues.refetch()} disabled={queues.isFetching}>
            Refresh
          </Button>
        }
      />
      {body}
    </>
  );
}
