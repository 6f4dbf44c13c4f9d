import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_ACCESS, enterWorkspace, leaveWorkspace, renderScreen, TEST_COMPANY } from '@/testing/screen-harness';
import { refusePosts } from '@/testing/refusal';
import { emptyPromotionForm, emptyTier, type PromotionFormValues } from '@/features/promotions/model/promotion-form';
import { PromotionForm } from './promotion-form';

configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  leaveWorkspace();
  vi.unstubAllGlobals();
});

const HALF_RULE = 'Mức giảm 2.200 ₫ vượt 50% giá của Smecta (4.200 ₫) (Nghị định 81/2018)';

/** The programme's POST is refused naming the first tier's value and the goods. */
const refuseTier = () =>
  refusePosts(HALF_RULE, { 'tiers.0.value': HALF_RULE, variant_ids: 'Sản phẩm không tồn tại trong công ty (999999)' });

function initial(overrides: Partial<PromotionFormValues> = {}): PromotionFormValues {
  const values = emptyPromotionForm('2026-11-25');
  return { ...values, name: 'Giảm giá Smecta', ends_on: '2026-12-25', variant_ids: [999_999], ...overrides };
}

const posts = (fetchMock: ReturnType<typeof vi.fn>) => fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');

describe('PromotionForm', () => {
  it('shows the contract’s tier rule on the tier before sending anything', async () => {
    enterWorkspace(ADMIN_ACCESS);
    const fetchMock = refuseTier();
    renderScreen(
      <PromotionForm companyId={TEST_COMPANY.id} initial={initial()} record={null} isMobile={false} onSaved={vi.fn()} onCancel={vi.fn()} />,
    );
    fireEvent.change(await screen.findByTestId('tier-value'), { target: { value: '60' } });
    fireEvent.click(screen.getByTestId('promotion-save'));
    const tier = screen.getByTestId('tier-row');
    await waitFor(() => expect(within(tier).getByText('Mức giảm tối đa 50% (Nghị định 81/2018, Điều 7)')).toBeTruthy());
    expect(posts(fetchMock)).toEqual([]);
  });

  it('sends the programme and puts the server’s refusal on the inputs it names', async () => {
    enterWorkspace(ADMIN_ACCESS);
    const fetchMock = refuseTier();
    const onSaved = vi.fn();
    const values = initial({ tiers: [{ ...emptyTier('discount'), reward: 'amount', value: '2200' }], notice_ref: 'TB 12/SCT' });
    renderScreen(
      <PromotionForm companyId={TEST_COMPANY.id} initial={values} record={null} isMobile={false} onSaved={onSaved} onCancel={vi.fn()} />,
    );
    fireEvent.click(await screen.findByTestId('promotion-save'));

    await waitFor(() => expect(within(screen.getByTestId('tier-row')).getByText(HALF_RULE)).toBeTruthy());
    expect(screen.getByText('Sản phẩm không tồn tại trong công ty (999999)')).toBeTruthy();
    expect(screen.queryByTestId('promotion-form-error')).toBeNull();
    expect(onSaved).not.toHaveBeenCalled();
    const [post] = posts(fetchMock);
    expect(String(post![0])).toContain('/promotion/api/promotion/');
    expect(JSON.parse(String(post![1]!.body))).toMatchObject({
      company: TEST_COMPANY.id,
      name: 'Giảm giá Smecta',
      kind: 'discount',
      starts_on: '2026-11-25',
      ends_on: '2026-12-25',
      variant_ids: [999_999],
      tiers: [{ threshold: 1, reward: 'amount', value: 2200, gift_variant_id: null, gift_quantity: 0 }],
      cap_kind: 'money',
      cap_total: null,
      notice_ref: 'TB 12/SCT',
    });
  });

  it('explains the units of the tiers of the kind chosen', async () => {
    enterWorkspace(ADMIN_ACCESS);
    refuseTier();
    const values = initial({ kind: 'order_total', tiers: [emptyTier('order_total')] });
    renderScreen(
      <PromotionForm companyId={TEST_COMPANY.id} initial={values} record={null} isMobile onSaved={vi.fn()} onCancel={vi.fn()} />,
    );
    expect((await screen.findByTestId('tier-units-hint')).textContent).toMatch(/tổng tiền đơn hàng \(đồng\)/);
    expect(screen.getByText('Đơn hàng từ (đồng)')).toBeTruthy();
    expect(screen.getByTestId('tier-add')).toBeTruthy();
  });
});
