import { MantineProvider } from '@mantine/core';
import { act, cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import Dexie from 'dexie';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FeatureFlags } from '@contract/company-switches';
import { uuidv7 } from '@contract/uuid';
import { AppDb } from '@/db/app-db';
import { addLine, emptyCart, readCart, setCartCustomer, writeCart } from '../model/cart';
import { AGENT, ALL_ON, COMPANY, RETAIL, SELLER, seedCatalogue } from '@/testing/order-fixtures';
import type { OpenVisitHint } from './customer-section';
import { OrderCreateView } from './order-create-view';

/** A customer option is named by all it shows (WCAG 2.5.3), its name first. */
const namedFirst = (name: string) => new RegExp(`^${name} `);

// The screen answers through IndexedDB; on a busy machine that takes longer than the default second.
configure({ asyncUtilTimeout: 5_000 });

let db: AppDb;

function wrapper({ children }: { children: ReactNode }) {
  return <MantineProvider env="test">{children}</MantineProvider>;
}

beforeEach(async () => {
  db = new AppDb(`order-create-${uuidv7()}`);
  await db.open();
  await seedCatalogue(db);
  // 3 vỉ of the tablet (policy price 17.500) and 2 chai of syrup (policy 10 % off: 40.500) less 5.000.
  let cart = setCartCustomer(emptyCart(COMPANY, SELLER.accountId), RETAIL.id, null);
  cart = addLine(cart, { variantId: 10, unit: 'vỉ', quantity: 3, unitPrice: 0, discount: null });
  cart = addLine(cart, { variantId: 11, unit: 'chai', quantity: 2, unitPrice: 0, discount: { kind: 'amount', value: 5_000 } });
  await writeCart(db, cart);
});
afterEach(async () => {
  // Unmounted before the database closes, and its last writes landed.
  cleanup();
  await new Promise((resolve) => setTimeout(resolve, 50));
  db.close();
  await Dexie.delete(db.name);
});

function renderView(flags: FeatureFlags = ALL_ON, onDirtyChange = vi.fn(), visit: OpenVisitHint = null) {
  const onSubmitted = vi.fn();
  render(<OrderCreateView db={db} seller={SELLER} flags={flags} visit={visit} onSubmitted={onSubmitted} onDirtyChange={onDirtyChange} />, {
    wrapper,
  });
  return { onSubmitted, onDirtyChange };
}

const text = (testId: string) => screen.getByTestId(testId).textContent?.replace(/\u00a0/g, ' ');

async function totalsShown(total: string) {
  await waitFor(() => expect(text('total-total')).toBe(total));
}

