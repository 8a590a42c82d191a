import type { ReactNode } from 'react';
import { ErrorPanel, Spinner, cn } from '@academy/ui';
import { errorMessage } from '@academy/web-session';

/** What QueryView reads of a TanStack Query result (useQuery, useInfiniteQuery, useSuspenseQuery…). */
export interface ViewedQuery<T> {
  data: T | undefined;
  error: unknown;
  isPending: boolean;
  isError: boolean;
  isPlaceholderData?: boolean;
  refetch: () => unknown;
}

type DataOf<Q extends readonly ViewedQuery<unknown>[]> = { [K in keyof Q]: Q[K] extends ViewedQuery<infer T> ? T : never };

interface Common {
  /** What the spinner says to screen readers, e.g. "Loading programs…". */
  pending: string;
  /** The error panel's title, e.g. "The programs could not be loaded."; its message is the server's, or `errorFallback`. */
  error: string;
  errorFallback?: string;
  /** A smaller spinner, for a card inside a page. */
  compact?: boolean;
  /** The empty state (the spec's text), shown instead of the children when `isEmpty` says so. */
  empty?: ReactNode;
}

export type QueryViewProps<T> = Common & { query: ViewedQuery<T>; isEmpty?: (data: T) => boolean; children: (data: T) => ReactNode };
export type QueriesViewProps<Q extends readonly ViewedQuery<unknown>[]> = Common & { queries: Q; isEmpty?: (data: DataOf<Q>) => boolean; children: (data: DataOf<Q>) => ReactNode };

/** The empty state of a list or a page: a bordered line of muted text. */
export function EmptyState({ children, className }: { children: ReactNode; className?: string }) {
  return <p className={cn('rounded-md border p-6 text-center text-muted-foreground', className)}>{children}</p>;
}

/**
 * The one pending / error / empty / data switch of the pages (ARCHITECTURE §8): a spinner while the
 * data is first read, the error panel with a Retry that reads again (only what failed), the empty
 * state, or the children with the data. Placeholder data (the previous filter's rows while the next
 * are read) stays on screen, marked busy.
 */
export function QueryView<T>(props: QueryViewProps<T>): ReactNode;
export function QueryView<const Q extends readonly ViewedQuery<unknown>[]>(props: QueriesViewProps<Q>): ReactNode;
export function QueryView(
  props: Common & { query?: ViewedQuery<unknown>; queries?: readonly ViewedQuery<unknown>[]; isEmpty?: (data: never) => boolean; children: (data: never) => ReactNode },
): ReactNode {
  const queries = props.queries ?? [props.query!];
  const failed = queries.filter((q) => q.isError);
  if (failed.length > 0)
    return (
      <ErrorPanel
        title={props.error}
        message={errorMessage(failed[0].error, props.errorFallback ?? 'Please try again.')}
        onRetry={() => {
          for (const q of failed) void q.refetch();
        }}
      />
    );
  if (queries.some((q) => q.isPending)) return <Spinner className={props.compact ? 'py-4' : 'py-10'} label={props.pending} />;
  const data = props.queries ? queries.map((q) => q.data) : queries[0].data;
  const isEmpty = props.isEmpty as ((data: unknown) => boolean) | undefined;
  if (props.empty !== undefined && isEmpty?.(data)) return <EmptyState>{props.empty}</EmptyState>;
  const children = (props.children as (data: unknown) => ReactNode)(data);
  if (!queries.some((q) => q.isPlaceholderData)) return children;
  return (
    <div aria-busy="true" className="opacity-60">
      {children}
    </div>
  );
}
