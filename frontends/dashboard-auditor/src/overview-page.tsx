import type { AuditOverview } from '@academy/contracts';
import { DataTable, type DataColumn } from '@academy/ui';
import { PageHeader, QueryView, StatCard, formatDateTime, useAuditChainQuery, useAuditOverviewQuery } from '@academy/web-dashboard';
import { ActivityChart } from './activity-chart-view';
import { Hash, ShieldCheck } from 'lucide-react';

type Reader = AuditOverview['readers'][number];

const readerName = (r: Reader) => (r.version === null ? r.name : `${r.name} v${r.version}`);

const READER_COLUMNS: DataColumn<Reader>[] = [
  { id: 'name', header: 'Name', cell: readerName, sortValue: readerName, hideOnCard: true },
  { id: 'kind', header: 'Kind', cell: (r) => r.kind, sortValue: (r) => r.kind },
  { id: 'status', header: 'Status', cell: (r) => (r.failing ? `failing at ${r.failing.position}: ${r.failing.error}` : r.status), sortValue: (r) => (r.failing ? 'failing' : r.status) },
  { id: 'checkpoint', header: 'Checkpoint', cell: (r) => r.checkpoint, sortValue: (r) => r.checkpoint },
  { id: 'lag', header: 'Lag', cell: (r) => r.lag, sortValue: (r) => r.lag },
];

/** Events per day by context and type, and each projection's and consumer's lag and status. */
function Activity() {
  const overview = useAuditOverviewQuery();
  return (
    <QueryView query={overview} pending="Loading the activity…" error="The activity could not be loaded" errorFallback="Try again.">
      {(data) => (
        <>
          <section aria-label="Events per day" className="grid gap-2">
            <h2 className="text-lg font-semibold">Events per day, by context</h2>
            <ActivityChart overview={data} today={new Date().toISOString().slice(0, 10)} />
          </section>
          <section aria-label="Projections" className="grid gap-2">
            <h2 className="text-lg font-semibold">Projections and consumers</h2>
            <DataTable
              label="Readers of the log"
              columns={READER_COLUMNS}
              data={data.readers}
              getRowId={(r) => `${r.kind} ${r.name} ${r.version ?? ''}`}
              rowTitle={readerName}
              empty="No projection or consumer has read the log yet."
              titleLevel={3}
            />
          </section>
        </>
      )}
    </QueryView>
  );
}

/** /dashboard/auditor: the chain's head and the last verification (who, when, result), the log's activity and its readers' lag. */
export function OverviewPage() {
  const chain = useAuditChainQuery();
  const last = chain.data?.lastVerification ?? null;
  return (
    <>
      <PageHeader title="Overview" description="The state of the event log's hash chain. Every page you open here is itself recorded in the log." />
      <QueryView query={chain} pending="Loading the chain's state…" error="The chain's state could not be loaded" errorFallback="Try again.">
        {({ head }) => (
          <section aria-label="Chain" className="grid gap-4 sm:grid-cols-2">
            <StatCard title="Head position" value={head.position} icon={Hash} caption={<code className="break-all text-xs">{head.hash}</code>} />
            <StatCard
              title="Last verification"
              icon={ShieldCheck}
              value={last ? (last.ok ? 'ok' : 'FAILED') : 'never'}
              caption={last ? `${formatDateTime(last.at)}, ${last.checked} events${last.ok ? '' : `: position ${last.position}, ${last.reason}`}` : 'Run one from Verify.'}
            />
          </section>
        )}
      </QueryView>
      <Activity />
    </>
  );
}
