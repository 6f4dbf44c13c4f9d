import { act, configure, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addDays } from '@contract/calendar-days';
import { vietnamDay } from '@contract/price-policy';
import { ADMIN_ACCESS, enterWorkspace, leaveWorkspace, renderScreen, TEST_ACCOUNT, TEST_COMPANY } from '@/testing/screen-harness';
import { modals } from '@mantine/modals';
import { addVariant, emptyDraft, type LineVariant } from '@/features/warehouse/model/receipt-form';
import { registrationWarning } from '@/features/warehouse/model/receipt-expiry';
import { ReceiptForm } from './receipt-form';

configure({ asyncUtilTimeout: 5_000 });

const today = vietnamDay();
const units = [{ unit: 'viên', factor: 1, price: 1_500 }];
const LAPSED: LineVariant = {
  id: 3,
  name: 'Cefuroxim 500mg',
  sku: 'SP3-1',
  units,
  isMedicine: true,
  registration: { number: 'VD-1-15', expiry: '2025-03-01' },
};
const VALID: LineVariant = {
  id: 4,
  name: 'Cefuroxim 250mg',
  sku: 'SP4-1',
  units,
  isMedicine: true,
  registration: { number: 'VD-2-22', expiry: addDays(today, 30) },
};
const scope = { companyId: TEST_COMPANY.id, accountId: TEST_ACCOUNT.id, multi: false, active: null, isMobile: false };

afterEach(() => {
  act(() => modals.closeAll());
  leaveWorkspace();
  vi.unstubAllGlobals();
});

describe('an import line of a medicine whose registration has expired', () => {
  it('says so on that line only, and does not stop the receipt', async () => {
    enterWorkspace(ADMIN_ACCESS);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ code: 200, data: [], count: 0 })),
    );
    const draft = addVariant(addVariant(emptyDraft(today, null), LAPSED, 'viên'), VALID, 'viên');
    renderScreen(<ReceiptForm scope={scope} kind="import" id={null} initial={draft} onCancel={vi.fn()} />);
    const lines = await screen.findAllByTestId('receipt-line');
    expect(lines).toHaveLength(2);
    expect(within(lines[0]!).getByTestId('line-registration-warning').textContent).toBe(
      'Số đăng ký đã hết hạn: Số đăng ký VD-1-15 hết hạn ngày 01/03/2025. Vẫn nhập được; cân nhắc biệt trữ hoặc trả lại hàng.',
    );
    expect(within(lines[1]!).queryByTestId('line-registration-warning')).toBeNull();
    expect((screen.getByTestId('receipt-complete') as HTMLButtonElement).disabled).toBe(false);
  });

  it('is read from the variant: none for a non-medicine or a registration still valid on the day', () => {
    expect(registrationWarning(LAPSED, today)).toBe('Số đăng ký VD-1-15 hết hạn ngày 01/03/2025');
    expect(registrationWarning(VALID, today)).toBeNull();
    expect(registrationWarning({ ...LAPSED, registration: null }, today)).toBeNull();
    expect(registrationWarning({ ...LAPSED, registration: { number: 'VD-1-15', expiry: today } }, today)).toBeNull();
  });
});
