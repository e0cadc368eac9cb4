import { Button, Table, TableBody, TableCell, TableHead, TableHeader, TableRow, cn } from '@wfm/ui';
import type { Key, ReactNode } from 'react';
import { ListSkeleton, LoadError } from './query-state.tsx';

/** The parts of a react-query result (query or infinite query) the states need. */
export interface ResourceQuery {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

/** "Load more" paging of an infinite query: `loaded` rows shown of `total`. */
export interface ResourcePaging {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
  loaded: number;
  total: number | undefined;
}

export interface ResourceStateProps<Row> {
  query: ResourceQuery;
  /** The rows to show once loaded (already filtered, e.g. by a search box); undefined while loading. */
  rows: readonly Row[] | undefined;
  /** Names the skeleton for assistive technology, e.g. "Loading posts". */
  loadingLabel: string;
  skeletonRows?: number;
  /** What failed, e.g. "Failed to load posts"; the server's reason and a Retry button follow. */
  errorTitle: string;
  /** Shown when `rows` is empty: usually an <EmptyState> saying so plainly. */
  empty: ReactNode;
  paging?: ResourcePaging;
}

/**
 * Loading, error (with retry), empty and paged states of one listed resource; `children` draws
 * the loaded rows. Tabs whose lists are not tables (the report cards) use this directly.
 */
export function ResourceState<Row>({
  query,
  rows,
  loadingLabel,
  skeletonRows,
  errorTitle,
  empty,
  paging,
  children,
}: ResourceStateProps<Row> & { children: (rows: readonly Row[]) => ReactNode }) {
  if (query.isPending) return <ListSkeleton label={loadingLabel} rows={skeletonRows} />;
  if (query.isError) return <LoadError title={errorTitle} error={query.error} onRetry={() => void query.refetch()} />;
  if (!rows || rows.length === 0) return <>{empty}</>;
  return (
    <>
      {children(rows)}
      {paging?.hasNextPage && (
        <div className="flex items-center justify-center gap-3 text-sm text-muted-foreground">
          <span>
            Showing {paging.loaded} of {paging.total}
          </span>
          <Button
            variant="outline"
            size="sm"
            disabled={paging.isFetchingNextPage}
            onClick={() => void paging.fetchNextPage()}
          >
            {paging.isFetchingNextPage ? 'Loading...' : 'Load more'}
          </Button>
        </div>
      )}
    </>
  );
}

/** One column: its header and how a row fills the cell. `className` applies to both. */
export interface ResourceColumn<Row> {
  id: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  className?: string;
  headClassName?: string;
  cellClassName?: string;
}

/** A listed resource as a table, with the loading, error + retry, empty and "Load more" states. */
export function ResourceTable<Row>({
  columns,
  rowKey,
  rowLabel,
  ...state
}: ResourceStateProps<Row> & {
  columns: readonly ResourceColumn<Row>[];
  rowKey: (row: Row) => Key;
  /** Names each row (e.g. the username) so it can be found by its name. */
  rowLabel?: (row: Row) => string;
}) {
  return (
    <ResourceState {...state}>
      {(rows) => (
        <Table>
          <TableHeader>
            <TableRow>
              {columns.map((column) => (
                <TableHead key={column.id} className={cn(column.className, column.headClassName) || undefined}>
                  {column.header}
                </TableHead>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={rowKey(row)} aria-label={rowLabel?.(row)}>
                {columns.map((column) => (
                  <TableCell key={column.id} className={cn(column.className, column.cellClassName) || undefined}>
                    {column.cell(row)}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </ResourceState>
  );
}
