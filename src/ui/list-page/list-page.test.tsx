import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ListPage } from './list-page';
import type { ListData, ListQuery } from './list-results';
import type { RowsSpec } from './list-rows';

type Region = { id: number; code: string; name: string };
type Filter = { page: number; limit: number; search?: string };

const ROWS: RowsSpec<Region> = {
  testId: 'region',
  rowProps: (row) => ({ 'data-code': row.code }),
  card: (row) => <span>{row.name}</span>,
  columns: [
    { key: 'code', label: 'Mã', cell: (row) => row.code },
    { key: 'name', label: 'Tên khu vực', cell: (row) => row.name },
  ],
};

const REGIONS: Region[] = [
  { id: 1, code: 'HN', name: 'Hà Nội' },
  { id: 2, code: 'MN', name: 'Miền Nam' },
];

const answered = (data: ListData<Region>): ListQuery<ListData<Region>> => ({ data, isPending: false, error: null });

function renderList(options: {
  filter?: Filter;
  query?: ListQuery<ListData<Region>>;
  isMobile?: boolean;
  onFilter?: (next: Filter) => void;
  notice?: boolean;
  error?: ReactNode;
}) {
  const onFilter = options.onFilter ?? vi.fn();
  render(
    <MantineProvider env="test">
      <ListPage
        screen={{ filter: options.filter ?? { page: 1, limit: 10 }, onFilter, isMobile: options.isMobile ?? false }}
        search={{ label: 'Tìm khu vực', placeholder: 'Tìm theo mã, tên…', testId: 'region-search' }}
        query={options.query ?? answered({ rows: REGIONS, count: 2 })}
        deviceNotice={options.notice ? { testId: 'region-offline' } : undefined}
        empty={{ title: 'Chưa có khu vực nào', description: 'Thêm khu vực đầu tiên.' }}
        error={options.error}
        pager={{ noun: 'khu vực' }}
        rows={ROWS}
      />
    </MantineProvider>,
  );
  return onFilter;
}

describe('ListPage', () => {
  it('shows the rows as a table on a desk and as cards on a phone, with the same row test ids', () => {
    renderList({});
    const table = screen.getByTestId('region-table');
    expect(within(table).getByText('Tên khu vực')).toBeTruthy();
    expect(screen.getAllByTestId('region-row').map((row) => row.getAttribute('data-code'))).toEqual(['HN', 'MN']);
    expect(screen.getByTestId('list-count').textContent).toBe('Tổng 2 khu vực');
  });

  it('shows cards on a phone', () => {
    renderList({ isMobile: true });
    expect(screen.queryByTestId('region-table')).toBeNull();
    expect(within(screen.getByTestId('region-cards')).getByText('Miền Nam')).toBeTruthy();
  });

  it('puts a search in the filter and goes back to page 1', async () => {
    const onFilter = renderList({ filter: { page: 3, limit: 20, search: undefined }, query: answered({ rows: REGIONS, count: 60 }) });
    fireEvent.change(screen.getByTestId('region-search'), { target: { value: '  ha noi ' } });
    await waitFor(() => expect(onFilter).toHaveBeenCalledWith({ page: 1, limit: 20, search: 'ha noi' }));
  });

  it('pages through the list keeping the filter, and a new page size starts again at page 1', async () => {
    const onFilter = renderList({ filter: { page: 1, limit: 10, search: 'mi' }, query: answered({ rows: REGIONS, count: 35 }) });
    fireEvent.click(screen.getByRole('button', { name: '3' }));
    expect(onFilter).toHaveBeenLastCalledWith({ page: 3, limit: 10, search: 'mi' });

    fireEvent.click(screen.getByRole('combobox', { name: 'Số dòng mỗi trang' }));
    fireEvent.click(await screen.findByRole('option', { name: '50 / trang' }));
    expect(onFilter).toHaveBeenLastCalledWith({ page: 1, limit: 50, search: 'mi' });
  });

  it('says "Ít nhất" when the device counted only a few pages ahead, and that the rows come from the device', () => {
    renderList({ filter: { page: 1, limit: 10 }, query: answered({ rows: REGIONS, count: 50, source: 'device' }), notice: true });
    expect(screen.getByTestId('list-count').textContent).toBe('Ít nhất 50 khu vực');
    expect(screen.getByTestId('region-offline').textContent).toBe('Không có kết nối mạng: danh sách lấy từ dữ liệu đã lưu trên máy.');
  });

  it('says nothing about the device when the server answered', () => {
    renderList({ notice: true });
    expect(screen.queryByTestId('region-offline')).toBeNull();
  });

  it('shows the empty state, without a pager, when there are no rows', () => {
    renderList({ query: answered({ rows: [], count: 0 }) });
    expect(screen.getByText('Chưa có khu vực nào')).toBeTruthy();
    expect(screen.getByText('Thêm khu vực đầu tiên.')).toBeTruthy();
    expect(screen.queryByTestId('list-pager')).toBeNull();
  });

  it('shows why the list could not be read, or the screen’s own notice instead', () => {
    renderList({ query: { data: undefined, isPending: false, error: new Error('Máy chủ đang bận') } });
    expect(screen.getByText('Máy chủ đang bận')).toBeTruthy();
    expect(screen.queryByTestId('region-table')).toBeNull();
  });

  it('shows the screen’s notice in place of the error when it gives one', () => {
    renderList({ query: { data: undefined, isPending: false, error: new Error('Failed to fetch') }, error: <p>Cần máy chủ</p> });
    expect(screen.getByText('Cần máy chủ')).toBeTruthy();
    expect(screen.queryByText('Failed to fetch')).toBeNull();
  });

  it('shows neither rows nor the empty state while the first answer is awaited', () => {
    renderList({ query: { data: undefined, isPending: true, error: null } });
    expect(screen.queryByTestId('region-table')).toBeNull();
    expect(screen.queryByText('Chưa có khu vực nào')).toBeNull();
    expect(document.querySelector('.mantine-Loader-root')).not.toBeNull();
  });
});
