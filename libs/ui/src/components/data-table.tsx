import { useId, useMemo, useState, type ReactNode } from 'react';
import { createColumnHelper, createSortedRowModel, rowSortingFeature, tableFeatures, useTable, type SortingState } from '@tanstack/react-table';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { cn } from '../lib/cn';
import { useIsMobile } from '../lib/use-is-mobile';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from './table';

/** The value a sortable column orders by; null and undefined sort last in both directions. */
export type SortValue = string | number | null | undefined;

/** One column of a DataTable: what its header says (also the label of the value on a card) and how a row shows in it. */
export interface DataColumn<T> {
  id: string;
  header: string;
  cell: (row: T) => ReactNode;
  /** Makes the header a sort button; strings compare naturally ("Week 2" before "Week 10"), case-insensitively. */
  sortValue?: (row: T) => SortValue;
  /** Classes of the column's cells on a wide screen (e.g. `tabular-nums`, `whitespace-nowrap`). */
  className?: string;
  /** Left out of the cards (e.g. what the card's title already says). */
  hideOnCard?: boolean;
}

export interface DataTableProps<T> {
  /** The accessible name of the table (and of the list of cards). */
  label: string;
  columns: readonly DataColumn<T>[];
  data: readonly T[];
  getRowId: (row: T) => string;
  /** The title of a row's card below 768 px (e.g. the student's name). */
  rowTitle: (row: T) => ReactNode;
  /** The row's buttons: the last column (its header for screen readers only), full buttons at the foot of a card. */
  actions?: (row: T) => ReactNode;
  /** Shown instead of the table when there is no row: the page's own text of the spec. */
  empty: ReactNode;
  /** Attributes of a row (its <tr> or its card), such as `data-program-id`. */
  rowAttributes?: (row: T) => Record<`data-${string}`, string>;
  /** The order before any header is pressed; the data's own order when none. */
  initialSort?: { id: string; desc?: boolean };
  /** The heading level of a card's title (the page's h1 is above it). */
  titleLevel?: 2 | 3;
  className?: string;
}

type Row<T> = { original: T };

// The one table model of the app: sorting is the only feature registered (TanStack Table v9 includes
// only what is named here). Module scope keeps it stable between renders, as the library requires.
const features = tableFeatures({ rowSortingFeature, sortedRowModel: createSortedRowModel() });
const helper = createColumnHelper<typeof features, object>();

/** Ascending order of two sort values (the table reverses it for descending); blanks are handled by sortUndefined. */
function compare(a: SortValue, b: SortValue): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b), undefined, { numeric: true, sensitivity: 'base' });
}

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;

// The header's and a hovered row's see-through muted tint, made opaque for the sticky actions cell that
// covers other cells. Whole literals: Tailwind finds its classes by reading the source.
const HALF_MUTED = 'bg-[color-mix(in_oklab,var(--muted)_50%,var(--background))]';
const HALF_MUTED_ON_HOVER = 'group-hover:bg-[color-mix(in_oklab,var(--muted)_50%,var(--background))]';

/**
 * The app's one table (ARCHITECTURE §8): TanStack Table for the model and sorting, our markup for the
 * rest. At 768 px and wider it is a real <table>; below, one card per row (a list named like the
 * table), each with its title, every column's label and value, and the actions as full buttons, so
 * nothing sits off-screen behind a horizontal scroll on a phone.
 */
