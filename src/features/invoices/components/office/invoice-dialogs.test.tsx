/**
 * Cancelling or replacing an e-invoice says so once the server took it, naming the invoice: "Đã gửi
 * yêu cầu hủy hóa đơn số 0000123 tới meInvoice" (meInvoice answers the cancellation later), "Đã lập
 * hóa đơn thay thế cho hóa đơn số 0000123, đang phát hành qua meInvoice".
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { invoicePaths, type InvoiceRecord } from '@contract/invoices';
import { renderScreen, serveApi, TEST_COMPANY } from '@/testing/screen-harness';
import { CancelInvoiceDialog, invoiceName, ReplaceInvoiceDialog } from './invoice-dialogs';

const success = vi.hoisted(() => vi.fn());
vi.mock('@/ui/toast', () => ({ toast: { success, error: vi.fn(), warning: vi.fn(), info: vi.fn() } }));

const INVOICE = {
  id: '01a211d3-8f15-70d9-bb52-3627ac777030',
  number: '0000123',
  orders: [{ id: '01a211d3-8f15-70d9-bb52-3627ac777031', code: 'DH000042' }],
  buyer: {
    legal_name: 'Nhà thuốc Hồng Phúc',
    name: null,
    tax_code: null,
    address: '12 Lê Lợi',
    email: null,
    phone: null,
    code: 'KH000004',
  },
  payment_method: 'TM/CK',
  lines: [],
} as unknown as InvoiceRecord;

afterEach(() => {
  vi.unstubAllGlobals();
  success.mockClear();
});

describe('invoice dialogs', () => {
  it('names an invoice by its number, else by its orders', () => {
    expect(invoiceName(INVOICE)).toBe('hóa đơn số 0000123');
    expect(invoiceName({ ...INVOICE, number: null })).toBe('hóa đơn của đơn DH000042');
  });

  it('toasts the cancellation asked of meInvoice', async () => {
    serveApi({ [invoicePaths.cancel(INVOICE.id)]: { data: INVOICE } });
    renderScreen(<CancelInvoiceDialog companyId={TEST_COMPANY.id} invoice={INVOICE} onClose={() => {}} />);
    fireEvent.change(await screen.findByTestId('invoice-cancel-reason'), { target: { value: 'Sai đơn giá' } });
    fireEvent.click(screen.getByTestId('invoice-cancel-confirm'));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Đã gửi yêu cầu hủy hóa đơn số 0000123 tới meInvoice'));
  });

  it('toasts the replacement made', async () => {
    serveApi({ [invoicePaths.replace(INVOICE.id)]: { data: { ...INVOICE, id: 'new', number: null } } });
    renderScreen(<ReplaceInvoiceDialog companyId={TEST_COMPANY.id} invoice={INVOICE} onClose={() => {}} />);
    fireEvent.change(await screen.findByTestId('invoice-replace-reason'), { target: { value: 'Sai tên người mua' } });
    fireEvent.click(screen.getByTestId('invoice-replace-confirm'));
    await waitFor(() =>
      expect(success).toHaveBeenCalledWith('Đã lập hóa đơn thay thế cho hóa đơn số 0000123, đang phát hành qua meInvoice'),
    );
  });

  it('refuses a replacement for a business buyer without the agreement', async () => {
    const fetchMock = serveApi({ [invoicePaths.replace(INVOICE.id)]: { data: { ...INVOICE, id: 'new', number: null } } });
    renderScreen(<ReplaceInvoiceDialog companyId={TEST_COMPANY.id} invoice={INVOICE} onClose={() => {}} />);
    fireEvent.change(await screen.findByTestId('invoice-replace-reason'), { target: { value: 'Sai mã số thuế' } });
    fireEvent.change(screen.getByTestId('buyer-tax-code'), { target: { value: '0100109106' } });
    expect(screen.getByTestId('agreement-rule').textContent).toContain('bắt buộc lập biên bản thỏa thuận');
    fireEvent.click(screen.getByTestId('invoice-replace-confirm'));
    expect((await screen.findByTestId('invoice-replace-problem')).textContent).toContain('cần biên bản thỏa thuận');
    expect(fetchMock.mock.calls.some(([input]) => String(input).includes(invoicePaths.replace(INVOICE.id)))).toBe(false);
  });
});
