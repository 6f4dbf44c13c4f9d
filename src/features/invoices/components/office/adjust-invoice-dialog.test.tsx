/**
 * The adjusting invoice a person makes after the buyer gave goods back: the returned quantity of a
 * line of the original becomes a decrease line priced as sold, the total shown negative; a business
 * buyer's adjustment is refused until the agreement with the buyer is filled in, then sent with it.
 * The same error on another invoice of the buyer in the month goes on the adjustment's list (Mẫu
 * 01/BK-ĐCTT): only that month's invoices are offered, and a list takes no goods given back.
 * Goods the warehouse took back on return receipts fill the returned quantities, which can be
 * filled again after changes; nothing returned, or the read failing, changes nothing.
 */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { invoicePaths, type InvoiceRecord } from '@contract/invoices';
import { adjustmentTotals, returnLines, type InvoiceReturns } from '@contract/invoices-corrections';
import { renderScreen, serveApi, TEST_COMPANY } from '@/testing/screen-harness';
import { AdjustInvoiceDialog } from './adjust-invoice-dialog';

const success = vi.hoisted(() => vi.fn());
vi.mock('@/ui/toast', () => ({ toast: { success, error: vi.fn(), warning: vi.fn(), info: vi.fn() } }));

const line = (line_no: number, item_name: string, quantity: number, unit_price: number) => ({
  line_no,
  order_line_id: `ol-${line_no}`,
  item_code: `SP00${line_no}`,
  item_name,
  unit: 'Hộp',
  quantity,
  unit_price,
  amount: quantity * unit_price,
  discount: 0,
  amount_without_vat: quantity * unit_price,
  vat_rate: '5%',
  vat_amount: Math.round(quantity * unit_price * 0.05),
  total: Math.round(quantity * unit_price * 1.05),
  is_gift: false,
});

const INVOICE = {
  id: '01a211d3-8f15-70d9-bb52-3627ac777030',
  number: '00000007',
  status: 'issued',
  issued_on: '2026-11-20',
  orders: [{ id: '01a211d3-8f15-70d9-bb52-3627ac777031', code: 'DH000042' }],
  buyer: {
    legal_name: 'Nhà thuốc Hồng Phúc',
    name: null,
    tax_code: '0100109106',
    address: '12 Lê Lợi',
    email: null,
    phone: null,
    code: 'KH000004',
  },
  payment_method: 'TM/CK',
  lines: [line(1, 'Hapacol 500', 10, 25_000), line(2, 'Panadol Extra', 5, 40_000)],
} as unknown as InvoiceRecord;

afterEach(() => {
  vi.unstubAllGlobals();
  success.mockClear();
});

function sentBody(fetchMock: ReturnType<typeof serveApi>, path: string) {
  const call = fetchMock.mock.calls.find(([input]) => String(input).includes(path));
  return call ? (JSON.parse(String((call[1] as RequestInit).body)) as Record<string, unknown>) : undefined;
}

