/**
 * The cashier confirming a collected payment (Công nợ > Phiếu thu, "Xác nhận") is told which receipt
 * was confirmed: the server's words when it sends them, "Đã xác nhận phiếu thu PT000123" when not
 * (src/features/receivables/api/receivable-api.ts usePaymentWrites).
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { receivablePaths, type PaymentRecord } from '@contract/receivables';
import { renderScreen, serveApi, TEST_COMPANY } from '@/testing/screen-harness';
import { usePaymentWrites } from '@/features/receivables/api/receivable-api';
import { paymentColumns } from './payment-columns';

const success = vi.hoisted(() => vi.fn());
vi.mock('@/ui/toast', () => ({ toast: { success, error: vi.fn(), warning: vi.fn(), info: vi.fn() } }));

const PAYMENT = {
  id: '01a211d3-8f15-70d9-bb52-3627ac777040',
  code: 'PT000123',
  method: 'cash',
  reference: null,
  state: 'pending',
} as PaymentRecord;

function Actions() {
  const { confirm } = usePaymentWrites(TEST_COMPANY.id);
  const columns = paymentColumns({ confirm, canConfirm: true, canCancel: false, setCancelling: () => {} });
  return <>{columns.find((column) => column.key === 'actions')!.cell(PAYMENT)}</>;
}

afterEach(() => {
  vi.unstubAllGlobals();
  success.mockClear();
});

describe('confirming a payment', () => {
  it('toasts the receipt confirmed when the server names it', async () => {
    serveApi({
      [receivablePaths.confirm(PAYMENT.id)]: { data: { ...PAYMENT, state: 'confirmed' }, message: 'Đã xác nhận phiếu thu PT000123' },
    });
    renderScreen(<Actions />);
    fireEvent.click(await screen.findByTestId('payment-confirm'));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Đã xác nhận phiếu thu PT000123'));
  });

  it('names the receipt itself when the server says nothing', async () => {
    serveApi({ [receivablePaths.confirm(PAYMENT.id)]: { data: { ...PAYMENT, state: 'confirmed' } } });
    renderScreen(<Actions />);
    fireEvent.click(await screen.findByTestId('payment-confirm'));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Đã xác nhận phiếu thu PT000123'));
  });
});
