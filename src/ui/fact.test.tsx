import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { Fact } from './fact';

const wrapper = ({ children }: { children: ReactNode }) => <MantineProvider env="test">{children}</MantineProvider>;

describe('Fact', () => {
  it('shows the label above its value', () => {
    render(
      <Fact label="Kho" testId="warehouse">
        Kho tổng
      </Fact>,
      { wrapper },
    );
    expect(screen.getByText('Kho')).toBeTruthy();
    expect(screen.getByTestId('warehouse').textContent).toBe('Kho tổng');
  });

  it('shows the blank mark when there is no value', () => {
    render(
      <Fact label="Ngày sinh" blank="—" testId="birthday">
        {null}
      </Fact>,
      { wrapper },
    );
    expect(screen.getByTestId('birthday').textContent).toBe('—');
  });

  it('leaves out an empty fact when asked, and keeps a filled one', () => {
    render(
      <>
        <Fact label="Theo chứng từ" hideEmpty>
          {''}
        </Fact>
        <Fact label="Địa chỉ" hideEmpty>
          12 Lê Lợi
        </Fact>
      </>,
      { wrapper },
    );
    expect(screen.queryByText('Theo chứng từ')).toBeNull();
    expect(screen.getByText('12 Lê Lợi')).toBeTruthy();
  });
});
