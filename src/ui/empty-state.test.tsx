import { Button, MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { EmptyState } from './empty-state';

const wrapper = ({ children }: { children: ReactNode }) => <MantineProvider env="test">{children}</MantineProvider>;

describe('EmptyState', () => {
  it('shows the title, the description and the action', () => {
    render(
      <EmptyState
        title="Chưa có khách hàng"
        description="Thêm khách hàng đầu tiên để bắt đầu bán hàng."
        action={<Button>Thêm khách hàng</Button>}
      />,
      { wrapper },
    );
    expect(screen.getByText('Chưa có khách hàng')).toBeTruthy();
    expect(screen.getByText('Thêm khách hàng đầu tiên để bắt đầu bán hàng.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Thêm khách hàng' })).toBeTruthy();
  });

  it('shows no button when there is no action', () => {
    render(<EmptyState title="Không có dữ liệu" />, { wrapper });
    expect(screen.getByText('Không có dữ liệu')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
