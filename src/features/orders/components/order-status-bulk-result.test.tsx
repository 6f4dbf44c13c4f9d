import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { BulkStatusResult } from '@contract/orders';
import { BulkResultDialog, bulkSummary } from './order-status-bulk-result';
import { OrderStatusDialog, REASON_REQUIRED } from './order-status-dialog';

const A = '0192f3a4-0000-7000-8000-00000000000a';
const B = '0192f3a4-0000-7000-8000-00000000000b';
const C = '0192f3a4-0000-7000-8000-00000000000c';
const LABELS = new Map([
  [A, { code: 'DH000101', customer: 'Nhà thuốc Minh Châu' }],
  [B, { code: 'DH000102', customer: 'Nhà thuốc Đức Hạnh' }],
]);

const results: BulkStatusResult[] = [
  { id: A, ok: true, status: 'confirmed', message: null },
  { id: B, ok: false, status: 'completed', message: 'Đơn hàng "Hoàn thành" không thể chuyển trạng thái nữa' },
  { id: C, ok: false, status: null, message: 'Không tìm thấy đơn hàng' },
];

function renderDialog(onClose = vi.fn()) {
  render(
    <MantineProvider env="test">
      <BulkResultDialog
        opened
        target="confirmed"
        results={results}
        message="Đã cập nhật 1/3 đơn hàng"
        labelOf={(id) => LABELS.get(id)}
        onClose={onClose}
      />
    </MantineProvider>,
  );
  return onClose;
}

describe('BulkResultDialog', () => {
  it('reports each order, moved or refused with the server’s message', () => {
    renderDialog();
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText('Kết quả chuyển trạng thái')).toBeTruthy();
    expect(within(dialog).getByText(/Đã cập nhật 1\/3 đơn hàng sang “Đã xác nhận”/)).toBeTruthy();
    expect(within(dialog).getByTestId('bulk-moved').textContent).toBe('Thành công: 1');
    expect(within(dialog).getByTestId('bulk-refused').textContent).toBe('Không chuyển được: 2');

    const rows = within(dialog).getAllByTestId('bulk-result-row');
    expect(rows).toHaveLength(3);
    // Refused first: they need attention.
    expect(rows.map((row) => row.getAttribute('data-ok'))).toEqual(['false', 'false', 'true']);
    const refused = rows.find((row) => row.textContent?.includes('DH000102'))!;
    expect(refused.textContent).toContain('Nhà thuốc Đức Hạnh');
    expect(refused.textContent).toContain('Đơn hàng "Hoàn thành" không thể chuyển trạng thái nữa');
    const moved = rows.find((row) => row.textContent?.includes('DH000101'))!;
    expect(moved.textContent).toContain('Đã chuyển sang “Đã xác nhận”');
    // An order the list did not know is named by its id.
    expect(rows.some((row) => row.textContent?.includes(C) && row.textContent.includes('Không tìm thấy đơn hàng'))).toBe(true);
  });

  it('closes with "Đóng lại"', () => {
    const onClose = renderDialog();
    fireEvent.click(screen.getByRole('button', { name: 'Đóng lại' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('summarises results', () => {
    expect(bulkSummary(results)).toEqual({ moved: 1, refused: 2 });
    expect(bulkSummary([])).toEqual({ moved: 0, refused: 0 });
  });
});

describe('OrderStatusDialog', () => {
  function renderMove(target: 'confirmed' | 'cancelled', onConfirm = vi.fn()) {
    render(
      <MantineProvider env="test">
        <OrderStatusDialog
          target={target}
          description={<b>3 đơn đã chọn</b>}
          busy={false}
          onClose={() => undefined}
          onConfirm={onConfirm}
        />
      </MantineProvider>,
    );
    return onConfirm;
  }

  it('confirms a move that needs no reason at once', () => {
    const onConfirm = renderMove('confirmed');
    expect(screen.queryByTestId('status-reason')).toBeNull();
    fireEvent.click(screen.getByTestId('status-confirm'));
    expect(onConfirm).toHaveBeenCalledWith(null);
  });

  it('asks a reason before cancelling', () => {
    const onConfirm = renderMove('cancelled');
    fireEvent.click(screen.getByTestId('status-confirm'));
    expect(onConfirm).not.toHaveBeenCalled();
    expect(screen.getByText(REASON_REQUIRED)).toBeTruthy();
    fireEvent.change(screen.getByTestId('status-reason'), { target: { value: '  Khách đổi ý  ' } });
    fireEvent.click(screen.getByTestId('status-confirm'));
    expect(onConfirm).toHaveBeenCalledWith('Khách đổi ý');
  });
});
