import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { TemperatureAnswer } from '@contract/pharma-cold';
import { TemperatureReadings } from './temperature-readings';

const wrapper = ({ children }: { children: ReactNode }) => <MantineProvider env="test">{children}</MantineProvider>;

const answer = (readings: TemperatureAnswer['readings']): TemperatureAnswer => ({
  cold_items: [{ name: 'Mixtard 30 FlexPen', storage: 'cold' }],
  readings,
});

describe('TemperatureReadings', () => {
  it('says nothing for goods that are not cold and have no reading', () => {
    render(<TemperatureReadings answer={{ cold_items: [], readings: [] }} canAdd onAdd={vi.fn()} moment="khi xuất hàng" />, {
      wrapper,
    });
    expect(screen.queryByTestId('temperature-card')).toBeNull();
  });

  it('asks for a first reading, then shows each with who took it and the out-of-range badge', () => {
    const { rerender } = render(<TemperatureReadings answer={answer([])} canAdd onAdd={vi.fn()} moment="khi xuất hàng" />, { wrapper });
    expect(screen.getByTestId('temperature-missing').textContent).toContain('Chưa ghi nhiệt độ khi xuất hàng');
    expect(screen.getByTestId('temperature-cold-items').textContent).toContain('Mixtard 30 FlexPen (Lạnh (2–8 °C))');
    rerender(
      <TemperatureReadings
        answer={answer([
          {
            id: 2,
            celsius: 9.5,
            taken_by: { id: 1, name: 'Bùi Văn Kiên' },
            note: null,
            taken_at: '2026-12-02T08:00:00Z',
            out_of_range: '9,5 °C ngoài khoảng bảo quản Lạnh (2–8 °C)',
          },
          {
            id: 1,
            celsius: 4.5,
            taken_by: { id: 1, name: 'Bùi Văn Kiên' },
            note: 'Thùng 2',
            taken_at: '2026-12-02T07:00:00Z',
            out_of_range: null,
          },
        ])}
        canAdd={false}
        onAdd={vi.fn()}
        moment="khi xuất hàng"
      />,
    );
    const rows = screen.getAllByTestId('temperature-reading');
    expect(rows.map((row) => row.getAttribute('data-out'))).toEqual(['true', 'false']);
    expect(rows[0]!.textContent).toContain('Ngoài khoảng bảo quản');
    expect(rows[0]!.textContent).toContain('Bùi Văn Kiên');
    expect(screen.queryByTestId('temperature-add')).toBeNull();
  });

  it('sends the reading typed with one decimal', async () => {
    const onAdd = vi.fn().mockResolvedValue(undefined);
    render(<TemperatureReadings answer={answer([])} canAdd onAdd={onAdd} moment="khi nhận hàng" />, { wrapper });
    const button = screen.getByTestId('temperature-add');
    expect(button.hasAttribute('disabled')).toBe(true);
    fireEvent.change(screen.getByTestId('temperature-celsius'), { target: { value: '5,5' } });
    fireEvent.click(button);
    await vi.waitFor(() => expect(onAdd).toHaveBeenCalledWith(5.5, null));
  });
});
