import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { ComingSoon } from './coming-soon';

const wrapper = ({ children }: { children: ReactNode }) => <MantineProvider env="test">{children}</MantineProvider>;

describe('ComingSoon', () => {
  it('names the screen and says the feature comes in a later release', () => {
    render(<ComingSoon title="Báo cáo công nợ" />, { wrapper });
    expect(screen.getByText('Báo cáo công nợ')).toBeTruthy();
    expect(screen.getByText(/Chức năng này chưa có trong phiên bản hiện tại/)).toBeTruthy();
    expect(screen.getByText(/Màn hình sẽ được hoàn thiện trong các bản cập nhật tiếp theo\./)).toBeTruthy();
  });
});
