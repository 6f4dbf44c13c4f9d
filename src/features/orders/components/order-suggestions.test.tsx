/**
 * "Gợi ý đặt hàng" from the device alone (order-suggestions.tsx): the last order taken again in one
 * tap, the usual quantities, the must-carry goods not bought this month and the lots near expiry
 * with their programme. The rules are unit-tested in contract/visits-suggest.test.ts; the rep takes
 * a suggested order offline in tests/e2e/day-plan.test.ts.
 */
import { MantineProvider } from '@mantine/core';
import { DEFAULT_VISIT_SETTINGS } from '@contract/visits-place';
import { DEFAULT_SUGGESTION_SETTINGS } from '@contract/visits-suggest';
import { cleanup, configure, fireEvent, render, screen, within } from '@testing-library/react';
import Dexie from 'dexie';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addDays } from '@contract/calendar-days';
import type { OrderLineRecord, OrderRecord } from '@contract/orders';
import { vietnamDay } from '@contract/price-policy';
import { uuidv7 } from '@contract/uuid';
import { AppDb } from '@/db/app-db';
import { toLocalOrder } from '@/db/local-records';
import { COMPANY, RETAIL, seedCatalogue, SYRUP, SYRUP_BUY_TEN, TABLET } from '@/testing/order-fixtures';
import { OrderSuggestions } from './order-suggestions';

configure({ asyncUtilTimeout: 5_000 });
const wrapper = ({ children }: { children: ReactNode }) => <MantineProvider env="test">{children}</MantineProvider>;
let db: AppDb;

const line = (variant: typeof TABLET, unit: string, factor: number, quantity: number): OrderLineRecord =>
  ({
    id: uuidv7(),
    variant_id: variant.id,
    product_name: variant.product_name,
    variant_name: variant.name,
    unit,
    factor,
    quantity,
    is_gift: false,
  }) as OrderLineRecord;

const order = (daysAgo: number, code: string, lines: OrderLineRecord[]): OrderRecord =>
  ({
    id: uuidv7(),
    company: COMPANY,
    code,
    local_no: code,
    status: 'completed',
    customer_id: RETAIL.id,
    created_at: new Date(Date.now() - daysAgo * 86_400_000).toISOString(),
    total: 245_000,
    lines,
  }) as OrderRecord;

beforeEach(async () => {
  db = new AppDb(`suggest-${uuidv7()}`);
  await db.open();
  await seedCatalogue(db);
  await db.orders.bulkPut([
    toLocalOrder(order(0, 'DH000102', [line(TABLET, 'vỉ', 10, 3)])),
    toLocalOrder(order(40, 'DH000101', [line(TABLET, 'vỉ', 10, 5), line(SYRUP, 'chai', 1, 2)])),
  ]);
  await db.visitSettings.put({
    company: COMPANY,
    ...DEFAULT_VISIT_SETTINGS,
    ...DEFAULT_SUGGESTION_SETTINGS,
    must_carry: [SYRUP.id, TABLET.id],
    push_expiry_days: 60,
  });
  await db.stock.put({
    id: SYRUP.id,
    company: COMPANY,
    variant_id: SYRUP.id,
    available: 40,
    by_warehouse: { '1': 40 },
    default_warehouse_id: 1,
    lots: [
      { lot_no: 'BT2601', expires_on: addDays(vietnamDay(), 25), available: 12 },
      { lot_no: 'BT2701', expires_on: addDays(vietnamDay(), 300), available: 28 },
    ],
    updated_at: '2026-11-01T00:00:00Z',
  });
  await db.promotions.put(SYRUP_BUY_TEN);
});
afterEach(async () => {
  cleanup();
  db.close();
  await Dexie.delete(db.name);
});

describe('OrderSuggestions', () => {
  it('offers the last order, the usual quantities, the must-carry goods not bought this month and the lot to move', async () => {
    const onAdd = vi.fn();
    render(<OrderSuggestions db={db} companyId={COMPANY} customerId={RETAIL.id} openAtFirst onAdd={onAdd} />, { wrapper });
    const card = await screen.findByTestId('order-suggestions');
    await within(card).findByText(/^DH000102 · /);
    expect(within(card).getByText(/1 sản phẩm · 245\.000/)).toBeTruthy();
    // Usual: the tablet twice (3 and 5 vỉ: 4 a time), the syrup once.
    expect(within(card).getByText('Thường đặt (2 đơn gần nhất)')).toBeTruthy();
    expect(within(card).getByText('4 vỉ mỗi lần · 2/2 đơn')).toBeTruthy();
    expect(within(card).getByText('2 chai mỗi lần · 1/2 đơn')).toBeTruthy();
    // Must carry: the syrup was last bought 40 days ago, the tablet this month.
    const mustCarry = within(card).getByText('Hàng bắt buộc chưa mua tháng này').parentElement!;
    expect(
      within(mustCarry)
        .getAllByTestId('suggestion-row')
        .map((row) => row.textContent),
    ).toEqual([expect.stringContaining('Siro ho Bảo Thanh')]);
    // The lot within 60 days, with the programme running on it; the far one is not offered.
    const lots = within(card).getByText('Lô cận hạn cần đẩy bán').parentElement!;
    expect(lots.textContent).toContain('Lô BT2601');
    expect(lots.textContent).toContain('(còn 25 ngày) · còn 12 chai');
    expect(lots.textContent).toContain('KM: Mua 10 chai tặng 1');
    expect(lots.textContent).not.toContain('BT2701');

    fireEvent.click(within(card).getByRole('button', { name: 'Đặt lại như đơn này' }));
    expect(onAdd).toHaveBeenCalledWith(expect.objectContaining({ id: TABLET.id }), 'vỉ', 3);
    fireEvent.click(within(card).getByRole('button', { name: /^Thêm 2 chai Siro ho Bảo Thanh/ }));
    expect(onAdd).toHaveBeenLastCalledWith(expect.objectContaining({ id: SYRUP.id }), 'chai', 2);
  });

  it('says nothing for a customer with no history when nothing else is suggested, and folds when asked', async () => {
    await db.visitSettings.update(COMPANY, { must_carry: [] });
    await db.stock.clear();
    const { unmount } = render(<OrderSuggestions db={db} companyId={COMPANY} customerId={uuidv7()} openAtFirst onAdd={vi.fn()} />, {
      wrapper,
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(screen.queryByTestId('order-suggestions')).toBeNull();
    unmount();
    render(<OrderSuggestions db={db} companyId={COMPANY} customerId={RETAIL.id} openAtFirst={false} onAdd={vi.fn()} />, { wrapper });
    const card = await screen.findByTestId('order-suggestions');
    expect(within(card).queryByText('Đơn gần nhất')).toBeNull();
    fireEvent.click(within(card).getByRole('button', { name: 'Xem' }));
    expect(within(card).getByText('Đơn gần nhất')).toBeTruthy();
  });
});