describe('OrderCreateView', () => {
  it('shows the totals of the saved cart and the total in words, capitalized, ending in đồng', async () => {
    const { onDirtyChange } = renderView();
    await totalsShown('138.725 ₫');
    expect(text('total-subtotal')).toBe('133.500 ₫');
    expect(text('total-discount')).toBe('-5.000 ₫');
    expect(text('total-vat')).toBe('10.225 ₫');
    expect(text('total-words')).toBe('Bằng chữ: Một trăm ba mươi tám nghìn bảy trăm hai mươi lăm đồng');
    expect(screen.getByTestId('order-customer-name').textContent).toBe('Nhà thuốc Minh Châu');
    const [strip] = screen.getAllByTestId('cart-line');
    expect(within(strip!).getByTestId('price-reason').textContent).toBe('Nhà thuốc hạng Vàng');
    expect(
      within(strip!)
        .getByTestId('list-price')
        .textContent?.replace(/\u00a0/g, ' '),
    ).toBe('19.000 ₫');
    expect(
      within(strip!)
        .getByTestId('line-vat')
        .textContent?.replace(/\u00a0/g, ' '),
    ).toBe('2.625 ₫');
    expect(onDirtyChange).toHaveBeenLastCalledWith(true);
  });

  it('leaves VAT out when the VAT switch is off', async () => {
    renderView({ CSG: true, WHOLESALE: true });
    await totalsShown('128.500 ₫');
    expect(screen.queryByTestId('total-vat')).toBeNull();
    expect(screen.queryAllByTestId('line-vat')).toHaveLength(0);
    expect(text('total-words')).toBe('Bằng chữ: Một trăm hai mươi tám nghìn năm trăm đồng');
  });

  it('recomputes as the quantity changes and saves every change in the Dexie cart', async () => {
    renderView();
    await totalsShown('138.725 ₫');
    const [strip] = screen.getAllByTestId('cart-line');
    await act(async () => {
      fireEvent.click(within(strip!).getByRole('button', { name: /Tăng số lượng/ }));
    });
    // 4 × 17.500 = 70.000 + 3.500 VAT = 73.500; syrup 83.600.
    await totalsShown('157.100 ₫');
    await waitFor(async () => expect((await readCart(db, COMPANY, SELLER.accountId)).lines[0]!.quantity).toBe(4));
    fireEvent.change(within(strip!).getByTestId('quantity-input'), { target: { value: '10' } });
    await totalsShown('267.350 ₫');
    await waitFor(async () => expect((await readCart(db, COMPANY, SELLER.accountId)).lines[0]!.quantity).toBe(10));
  });

  it('says "Đang lưu trên máy…" until the change is written, and "Đã lưu trên máy" only once Dexie holds it', async () => {
    renderView();
    await totalsShown('138.725 ₫');
    // Opening re-prices the stored lines (their prices were 0), which is itself a write.
    await waitFor(() => expect(text('cart-saved')).toBe('Đã lưu trên máy'));
    fireEvent.change(within(screen.getAllByTestId('cart-line')[0]!).getByTestId('quantity-input'), { target: { value: '7' } });
    expect(text('cart-saved')).toBe('Đang lưu trên máy…');
    await waitFor(() => expect(text('cart-saved')).toBe('Đã lưu trên máy'));
    expect((await readCart(db, COMPANY, SELLER.accountId)).lines[0]!.quantity).toBe(7);
  });

  it('re-prices every line when the customer changes', async () => {
    renderView();
    await totalsShown('138.725 ₫');
    fireEvent.click(screen.getByTestId('change-customer'));
    const agent = await screen.findByRole('button', { name: namedFirst(AGENT.name) });
    fireEvent.click(agent);
    // Wholesale: 3 × 16.000 = 48.000 + 2.400; 2 × 40.000 = 80.000 − 5.000 + 7.500.
    await totalsShown('132.900 ₫');
    const [strip] = screen.getAllByTestId('cart-line');
    expect(within(strip!).getByTestId('price-reason').textContent).toBe('Giá sỉ');
    await waitFor(async () => {
      const stored = await readCart(db, COMPANY, SELLER.accountId);
      expect(stored.customerId).toBe(AGENT.id);
      expect(stored.lines.map((line) => line.unitPrice)).toEqual([16_000, 40_000]);
    });
  });

  it('offers the customer of the visit in progress first, and links the order to that visit', async () => {
    await db.carts.clear();
    const onDirtyChange = vi.fn();
    renderView(ALL_ON, onDirtyChange, { id: 'visit-1', customerId: AGENT.id, customerName: AGENT.name });
    await waitFor(() => {
      const options = screen.getAllByTestId('customer-option');
      expect(options[0]!.textContent).toContain('Đang ghé thăm');
      expect(options).toHaveLength(2);
    });
    expect(onDirtyChange).toHaveBeenLastCalledWith(false);
    fireEvent.click(screen.getAllByTestId('customer-option')[0]!);
    await waitFor(async () =>
      expect(await readCart(db, COMPANY, SELLER.accountId)).toMatchObject({ customerId: AGENT.id, visitId: 'visit-1' }),
    );
    expect(onDirtyChange).toHaveBeenLastCalledWith(true);
  });

  it('sends once however many times "Gửi đơn" is tapped', async () => {
    const { onSubmitted } = renderView();
    await totalsShown('138.725 ₫');
    const [button] = screen.getAllByTestId('submit-order');
    await act(async () => {
      fireEvent.click(button!);
      fireEvent.click(button!);
      fireEvent.click(button!);
    });
    await waitFor(() => expect(onSubmitted).toHaveBeenCalledTimes(1));
    expect(onSubmitted.mock.calls[0]![0]).toMatchObject({ total: 138_725, customer_id: RETAIL.id, syncState: 'pending' });
    expect(await db.orders.count()).toBe(1);
    expect(await db.outbox.count()).toBe(1);
    expect(await db.carts.count()).toBe(0);
  });
});