export function DataTable<T>({ label, columns, data, getRowId, rowTitle, actions, empty, rowAttributes, initialSort, titleLevel = 2, className }: DataTableProps<T>) {
  const [sorting, setSorting] = useState<SortingState>(initialSort ? [{ id: initialSort.id, desc: initialSort.desc ?? false }] : []);
  const tableColumns = useMemo(
    () =>
      columns.map((column) =>
        column.sortValue
          ? helper.accessor((row): unknown => column.sortValue!(row as T) ?? undefined, {
              id: column.id,
              header: column.header,
              sortFn: (a, b, id) => compare(a.getValue<SortValue>(id), b.getValue<SortValue>(id)),
              sortUndefined: 'last',
              // Ascending on the first press for every column (the library's default is descending for numbers).
              sortDescFirst: false,
              enableSorting: true,
            })
          : helper.display({ id: column.id, header: column.header, enableSorting: false }),
      ),
    [columns],
  );
  const table = useTable({
    features,
    columns: tableColumns,
    data: data as unknown as object[],
    getRowId: (row) => getRowId(row as T),
    state: { sorting },
    onSortingChange: setSorting,
    enableSortingRemoval: false,
  });
  const isMobile = useIsMobile();
  const titleId = useId();

  if (data.length === 0) return <p className="rounded-md border p-6 text-center text-muted-foreground">{empty}</p>;
  const rows = table.getRowModel().rows as unknown as (Row<T> & { id: string })[];
  const byId = new Map(columns.map((c) => [c.id, c]));

  if (isMobile) {
    const Title = titleLevel === 2 ? 'h2' : 'h3';
    return (
      <ul aria-label={label} className={cn('grid gap-3', className)} data-slot="data-cards">
        {rows.map((row) => {
          const buttons = actions?.(row.original);
          return (
            <li key={row.id} aria-labelledby={`${titleId}-${row.id}`} className="rounded-lg border bg-card p-4 text-sm shadow-xs" {...rowAttributes?.(row.original)}>
              <Title id={`${titleId}-${row.id}`} className="mb-3 text-base font-semibold wrap-anywhere">
                {rowTitle(row.original)}
              </Title>
              <dl className="grid grid-cols-[minmax(6rem,auto)_1fr] gap-x-3 gap-y-2">
                {columns
                  .filter((c) => !c.hideOnCard)
                  .map((c) => (
                    <div key={c.id} className="contents">
                      <dt className="text-muted-foreground">{c.header}</dt>
                      <dd className="min-w-0 wrap-anywhere">{c.cell(row.original)}</dd>
                    </div>
                  ))}
              </dl>
              {buttons !== undefined && buttons !== null && buttons !== false && <div className="mt-4 grid gap-2 [&_button]:w-full [&>*]:w-full">{buttons}</div>}
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <Table aria-label={label} className={className}>
      <TableHeader>
        {table.getHeaderGroups().map((group) => (
          <TableRow key={group.id}>
            {group.headers.map((header) => {
              const column = byId.get(header.column.id)!;
              const sorted = header.column.getIsSorted();
              if (!header.column.getCanSort()) return <TableHead key={header.id}>{column.header}</TableHead>;
              const Icon = sorted === 'asc' ? ArrowUp : sorted === 'desc' ? ArrowDown : ArrowUpDown;
              return (
                <TableHead key={header.id} aria-sort={sorted ? ARIA_SORT[sorted] : 'none'} className="px-1">
                  <button
                    type="button"
                    onClick={header.column.getToggleSortingHandler()}
                    className="inline-flex h-8 items-center gap-1 rounded-md px-2 font-medium hover:bg-muted focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
                  >
                    {column.header}
                    <Icon aria-hidden="true" className={cn('size-3.5', !sorted && 'text-muted-foreground')} />
                  </button>
                </TableHead>
              );
            })}
            {actions && (
              <TableHead className={cn('sticky right-0', HALF_MUTED)}>
                <span className="sr-only">Actions</span>
              </TableHead>
            )}
          </TableRow>
        ))}
      </TableHeader>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.id} className="group" {...rowAttributes?.(row.original)}>
            {columns.map((c) => (
              <TableCell key={c.id} className={c.className}>
                {c.cell(row.original)}
              </TableCell>
            ))}
            {actions && (
              // Sticky: when the table is wider than the page (a narrow window, the menu open) the row's
              // buttons stay in view while the other columns scroll under them.
              <TableCell className={cn('sticky right-0 bg-background text-right', HALF_MUTED_ON_HOVER)}>
                <div className="flex flex-wrap items-center justify-end gap-1">{actions(row.original)}</div>
              </TableCell>
            )}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
