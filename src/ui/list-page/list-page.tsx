/**
 * One list screen, top to bottom: the search and the screen's actions, what the screen puts over
 * the rows (tabs, filters), the "from the device" notice when the rows were read offline, the
 * query's states and rows, the pager, then the screen's dialogs. The filter is the route's (in the
 * URL): the search and the pager change it through `onFilter`, a new search or page size going
 * back to page 1. A screen gives what differs (labels, the rows' card and columns, its actions)
 * and the lists still to come (receipts, stock, promotions, delivery orders, reports) stay thin.
 */
import { Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import type { EmptyStateProps } from '@/ui/empty-state';
import { ListPager } from '@/ui/list-pager';
import { filterControls, isLowerBound, type ApplyChange, type PagedFilter } from './list-filter';
import { ListResults, type ListData, type ListQuery } from './list-results';
import { ListRows, type RowsSpec } from './list-rows';
import { ListToolbar, type SearchBox } from './list-toolbar';
import { OfflineNotice } from './offline-notice';

/** The filter a list shows (from the route's URL, or kept by the screen) and the way to change it. */
export type ListScreen<F> = { filter: F; onFilter: (next: F) => void; isMobile: boolean };

/** What a route hands a list screen: the company, the filter from its URL, the way to put the next one there. */
export type ListScreenProps<F> = ListScreen<F> & { companyId: number };

type RowOf<D> = D extends ListData<infer Row> ? Row : D extends readonly (infer Row)[] ? Row : never;

export type PagerOptions = {
  /** "khách hàng", "sản phẩm"…; none when the screen shows the total itself. */
  noun?: string;
  testId?: string;
  countTestId?: string;
  /** The page sizes the route accepts; null for a fixed page size (no size picker). */
  sizes?: readonly number[] | null;
};

type Props<F extends PagedFilter, D extends ListData | readonly unknown[]> = {
  /** The screen's filter and layout, usually the props its route passed. */
  screen: ListScreen<F>;
  /** The feature's own way of applying a change (drop empty values…); default: the patch, page 1. */
  apply?: ApplyChange<F>;
  search?: SearchBox;
  actions?: ReactNode;
  /** The actions stay beside the search on a phone too. */
  nowrap?: boolean;
  /** Between the toolbar and the rows: tabs, filters, a bulk bar. */
  header?: ReactNode;
  query: ListQuery<D>;
  /** Shown over the rows when they were read from the device (a list that works offline). */
  deviceNotice?: { testId?: string; text?: ReactNode };
  empty: EmptyStateProps;
  /** Replaces the red error message (see ListResults). */
  error?: ReactNode;
  /** The rows, as cards and columns (list-rows.tsx); the data decides them when it is a function. */
  rows?: RowsSpec<RowOf<D>> | ((data: D) => RowsSpec<RowOf<D>>);
  /** Rows of the screen's own making, instead of `rows`; the pager follows them. */
  children?: (data: D) => ReactNode;
  pager?: PagerOptions;
  /** Dialogs and drawers of the screen. */
  footer?: ReactNode;
  /** Room at the bottom (for a bar fixed over the list). */
  pb?: number;
};

export function ListPage<F extends PagedFilter, D extends ListData | readonly unknown[]>(props: Props<F, D>) {
  const { query, pager } = props;
  const { filter, isMobile } = props.screen;
  const controls = filterControls(filter, props.screen.onFilter, props.apply);
  const data = query.data;
  const fromDevice = data !== undefined && 'source' in data && data.source === 'device';
  return (
    <Stack gap="md" pb={props.pb}>
      <ListToolbar
        search={props.search && { ...props.search, value: filter.search, send: controls.search }}
        actions={props.actions}
        isMobile={isMobile}
        nowrap={props.nowrap}
      />
      {props.header}
      {fromDevice && props.deviceNotice && <OfflineNotice testId={props.deviceNotice.testId}>{props.deviceNotice.text}</OfflineNotice>}
      <ListResults query={query} empty={props.empty} error={props.error}>
        {(answer) => (
          <>
            {props.rows && (
              <ListRows
                rows={('rows' in answer ? answer.rows : answer) as readonly RowOf<D>[]}
                isMobile={isMobile}
                spec={typeof props.rows === 'function' ? props.rows(answer) : props.rows}
              />
            )}
            {props.children?.(answer)}
            {pager && 'count' in answer && (
              <ListPager
                page={filter.page}
                limit={filter.limit}
                count={answer.count}
                noun={pager.noun}
                approximate={isLowerBound(answer, filter)}
                onPage={controls.page}
                onLimit={pager.sizes === null ? undefined : controls.limit}
                sizes={pager.sizes ?? undefined}
                compact={isMobile}
                testId={pager.testId}
                countTestId={pager.countTestId}
              />
            )}
          </>
        )}
      </ListResults>
      {props.footer}
    </Stack>
  );
}
