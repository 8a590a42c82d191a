import { useState } from 'react';
import { Button, type DataColumn, DataTable, ErrorPanel, ProgressBar, Spinner } from '@academy/ui';
import { PageHeader, formatDateTime, useLastReplayQuery, useReplayQuery, useRequestReplayMutation } from '@academy/web-dashboard';
import { errorMessage, useCommand } from '@academy/web-session';
import type { ReplayStatus } from '@academy/contracts';
import { replayPercent } from './replay-progress';

/** One projection's outcome as the table shows it. */
function resultText(p: ProjectionOutcome): string {
  if (p.result === 'skipped') return `skipped: ${p.reason ?? ''}`;
  if (p.result === 'equal') return 'equal';
  const counts = [...p.differing.map((d) => `${d.rows} ${d.side} in ${d.table}`), ...p.missingTables.map((m) => `table ${m.table} ${m.side}`)];
  return `different: ${counts.join(', ')}`;
}

type ProjectionOutcome = NonNullable<ReplayStatus['result']>['projections'][number];
type DifferingRow = ReplayStatus['rows'][number] & { key: string };

const PROJECTION_COLUMNS: DataColumn<ProjectionOutcome>[] = [
  { id: 'projection', header: 'Projection', cell: (p) => `${p.name} v${p.version}`, sortValue: (p) => p.name, hideOnCard: true },
  { id: 'position', header: 'Compared at', cell: (p) => p.position, sortValue: (p) => p.position },
  { id: 'result', header: 'Result', cell: resultText, sortValue: (p) => p.result },
];

const ROW_COLUMNS: DataColumn<DifferingRow>[] = [
  { id: 'table', header: 'Table', cell: (r) => `${r.projection}.${r.table}`, sortValue: (r) => `${r.projection}.${r.table}` },
  { id: 'side', header: 'Side', cell: (r) => r.side, sortValue: (r) => r.side },
  { id: 'row', header: 'Row', cell: (r) => <code className="break-all text-xs">{JSON.stringify(r.row)}</code> },
];

/** The finished replay: each projection equal or not, then the differing rows (table / side / row). */
function ReplayResult({ status }: { status: ReplayStatus }) {
  const result = status.result!;
  return (
    <>
      <p aria-live="polite">
        {result.equal ? 'equal' : 'DIFFERENT'}: replayed {formatDateTime(result.at)}, asked by <span className="break-all">{status.byUserId}</span> at {formatDateTime(status.requestedAt)}
      </p>
      <DataTable
        label="Projections replayed"
        columns={PROJECTION_COLUMNS}
        data={result.projections}
        getRowId={(p) => p.name}
        rowTitle={(p) => `${p.name} v${p.version}`}
        empty="No projection was replayed."
      />
      {status.rows.length > 0 && (
        <section aria-label="Differing rows" className="grid gap-2">
          <h2 className="text-lg font-semibold">Differing rows</h2>
          <p className="text-sm text-muted-foreground">
            live-only: in the live table, not in the replay; replay-only: the other way (a changed row is one of each). The first rows of each table and side.
            {status.personal === 'masked' ? ' Personal fields are masked: an admin can grant you access to personal data.' : ''}
          </p>
          <DataTable
            label="Differing rows"
            columns={ROW_COLUMNS}
            data={status.rows.map((r, i) => ({ ...r, key: String(i) }))}
            getRowId={(r) => r.key}
            rowTitle={(r) => `${r.projection}.${r.table} (${r.side})`}
            empty="No differing rows."
          />
        </section>
      )}
      {!status.rowsKept && <p className="text-sm text-muted-foreground">The differing rows of this replay were replaced by a later replay's: run it again to see them.</p>}
    </>
  );
}

/** /dashboard/auditor/replay: every read model rebuilt from the log into a scratch schema as a job (a live progress bar), then compared with the live tables. */
export function ReplayPage() {
  const request = useRequestReplayMutation();
  const last = useLastReplayQuery();
  const [asked, setAsked] = useState<string | null>(null);
  // The page opens on the last replay anyone asked for; only one still running is polled (an answer
  // with differing rows is a recorded view: the last one's is not asked for twice).
  const lastReplay = last.data?.replay ?? null;
  const pollId = asked ?? (lastReplay && lastReplay.state !== 'done' ? lastReplay.id : null);
  const status = useReplayQuery(pollId);
  const id = pollId ?? lastReplay?.id ?? null;
  const data = pollId === null ? lastReplay : status.data;
  const running = id !== null && data?.state !== 'done';
  const progress = data?.progress ?? null;
  const percent = data?.state === 'done' ? 100 : replayPercent(progress);

  const start = useCommand(request.mutateAsync, { failure: 'The replay could not be started', onSuccess: ({ id }) => setAsked(id) });

  return (
    <>
      <PageHeader title="Replay" description="Rebuild every read model from position 0 of the log into a scratch schema, and compare it row by row with the live tables." />
      <section aria-label="Replay" className="grid gap-3">
        <div>
          <Button onClick={() => void start.run()} disabled={start.busy || (running && !status.isError)}>
            Run replay
          </Button>
        </div>
        {last.isPending ? (
          <Spinner />
        ) : last.isError ? (
          <ErrorPanel title="The last replay could not be loaded" message={errorMessage(last.error, 'Try again.')} onRetry={() => void last.refetch()} />
        ) : id === null ? (
          <p>No replay yet: run one.</p>
        ) : pollId !== null && status.isError ? (
          <ErrorPanel title="The replay could not be loaded" message={errorMessage(status.error, 'Try again.')} onRetry={() => void status.refetch()} />
        ) : (
          <div className="grid gap-3">
            <ProgressBar aria-label="Replay progress" percent={percent} className="h-3 max-w-xl rounded" />
            {data?.state === 'done' && data.result ? (
              <ReplayResult status={data} />
            ) : (
              <p aria-live="polite">
                {progress ? `Replaying ${progress.projection} (${progress.index} of ${progress.count}): ${progress.applied} of ${progress.head} events` : 'Waiting for the worker…'}
              </p>
            )}
          </div>
        )}
      </section>
    </>
  );
}
