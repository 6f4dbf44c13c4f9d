/**
 * The states of a list's query, the same on every list: the error (in red, or the screen's own
 * notice), a spinner until the first answer, the empty state (the screen says whether a filter
 * or an empty company is the reason), then the rows, dimmed while the next page loads (the
 * queries keep the previous page as placeholder, so the list does not jump).
 */
import { Alert, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { EmptyState, type EmptyStateProps } from '@/ui/empty-state';
import { LoadingBlock } from '../loading-block';

/** A list's answer: its rows, and (paged lists) the count of every match and where it came from. */
export type ListData<Row = unknown> = { rows: readonly Row[]; count: number; source?: 'server' | 'device' };

/** What the kit reads of a TanStack query (or of any state shaped like one). */
export type ListQuery<D> = { data: D | undefined; isPending: boolean; error: Error | null; isPlaceholderData?: boolean };

type Props<D> = {
  query: ListQuery<D>;
  empty: EmptyStateProps;
  /** Shown instead of the red error message: the order list's "cần máy chủ" notice. */
  error?: ReactNode;
  children: (data: D) => ReactNode;
};

const rowsOf = (data: ListData | readonly unknown[]) => ('rows' in data ? data.rows : data);

export function ListResults<D extends ListData | readonly unknown[]>({ query, empty, error, children }: Props<D>) {
  const { data } = query;
  return (
    <>
      {error ??
        (query.error && (
          <Alert color="red" variant="light">
            {query.error.message}
          </Alert>
        ))}
      {query.isPending ? (
        <LoadingBlock />
      ) : data && rowsOf(data).length === 0 ? (
        <EmptyState {...empty} />
      ) : data ? (
        <Stack
          gap="sm"
          aria-busy={query.isPlaceholderData}
          style={{ opacity: query.isPlaceholderData ? 0.6 : 1, transition: 'opacity 120ms' }}
        >
          {children(data)}
        </Stack>
      ) : null}
    </>
  );
}
