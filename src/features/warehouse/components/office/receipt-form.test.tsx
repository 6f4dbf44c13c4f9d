import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_ACCESS, enterWorkspace, leaveWorkspace, renderScreen, TEST_ACCOUNT, TEST_COMPANY } from '@/testing/screen-harness';
import { refusePosts } from '@/testing/refusal';
import { addVariant, emptyDraft, type LineVariant } from '@/features/warehouse/model/receipt-form';
import { ReceiptForm } from './receipt-form';

configure({ asyncUtilTimeout: 5_000 });

const PANADOL: LineVariant = {
  id: 3,
  name: 'Panadol Extra',
  sku: 'SP000003-1',
  units: [
    { unit: 'viên', factor: 1, price: 1_500 },
    { unit: 'hộp', factor: 180, price: 257_000 },
  ],
  isMedicine: true,
};
const GAUZE: LineVariant = {
  id: 9,
  name: 'Bông y tế',
  sku: 'SP000009-1',
  units: [{ unit: 'gói', factor: 1, price: 5_000 }],
  isMedicine: false,
};
const scope = { companyId: TEST_COMPANY.id, accountId: TEST_ACCOUNT.id, multi: false, active: null, isMobile: false };

afterEach(() => {
  leaveWorkspace();
  vi.unstubAllGlobals();
});

/** The receipt's POST is refused with a field of its second line. */
const refuseSecondLine = () => refusePosts('Bông y tế không có đơn vị "gói"', { 'lines.1.unit': 'Bông y tế không có đơn vị "gói"' });

describe('ReceiptForm', () => {
  it('sends the lines typed and shows the server refusal on the line it names', async () => {
    enterWorkspace(ADMIN_ACCESS);
    const fetchMock = refuseSecondLine();
    const initial = addVariant(addVariant(emptyDraft('2026-11-21', null), PANADOL, 'hộp'), GAUZE, 'gói');
    renderScreen(<ReceiptForm scope={scope} kind="export" id={null} initial={initial} onCancel={vi.fn()} />);
    const lines = await screen.findAllByTestId('receipt-line');
    fireEvent.change(within(lines[0]!).getByTestId('line-quantity'), { target: { value: '3' } });
    fireEvent.click(screen.getByTestId('receipt-complete'));

    await waitFor(() => expect(screen.getByTestId('receipt-form-error').textContent).toBe('Bông y tế không có đơn vị "gói"'));
    const [second] = screen.getAllByTestId('receipt-line').slice(1);
    expect(within(second!).getByText('Bông y tế không có đơn vị "gói"')).toBeTruthy();
    expect(within(screen.getAllByTestId('receipt-line')[0]!).queryByText(/không có đơn vị/)).toBeNull();

    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(String(post[0])).toContain('/warehouse/api/exportreceipt/');
    expect(JSON.parse(String(post[1]!.body))).toMatchObject({
      company: TEST_COMPANY.id,
      status: 'completed',
      document_date: '2026-11-21',
      lines: [
        { variant_id: 3, unit: 'hộp', quantity: 3, lot_id: null },
        { variant_id: 9, unit: 'gói', quantity: 1, lot_id: null },
      ],
    });
  });

  it('asks an import of a medicine for its lot and expiry before sending anything', async () => {
    enterWorkspace(ADMIN_ACCESS);
    const fetchMock = refuseSecondLine();
    renderScreen(
      <ReceiptForm
        scope={scope}
        kind="import"
        id={null}
        initial={addVariant(emptyDraft('2026-11-21', null), PANADOL, 'hộp')}
        onCancel={vi.fn()}
      />,
    );
    fireEvent.click(await screen.findByTestId('receipt-save-draft'));
    await screen.findByText('Thuốc cần số lô');
    expect(screen.getByText('Thuốc cần hạn dùng')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });
});
