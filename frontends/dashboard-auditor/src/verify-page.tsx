import { type FormEvent, useState } from 'react';
import type { AuditCheckpoint } from '@academy/contracts';
import { Button, DataTable, Input, Label, ProgressBar, toast, type DataColumn } from '@academy/ui';
import { PageHeader, QueryView, formatDateTime, useCheckpointsQuery, useEvidenceDownload, useExportCheckpointMutation, useRequestVerificationMutation, useSignCheckpointMutation, useVerificationQuery } from '@academy/web-dashboard';
import { useCommand } from '@academy/web-session';
import { readCheckpointFile } from './checkpoint-file';

/** Saves `content` (text as is, anything else as JSON) as a file the browser downloads. */
function download(name: string, content: unknown, type = 'application/json') {
  const text = typeof content === 'string' ? content : JSON.stringify(content, null, 2);
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = Object.assign(document.createElement('a'), { href: url, download: name });
  a.click();
  URL.revokeObjectURL(url);
}

const CHECKPOINT_COLUMNS: DataColumn<AuditCheckpoint>[] = [
  { id: 'position', header: 'Position', cell: (c) => c.position, sortValue: (c) => c.position, hideOnCard: true },
  { id: 'signed', header: 'Signed', cell: (c) => formatDateTime(c.at), sortValue: (c) => c.at },
  { id: 'by', header: 'By', cell: (c) => c.byUserId ?? 'the schedule', className: 'break-all' },
  { id: 'hash', header: 'Head hash', cell: (c) => <code className="break-all text-xs">{c.headHash}</code> },
];

/** /dashboard/auditor/verify: walk the whole chain as a job (a live progress bar), then sign and export checkpoints. */
export function VerifyPage() {
  const request = useRequestVerificationMutation();
  const [jobId, setJobId] = useState<string | null>(null);
  const status = useVerificationQuery(jobId);
  const checkpoints = useCheckpointsQuery();
  const sign = useSignCheckpointMutation();
  const exporter = useExportCheckpointMutation();
  const evidence = useEvidenceDownload();
  const [range, setRange] = useState({ from: '1', to: '' });
  const [checkpointFile, setCheckpointFile] = useState<File | null>(null);
  const busy = request.isPending || (jobId !== null && status.data?.state !== 'done');
  const progress = status.data?.progress;
  const percent = progress && progress.total > 0 ? Math.min(100, Math.floor((progress.checked / progress.total) * 100)) : 0;
  const result = status.data?.result;

  const verify = useCommand(request.mutateAsync, { failure: 'The verification could not be started', onSuccess: ({ id }) => setJobId(id) });
  /** The same walk, which must also pass through an exported checkpoint (a rewrite together with its hashes fails it). */
  async function startAgainst(e: FormEvent) {
    e.preventDefault();
    if (!checkpointFile) return void toast.error('Choose an exported checkpoint file');
    const read = readCheckpointFile(await checkpointFile.text());
    if ('problem' in read) return void toast.error(read.problem);
    await verify.run(read.checkpoint);
  }
  const signNow = useCommand(sign.mutateAsync, { failure: 'The checkpoint could not be signed' });
  const exportOne = useCommand(exporter.mutateAsync, { failure: 'The checkpoint could not be exported', onSuccess: (file) => download(`checkpoint-${file.position}.json`, file) });
  const exportRange = useCommand(evidence.mutateAsync, {
    failure: 'The evidence could not be exported',
    onSuccess: (text, { from }) => {
      // The header line names where the bundle ends (the closing checkpoint's position when it ran on to one).
      const header = JSON.parse(text.slice(0, text.indexOf('\n'))) as { to: number };
      download(`evidence-${from}-${header.to}.jsonl`, text, 'application/x-ndjson');
    },
  });

  function exportEvidence(e: FormEvent) {
    e.preventDefault();
    const from = Number(range.from);
    const to = Number(range.to);
    if (!Number.isSafeInteger(from) || !Number.isSafeInteger(to) || from < 1 || to < from) return void toast.error('Give two positions, From no later than To');
    void exportRange.run({ from, to });
  }

  return (
    <>
      <PageHeader title="Verify" description="Walk the whole hash chain, and sign checkpoints of the verified head with a key kept outside the database." />
      <section aria-label="Verification" className="grid gap-3">
        <div>
          <Button onClick={() => void verify.run(undefined)} disabled={busy}>
            Verify the chain
          </Button>
        </div>
        <form onSubmit={(e) => void startAgainst(e)} aria-label="Verify against a checkpoint" className="grid max-w-xl gap-3 sm:grid-cols-[1fr_auto]">
          <div className="grid gap-1">
            <Label htmlFor="verify-checkpoint">Checkpoint file</Label>
            <Input id="verify-checkpoint" type="file" accept=".json,application/json" onChange={(e) => setCheckpointFile(e.target.files?.[0] ?? null)} />
          </div>
          <div className="flex items-end">
            <Button type="submit" variant="outline" disabled={busy}>
              Verify against the checkpoint
            </Button>
          </div>
        </form>
        {jobId !== null && (
          <div className="grid gap-2">
            <ProgressBar aria-label="Verification progress" percent={status.data?.state === 'done' ? 100 : percent} className="h-3 max-w-xl rounded" />
            <p aria-live="polite">
              {status.data?.state === 'done' && result
                ? result.ok
                  ? `ok: ${result.checked} events verified, head ${result.head?.position}${status.data.checkpointPosition === null ? '' : `, through signed checkpoint ${status.data.checkpointPosition}`}`
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
          <Button variant="outline" onClick={() => void signNow.run()} disabled={signNow.busy}>
            Sign a checkpoint
          </Button>
        </div>
        <QueryView query={checkpoints} pending="Loading the checkpoints…" error="The checkpoints could not be loaded" errorFallback="Try again.">
          {(data) => (
            <DataTable
              label="Checkpoints"
              columns={CHECKPOINT_COLUMNS}
              data={data.checkpoints}
              getRowId={(c) => c.id}
              rowTitle={(c) => `Checkpoint ${c.position}`}
              actions={(c) => (
                <Button size="sm" variant="outline" onClick={() => void exportOne.run(c.id)} aria-label={`Export checkpoint ${c.position}`}>
                  Export
                </Button>
              )}
              empty="No checkpoint yet: verify the chain, then sign one."
              titleLevel={3}
            />
          )}
        </QueryView>
      </section>
      <section aria-label="Evidence" className="grid gap-3">
        <h2 className="text-xl font-semibold">Evidence export</h2>
        <p className="text-sm text-muted-foreground">
          The events of a range of positions with their hashes, run on to the nearest signed checkpoint, as a signed JSON-lines file. Anyone can check it without the database: npm run academy -- audit
          verify-bundle &lt;file&gt;.
        </p>
        <form onSubmit={exportEvidence} aria-label="Export evidence" className="grid gap-3 sm:grid-cols-3">
          <div className="grid gap-1">
            <Label htmlFor="evidence-from">From position</Label>
            <Input id="evidence-from" inputMode="numeric" value={range.from} onChange={(e) => setRange({ ...range, from: e.target.value })} />
          </div>
          <div className="grid gap-1">
            <Label htmlFor="evidence-to">To position</Label>
            <Input id="evidence-to" inputMode="numeric" value={range.to} onChange={(e) => setRange({ ...range, to: e.target.value })} />
          </div>
          <div className="flex items-end">
            <Button type="submit" variant="outline" disabled={exportRange.busy}>
              Export evidence
            </Button>
          </div>
        </form>
      </section>
    </>
  );
}
