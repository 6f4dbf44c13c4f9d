import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AgingRow } from '@contract/receivables';
import { formatMoney } from '@/lib/money';
import { LimitCell } from './aging-tab';

const row = (over: Partial<AgingRow>): AgingRow => ({
  customer_id: '0190a0b0-0000-7000-8000-000000000001',
  customer_code: 'KH000005',
  customer_name: 'Nhà thuốc An Bình',
  staff_name: null,
  credit_limit: 1_000_000,
  balance: 800_000,
  exposure: 1_200_000,
  over_limit: true,
  not_due: 0,
  overdue: 800_000,
  total: 800_000,
  max_days_overdue: 10,
  buckets: [800_000, 0, 0, 0],
  ...over,
});

describe('the aging table’s limit cell', () => {
  it('marks a customer over the limit, with the figure the limit is checked against', () => {
    render(<LimitCell row={row({})} />, { wrapper: ({ children }) => <MantineProvider env="test">{children}</MantineProvider> });
    expect(screen.getByText('Vượt hạn mức')).toBeTruthy();
    expect(screen.getByText(/Đã dùng/).textContent).toBe(`Đã dùng ${formatMoney(1_200_000)}`);
    expect(screen.getByText(/Đã dùng/).getAttribute('title')).toBe('Hạn mức được so với dư nợ tính cả đơn đang xử lý');
  });

  it('shows no mark under the limit, and a dash with no limit', () => {
    const { rerender } = render(<LimitCell row={row({ exposure: 500_000, over_limit: false })} />, {
      wrapper: ({ children }) => <MantineProvider env="test">{children}</MantineProvider>,
    });
    expect(screen.queryByText('Vượt hạn mức')).toBeNull();
    rerender(<LimitCell row={row({ credit_limit: null, over_limit: false })} />);
    expect(screen.getByText('—')).toBeTruthy();
    expect(screen.queryByText(/Đã dùng/)).toBeNull();
  });
});
