import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OrderRecord } from '@contract/orders';
import type { ReceiptDetail, ReceiptRecord } from '@contract/warehouse-receipts';
import { ADMIN_ACCESS, enterWorkspace, leaveWorkspace, renderScreen, TEST_COMPANY } from '@/testing/screen-harness';
import { OrderReturnDialog } from './order-return-dialog';

const ORDER = {
  id: '01a211d3-8f15-70d9-bb52-3627ac777001',
  code: 'DH000042',
  local_no: 'TDV-AB12-1',
  status: 'completed',
  lines: [
    {
      id: '01a211d3-8f15-70d9-bb52-3627ac777011',
      variant_id: 7,
      product_name: 'Omeprazol 20mg',
      variant_name: '',
      unit: 'vỉ',
      factor: 10,
      quantity: 3,
    },
    {
      id: '01a211d3-8f15-70d9-bb52-3627ac777012',
      variant_id: 8,
      product_name: 'Khẩu trang',
      variant_name: '',
      unit: 'hộp',
      factor: 1,
      quantity: 2,
    },
  ],
} as unknown as OrderRecord;

const SHIPMENT = { id: '01a211d3-8f15-70d9-bb52-3627ac777021', kind: 'export', code: 'PX000009', status: 'completed' } as ReceiptRecord;
const SHIPMENT_DETAIL = { ...SHIPMENT, lines: [{ variant_id: 7, base_quantity: 30 }] } as unknown as ReceiptDetail;

type Call = { path: string; method: string; body: unknown };

/** The server: the shipment's lines, and the return call answered with `answer`. */
function serve(answer: { status: number; body: object }): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input instanceof Request ? input.url : input), 'http://localhost').pathname;
      calls.push({ path, method: init?.method ?? 'GET', body: init?.body ? JSON.parse(String(init.body)) : null });
      if (path.includes('exportreceipt')) return Response.json({ code: 200, data: SHIPMENT_DETAIL });
      return Response.json({ code: answer.status, ...answer.body }, { status: answer.status });
    }),
  );
  return calls;
}

function open(onClose = vi.fn()) {
  renderScreen(
    <OrderReturnDialog companyId={TEST_COMPANY.id} order={ORDER} receipts={{ shipments: [SHIPMENT], returns: [] }} onClose={onClose} />,
  );
  return onClose;
}

afterEach(() => {
  leaveWorkspace();
  vi.unstubAllGlobals();
});

describe('OrderReturnDialog', () => {
  it('offers back what was shipped, nothing of a product the warehouse does not track, and sends every line', async () => {
    enterWorkspace(ADMIN_ACCESS);
    const calls = serve({ status: 201, body: { data: { id: 'x' }, message: 'Đã nhập kho hàng trả về (đang biệt trữ)' } });
    const onClose = open();
    const lines = await screen.findAllByTestId('order-return-line');
    expect(lines.map((line) => line.dataset.max)).toEqual(['3', '0']);
    expect(within(lines[1]!).getByText('Không quản lý tồn kho: không nhập trả')).toBeTruthy();
    fireEvent.change(within(lines[0]!).getByTestId('order-return-quantity'), { target: { value: '2' } });
    fireEvent.click(screen.getByTestId('order-return-submit'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const post = calls.find((call) => call.method === 'POST')!;
    expect(post.path).toBe('/api/warehouse/api/import-receipt-return-order/');
    expect(post.body).toMatchObject({
      company: TEST_COMPANY.id,
      order: ORDER.id,
      note: null,
      lines: [
        { line_id: ORDER.lines[0]!.id, quantity: 2 },
        { line_id: ORDER.lines[1]!.id, quantity: 0 },
      ],
    });
  });

  it("shows the server's refusal in its words and stays open", async () => {
    enterWorkspace(ADMIN_ACCESS);
    serve({ status: 409, body: { data: null, error: 'CONFLICT', message: 'Omeprazol 20mg: chỉ còn 2 vỉ chưa nhập trả' } });
    const onClose = open();
    await screen.findAllByTestId('order-return-line');
    fireEvent.click(screen.getByTestId('order-return-submit'));
    expect((await screen.findByTestId('order-return-error')).textContent).toBe('Omeprazol 20mg: chỉ còn 2 vỉ chưa nhập trả');
    expect(onClose).not.toHaveBeenCalled();
  });
});
