import { ErrorPanel, Spinner, Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@academy/ui';
import { PageHeader, StatCard, formatDateTime, useAuditChainQuery, useAuditOverviewQuery } from '@academy/web-dashboard';
import { errorMessage } from '@academy/web-session';
import { ActivityChart } from './activity-chart-view';
import { Hash, ShieldCheck } from 'lucide-react';

/** Events per day by context and type, and each projection's and consumer's lag and status. */
function Activity() {
  const overview = useAuditOverviewQuery();
  if (overview.isPending) return <Spinner />;
  if (overview.isError) return <ErrorPanel title="The activity could not be loaded" message={errorMessage(overview.error, 'Try again.')} onRetry={() => void overview.refetch()} />;
  return (
    <>
      <section aria-label="Events per day" className="grid gap-2">
        <h2 className="text-lg font-semibold">Events per day, by context</h2>
        <ActivityChart overview={overview.data} today={new Date().toISOString().slice(0, 10)} />
      </section>
      <section aria-label="Projections" className="grid gap-2">
        <h2 className="text-lg font-semibold">Projections and consumers</h2>
        <Table aria-label="Readers of the log">
          <TableHeader>
            <TableRow>
              <TableHead>Name</TableHead>
              <TableHead>Kind</TableHead>
              <TableHead>Status</TableHead>
              <TableHead>Checkpoint</TableHead>
              <TableHead>Lag</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {overview.data.readers.map((r) => (
              <TableRow key={`${r.kind} ${r.name} ${r.version ?? ''}`}>
                <TableCell>{r.version === null ? r.name : `${r.name} v${r.version}`}</TableCell>
                <TableCell>{r.kind}</TableCell>
                <TableCell>{r.failing ? `failing at ${r.failing.position}: ${r.failing.error}` : r.status}</TableCell>
                <TableCell>{r.checkpoint}</TableCell>
                <TableCell>{r.lag}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </section>
    </>
  );
}

/** /dashboard/auditor: the chain's head and the last verification (who, when, result), the log's activity and its readers' lag. */
export function OverviewPage() {
  const chain = useAuditChainQuery();
  const last = chain.data?.lastVerification ?? null;
  return (
    <>
      <PageHeader title="Overview" description="The state of the event log's hash chain. Every page you open here is itself recorded in the log." />
      {chain.isPending ? (
        <Spinner />
      ) : chain.isError ? (
        <ErrorPanel title="The chain's state could not be loaded" message={chain.error.message} onRetry={() => void chain.refetch()} />
      ) : (
        <section aria-label="Chain" className="grid gap-4 sm:grid-cols-2">
          <StatCard title="Head position" value={chain.data.head.position} icon={Hash} caption={<code className="break-all text-xs">{chain.data.head.hash}</code>} />
          <StatCard
            title="Last verification"
            icon={ShieldCheck}
            value={last ? (last.ok ? 'ok' : 'FAILED') : 'never'}
            caption={last ? `${formatDateTime(last.at)}, ${last.checked} events${last.ok ? '' : `: position ${last.position}, ${last.reason}`}` : 'Run one from Verify.'}
          />
        </section>
      )}
      <Activity />
    </>
  );
}
