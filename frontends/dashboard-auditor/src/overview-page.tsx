import { ErrorPanel, Spinner } from '@academy/ui';
import { PageHeader, StatCard, formatDateTime, useAuditChainQuery } from '@academy/web-dashboard';
import { Hash, ShieldCheck } from 'lucide-react';

/** /dashboard/auditor: the chain's head and the last verification (who, when, result). */
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
    </>
  );
}
