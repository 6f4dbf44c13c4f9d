/**
 * A self delivery's next step: only the steps that follow from where it stands are offered, and a
 * failed delivery is not saved without its reason ("Khác" with its words), each said at its field.
 */
import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { DeliveryRecord } from '@contract/delivery';
import { FAILURE_MESSAGES } from '@contract/delivery-self';
import type { DeliveryWrites } from '@/features/delivery/api/delivery-api';
import { SelfDeliveryMove } from './self-delivery-move';

const wrapper = ({ children }: { children: ReactNode }) => <MantineProvider env="test">{children}</MantineProvider>;

const delivery = { id: 'd1', carrier: 'self', status: 'picked', cod_amount: 0 } as DeliveryRecord;

function renderMove(status: DeliveryRecord['status'] = 'picked') {
  const selfMove = vi.fn(async () => ({ data: { ...delivery, status: 'delivery_failed' }, message: 'Đã chuyển' }));
  render(<SelfDeliveryMove delivery={{ ...delivery, status }} writes={{ selfMove } as unknown as DeliveryWrites} />, { wrapper });
  return selfMove;
}

// A required field's label ends with Mantine's asterisk.
const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}`), { selector: 'input, textarea' }) as HTMLInputElement;

async function choose(label: string, option: string) {
  fireEvent.click(field(label));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

describe('a self delivery’s next step', () => {
  it('offers only the steps that follow from where the delivery stands', async () => {
    renderMove('picked');
    fireEvent.click(field('Cập nhật giao hàng'));
    const offered = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect(offered).toEqual(['Đã giao hàng', 'Giao không thành công']);
  });

  it('asks why a delivery failed before saving it, "Khác" with the words', async () => {
    const selfMove = renderMove('picked');
    await choose('Cập nhật giao hàng', 'Giao không thành công');
    expect(field('Lý do giao không thành công').required).toBe(true);

    fireEvent.click(screen.getByTestId('delivery-self-save'));
    expect(await screen.findByText(FAILURE_MESSAGES.reasonRequired)).toBeTruthy();
    expect(selfMove).not.toHaveBeenCalled();

    await choose('Lý do giao không thành công', 'Khác');
    fireEvent.click(screen.getByTestId('delivery-self-save'));
    expect(await screen.findByText(FAILURE_MESSAGES.detailRequired)).toBeTruthy();
    expect(selfMove).not.toHaveBeenCalled();

    fireEvent.change(field('Lý do khác'), { target: { value: 'Nhà thuốc đóng cửa' } });
    fireEvent.click(screen.getByTestId('delivery-self-save'));
    await waitFor(() =>
      expect(selfMove).toHaveBeenCalledWith('d1', {
        to: 'delivery_failed',
        failure_reason: 'other',
        failure_detail: 'Nhà thuốc đóng cửa',
        cod_collected: null,
        note: null,
      }),
    );
  });
});
