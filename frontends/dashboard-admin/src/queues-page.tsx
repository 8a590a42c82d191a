import type { QueueSummary } from '@academy/contracts';
import { Button, DataTable, type DataColumn } from '@academy/ui';
import { PageHeader, QueryView, formatDateTime, useAdminQueuesQuery, useRetryJobMutation } from '@academy/web-dashboard';
import { useCommand } from '@academy/web-session';

const QUEUE_LABELS: Record<QueueSummary['name'], string> = { mail: 'Mail', system: 'System', audit: 'Audit', git: 'Git (commit pins)' };

function RetryButton({ queue, id, name }: { queue: QueueSummary['name']; id: string; name: string }) {
  const retry = useRetryJobMutation();
  const command = useCommand(retry.mutateAsync, { failure: 'The job could not be retried' });
  return (
    <Button size="sm" variant="outline" disabled={command.busy} aria-label={`Retry ${name} job ${id}`} onClick={() => void command.run({ queue, id })}>
      {command.busy ? 'Retrying...' : 'Retry'}
    </Button>
  );
}

type FailedJob = QueueSummary['failed'][number];

const JOB_COLUMNS: DataColumn<FailedJob>[] = [
  {
    id: 'job',
    header: 'Job',
    cell: (job) => (
      <>
        <span className="font-medium">{job.name}</span> <span className="font-mono text-xs text-muted-foreground">{job.id}</span>
      </>
    ),
    sortValue: (job) => job.name,
    hideOnCard: true,
  },
  { id: 'failed', header: 'Failed', cell: (job) => (job.failedAt ? <time dateTime={job.failedAt}>{formatDateTime(job.failedAt)}</time> : '—'), sortValue: (job) => job.failedAt, className: 'whitespace-nowrap' },
  { id: 'attempts', header: 'Attempts', cell: (job) => job.attemptsMade, sortValue: (job) => job.attemptsMade, className: 'tabular-nums' },
  { id: 'reason', header: 'Reason', cell: (job) => job.failedReason || '—', className: 'max-w-md break-words whitespace-normal' },
];

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
      <DataTable
        label={`Failed jobs of the ${title.toLowerCase()}`}
        columns={JOB_COLUMNS}
        data={queue.failed}
        getRowId={(job) => job.id}
        rowTitle={(job) => `${job.name} ${job.id}`}
        rowAttributes={(job) => ({ 'data-job-id': job.id })}
        actions={(job) => <RetryButton queue={queue.name} id={job.id} name={job.name} />}
        empty="No failed jobs."
        titleLevel={3}
      />
    </section>
  );
}

/** /dashboard/admin/queues: the worker's queues, why jobs failed, and a retry for each failed job. */
export function QueuesPage() {
  const queues = useAdminQueuesQuery();
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
      <QueryView query={queues} pending="Loading queues…" error="The queues could not be loaded.">
        {(data) => (
          <div className="space-y-8">
            {data.queues.map((q) => (
              <QueueSection key={q.name} queue={q} />
            ))}
          </div>
        )}
      </QueryView>
    </>
  );
}
