import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReceiptDetail } from '@contract/warehouse-receipts';
import { ADMIN_ACCESS, enterWorkspace, leaveWorkspace, renderScreen, roleAccess, serveApi, TEST_COMPANY } from '@/testing/screen-harness';
import { ReceiptStatusActions } from './receipt-status-actions';

const RECEIPT = {
  id: '01a211d3-8f15-70d9-bb52-3627ac777005',
  kind: 'import',
  code: 'PN000002',
  status: 'completed',
  lines: [],
  history: [],
  counters: [],
} as unknown as ReceiptDetail;

afterEach(() => {
  leaveWorkspace();
  vi.unstubAllGlobals();
});

describe('ReceiptStatusActions', () => {
  it('cancels a completed receipt only with a reason, sent with the move', async () => {
    enterWorkspace(ADMIN_ACCESS);
    const fetchMock = serveApi({ updatestatusimportreceipt: { data: { ...RECEIPT, status: 'cancelled' } } });
    renderScreen(<ReceiptStatusActions companyId={TEST_COMPANY.id} receipt={RECEIPT} isMobile={false} />);
    const buttons = await screen.findByTestId('receipt-actions');
    expect(
      within(buttons)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Hủy phiếu']);
    fireEvent.click(screen.getByTestId('receipt-move-cancelled'));
    const confirm = await screen.findByTestId('receipt-cancel-confirm');
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByTestId('receipt-cancel-reason'), { target: { value: 'Nhập nhầm nhà cung cấp' } });
    fireEvent.click(confirm);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toContain('/warehouse/api/updatestatusimportreceipt/01a211d3-8f15-70d9-bb52-3627ac777005/');
    expect(init.method).toBe('PUT');
    expect(JSON.parse(String(init.body))).toEqual({
      status: 'cancelled',
      reason: 'Nhập nhầm nhà cung cấp',
      received: [],
      company: TEST_COMPANY.id,
    });
  });

  it('shows a keeper without approve only the moves of a draft that need edit', async () => {
    enterWorkspace(roleAccess({ warehouse: ['view', 'create', 'edit'] }));
    serveApi({});
    const { unmount } = renderScreen(
      <ReceiptStatusActions companyId={TEST_COMPANY.id} receipt={{ ...RECEIPT, status: 'draft' }} isMobile={false} />,
    );
    const buttons = await screen.findByTestId('receipt-actions');
    expect(
      within(buttons)
        .getAllByRole('button')
        .map((button) => button.dataset.testid),
    ).toEqual(['receipt-move-pending', 'receipt-move-cancelled']);
    unmount();
    renderScreen(<ReceiptStatusActions companyId={TEST_COMPANY.id} receipt={RECEIPT} isMobile={false} />);
    await waitFor(() => expect(screen.queryByTestId('receipt-actions')).toBeNull());
  });
});