describe('adjust invoice dialog', () => {
  it('builds a decrease for goods given back and refuses it without the business buyer’s agreement', async () => {
    const fetchMock = serveApi({ [invoicePaths.adjust(INVOICE.id)]: { data: { ...INVOICE, id: 'adj', number: null } } });
    const done = vi.fn();
    renderScreen(<AdjustInvoiceDialog companyId={TEST_COMPANY.id} invoice={INVOICE} onClose={() => {}} onDone={done} />);

    expect((await screen.findByTestId('agreement-rule')).textContent).toContain(
      'Người mua là doanh nghiệp: bắt buộc lập biên bản thỏa thuận',
    );
    fireEvent.change(screen.getByTestId('adjust-return-qty-2'), { target: { value: '2' } });
    // 2 × 40.000 = 80.000, VAT 5 % 4.000: 84.000 less.
    expect(screen.getByTestId('adjust-total').getAttribute('data-total')).toBe('-84000');
    expect(screen.getByTestId('adjust-words').textContent).toMatch(/^Số tiền viết bằng chữ: Giảm /);
    fireEvent.change(screen.getByTestId('invoice-adjust-reason'), { target: { value: 'Khách trả lại 2 hộp Panadol Extra' } });

    fireEvent.click(screen.getByTestId('invoice-adjust-confirm'));
    expect((await screen.findByTestId('invoice-adjust-problem')).textContent).toContain('cần biên bản thỏa thuận');
    expect(sentBody(fetchMock, invoicePaths.adjust(INVOICE.id))).toBeUndefined();

    fireEvent.change(screen.getByTestId('agreement-signed-on'), { target: { value: '21/11/2026' } });
    fireEvent.change(screen.getByTestId('agreement-representative'), { target: { value: 'Trần Văn Phúc' } });
    fireEvent.change(screen.getByTestId('agreement-error'), { target: { value: 'Hàng trả lại 2 hộp' } });
    fireEvent.click(screen.getByTestId('invoice-adjust-confirm'));
    await waitFor(() =>
      expect(success).toHaveBeenCalledWith('Đã lập hóa đơn điều chỉnh cho hóa đơn số 00000007, đang phát hành qua meInvoice'),
    );
    expect(done).toHaveBeenCalledWith(expect.objectContaining({ id: 'adj' }));
    expect(sentBody(fetchMock, invoicePaths.adjust(INVOICE.id))).toEqual({
      company: TEST_COMPANY.id,
      kind: 'decrease',
      reason: 'Khách trả lại 2 hộp Panadol Extra',
      agreement: { signed_on: '2026-11-21', buyer_representative: 'Trần Văn Phúc', error: 'Hàng trả lại 2 hộp' },
      lines: [
        {
          line_no: 2,
          item_code: 'SP002',
          item_name: 'Panadol Extra',
          unit: 'Hộp',
          quantity: 2,
          unit_price: 40_000,
          discount: 0,
          vat_rate: '5%',
        },
      ],
      buyer: null,
      listed: [],
    });
  });

  it('lists another invoice of the buyer in the same month and then offers no goods given back', async () => {
    // A private buyer: no agreement needed.
    const buyer = { ...INVOICE.buyer, tax_code: null };
    const person = { ...INVOICE, buyer, customer_id: '01a211d3-8f15-70d9-bb52-3627ac777040', adjusts: null, replaced_by: null };
    const other = (id: string, number: string, issued_on: string, total: number) => ({ ...person, id, number, issued_on, total });
    const sameMonth = other('01a211d3-8f15-70d9-bb52-3627ac777041', '00000009', '2026-11-05', 1_050_000);
    const lastMonth = other('01a211d3-8f15-70d9-bb52-3627ac777042', '00000003', '2026-10-28', 525_000);
    const fetchMock = serveApi({
      [invoicePaths.adjust(INVOICE.id)]: { data: { ...INVOICE, id: 'adj', number: null } },
      [invoicePaths.invoices]: { data: [person, sameMonth, lastMonth] },
    });
    renderScreen(<AdjustInvoiceDialog companyId={TEST_COMPANY.id} invoice={person} onClose={() => {}} />);

    const offered = await screen.findByTestId('adjust-listed-00000009');
    expect(screen.getByText('Số 00000009 · ngày 05/11/2026 · 1.050.000 ₫')).toBeTruthy();
    expect(screen.queryByTestId('adjust-listed-00000003')).toBeNull();
    expect(screen.queryByTestId('adjust-listed-00000007')).toBeNull();
    const listUrl = fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://localhost')).find((url) => url.search);
    expect(Object.fromEntries(listUrl!.searchParams)).toMatchObject({ customer: person.customer_id, status: 'issued' });

    expect(screen.getByTestId('adjust-way-return')).toBeTruthy();
    fireEvent.click(offered);
    await waitFor(() => expect(screen.queryByTestId('adjust-way-return')).toBeNull());
    expect(screen.getByTestId('adjust-listed-ways').textContent).toContain('không lập theo hàng trả lại');
    expect(screen.queryByTestId('adjust-return-lines')).toBeNull();

    fireEvent.change(screen.getByTestId('adjust-discount-amount'), { target: { value: '100000' } });
    fireEvent.change(screen.getByTestId('invoice-adjust-reason'), { target: { value: 'Chiết khấu tháng 11 cho hai hóa đơn' } });
    fireEvent.click(screen.getByTestId('invoice-adjust-confirm'));
    await waitFor(() => expect(success).toHaveBeenCalled());
    expect(sentBody(fetchMock, invoicePaths.adjust(INVOICE.id))).toMatchObject({
      kind: 'decrease',
      lines: [expect.objectContaining({ line_no: null, item_name: 'Chiết khấu thương mại', unit_price: 100_000 })],
      listed: [sameMonth.id],
    });
  });

  it('takes a private buyer’s adjustment without an agreement', async () => {
    const person = { ...INVOICE, buyer: { ...INVOICE.buyer, tax_code: null } } as InvoiceRecord;
    serveApi({ [invoicePaths.adjust(INVOICE.id)]: { data: { ...INVOICE, id: 'adj', number: null } } });
    renderScreen(<AdjustInvoiceDialog companyId={TEST_COMPANY.id} invoice={person} onClose={() => {}} />);
    expect((await screen.findByTestId('agreement-rule')).textContent).toContain('không bắt buộc');
    fireEvent.change(screen.getByTestId('adjust-return-qty-1'), { target: { value: '1' } });
    fireEvent.change(screen.getByTestId('invoice-adjust-reason'), { target: { value: 'Trả lại 1 hộp' } });
    fireEvent.click(screen.getByTestId('invoice-adjust-confirm'));
    await waitFor(() => expect(success).toHaveBeenCalled());
  });
  it('fills the returned quantities from the return receipts and fills them again after changes', async () => {
    const returns: InvoiceReturns = {
      lines: [
        { line_no: 1, quantity: 3 },
        { line_no: 2, quantity: 2 },
      ],
      receipts: [
        { code: 'PN000012', document_date: '2026-12-03' },
        { code: 'PN000013', document_date: '2026-12-04' },
      ],
    };
    const fetchMock = serveApi({ [invoicePaths.returns(INVOICE.id)]: { data: returns } });
    renderScreen(<AdjustInvoiceDialog companyId={TEST_COMPANY.id} invoice={INVOICE} onClose={() => {}} />);

    const note = await screen.findByTestId('adjust-returns-note');
    expect(note.textContent).toBe('Theo phiếu nhập trả PN000012 (03/12/2026), PN000013 (04/12/2026): đã điền số lượng hàng trả lại.');
    const asked = fetchMock.mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost'))
      .find((url) => url.pathname.endsWith(invoicePaths.returns(INVOICE.id)));
    expect(asked?.searchParams.get('company')).toBe(String(TEST_COMPANY.id));
    expect((screen.getByTestId('adjust-return-qty-1') as HTMLInputElement).value).toBe('3');
    expect((screen.getByTestId('adjust-return-qty-2') as HTMLInputElement).value).toBe('2');
    expect((screen.getByTestId('adjust-way-return') as HTMLInputElement).checked).toBe(true);
    const back = new Map(returns.lines.map((line) => [line.line_no, line.quantity]));
    const expected = -adjustmentTotals('increase', returnLines(INVOICE.lines, back)).total;
    // 3 × 25.000 + 2 × 40.000 = 155.000, VAT 5 % 7.750: 162.750 less.
    expect(expected).toBe(-162_750);
    expect(screen.getByTestId('adjust-total').getAttribute('data-total')).toBe(String(expected));

    fireEvent.change(screen.getByTestId('adjust-return-qty-2'), { target: { value: '1' } });
    expect(screen.getByTestId('adjust-total').getAttribute('data-total')).toBe('-120750');
    expect(screen.getByTestId('adjust-returns-note').textContent).toContain('đang khác phiếu');
    const again = screen.getByRole('button', { name: 'Điền theo phiếu nhập trả' });
    fireEvent.click(again);
    expect((screen.getByTestId('adjust-return-qty-2') as HTMLInputElement).value).toBe('2');
    expect(screen.getByTestId('adjust-total').getAttribute('data-total')).toBe(String(expected));
    expect(screen.getByTestId('adjust-returns-note').textContent).toContain('đã điền số lượng hàng trả lại');
  });

  it('leaves the form as it was when nothing was returned or the read fails', async () => {
    const returnsPath = invoicePaths.returns(INVOICE.id);
    const asked = (fetchMock: ReturnType<typeof serveApi>) => fetchMock.mock.calls.some(([input]) => String(input).includes(returnsPath));
    const settle = () => act(async () => new Promise((resolve) => setTimeout(resolve, 20)));
    const untouched = () => {
      expect(screen.queryByTestId('adjust-returns-note')).toBeNull();
      expect(screen.queryByTestId('adjust-fill-returns')).toBeNull();
      expect((screen.getByTestId('adjust-return-qty-1') as HTMLInputElement).value).toBe('');
      expect((screen.getByTestId('adjust-return-qty-2') as HTMLInputElement).value).toBe('');
      expect(screen.getByTestId('adjust-total').getAttribute('data-total')).toBe('0');
    };

    const empty = serveApi({ [returnsPath]: { data: { lines: [], receipts: [] } } });
    const first = renderScreen(<AdjustInvoiceDialog companyId={TEST_COMPANY.id} invoice={INVOICE} onClose={() => {}} />);
    await waitFor(() => expect(asked(empty)).toBe(true));
    await settle();
    untouched();
    first.unmount();

    const failing = serveApi({});
    const served = failing.getMockImplementation() as (input: RequestInfo | URL) => Promise<Response>;
    failing.mockImplementation(async (input: RequestInfo | URL) =>
      String(input).includes(returnsPath) ? Response.json({ code: 500, message: 'Lỗi máy chủ' }, { status: 500 }) : served(input),
    );
    renderScreen(<AdjustInvoiceDialog companyId={TEST_COMPANY.id} invoice={INVOICE} onClose={() => {}} />);
    await waitFor(() => expect(asked(failing)).toBe(true));
    await settle();
    untouched();
  });

  it('does not ask for returns of an invoice not published', async () => {
    const fetchMock = serveApi({});
    renderScreen(
      <AdjustInvoiceDialog companyId={TEST_COMPANY.id} invoice={{ ...INVOICE, status: 'pending' } as InvoiceRecord} onClose={() => {}} />,
    );
    await screen.findByTestId('agreement-rule');
    expect(fetchMock.mock.calls.some(([input]) => String(input).includes(invoicePaths.returns(INVOICE.id)))).toBe(false);
  });
});
