import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import type { SyncBatchRecord } from '@contract/invoices-accounting';
import { SyncProgress } from './sync-progress';

const wrapper = ({ children }: { children: ReactNode }) => <MantineProvider env="test">{children}</MantineProvider>;

const batch = (over: Partial<SyncBatchRecord>): SyncBatchRecord => ({
  id: '0190d4c8-0000-7000-8000-000000000001',
  source: 'order',
  total: 160,
  waiting: 0,
  synced: 0,
  failed: 160,
  outcome: 'failed',
  summary: 'Đã đồng bộ 0/160, 160 lỗi',
  failures: [
    {
      id: 'a',
      source_code: 'DH000001',
      partner_name: 'Nhà thuốc Minh Châu',
      error_message: 'AMIS: Đối tượng "KH000001" chưa có trong danh mục AMIS',
    },
    { id: 'b', source_code: 'DH000002', partner_name: 'Nhà thuốc An Bình', error_message: null },
  ],
  created_at: '2026-12-02T05:00:00.000Z',
  ...over,
});

describe('the progress of a push to MISA', () => {
  it('never says a push that synced nothing went through: the summary, and the refused records with AMIS’s reasons', () => {
    render(<SyncProgress batch={batch({})} />, { wrapper });
    expect(screen.getByText('Đồng bộ chưa thành công đơn hàng bán sang MISA')).toBeTruthy();
    expect(screen.getByTestId('sync-progress-summary').textContent).toBe('Đã đồng bộ 0/160, 160 lỗi');
    expect(screen.getAllByTestId('sync-progress-failure').map((item) => item.textContent)).toEqual([
      'DH000001 · Nhà thuốc Minh Châu: AMIS: Đối tượng "KH000001" chưa có trong danh mục AMIS',
      'DH000002 · Nhà thuốc An Bình: MISA từ chối chứng từ',
    ]);
    expect(screen.getByText('và 158 chứng từ lỗi khác (xem tab Lỗi bên dưới)')).toBeTruthy();
    expect(screen.queryByText('Đồng bộ thành công đơn hàng bán sang MISA')).toBeNull();
    expect(screen.queryByText(/xong/)).toBeNull();
  });

  it('says success only when everything synced', () => {
    render(
      <SyncProgress batch={batch({ synced: 160, failed: 0, outcome: 'success', summary: 'Đã đồng bộ 160/160, 0 lỗi', failures: [] })} />,
      {
        wrapper,
      },
    );
    expect(screen.getByText('Đồng bộ thành công đơn hàng bán sang MISA')).toBeTruthy();
    expect(screen.getByTestId('sync-progress-summary').textContent).toBe('Đã đồng bộ 160/160, 0 lỗi');
    expect(screen.queryByTestId('sync-progress-failures')).toBeNull();
  });
});
