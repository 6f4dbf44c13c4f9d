/**
 * The cart's fields count as they are shown: a field that cannot count stops "Gửi đơn"
 * and says why beside it; a discount over the role's maximum is said before sending, and the order
 * goes out marked as waiting for approval.
 */
import { MantineProvider } from '@mantine/core';
import { act, cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import Dexie from 'dexie';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DiscountLimit } from '@contract/orders-discount';
import { uuidv7 } from '@contract/uuid';
import { AppDb } from '@/db/app-db';
import { addLine, emptyCart, readCart, setCartCustomer, writeCart } from '../model/cart';
import { ALL_ON, COMPANY, RETAIL, SELLER, seedCatalogue } from '@/testing/order-fixtures';
import { OrderCreateView } from './order-create-view';

configure({ asyncUtilTimeout: 5_000 });

let db: AppDb;
const REP: DiscountLimit = { roleName: 'Trình dược viên', maxPercent: 10 };

beforeEach(async () => {
  db = new AppDb(`order-fields-${uuidv7()}`);
  await db.open();
  await seedCatalogue(db);
  // 3 vỉ of Paracetamol 500mg at the policy's 17.500 (52.500) and 2 chai of syrup at 40.500 less 5.000.
  let cart = setCartCustomer(emptyCart(COMPANY, SELLER.accountId), RETAIL.id, null);
  cart = addLine(cart, { variantId: 10, unit: 'vỉ', quantity: 3, unitPrice: 0, discount: null });
  cart = addLine(cart, { variantId: 11, unit: 'chai', quantity: 2, unitPrice: 0, discount: { kind: 'amount', value: 5_000 } });
  await writeCart(db, cart);
});
afterEach(async () => {
  cleanup();
  await new Promise((resolve) => setTimeout(resolve, 50));
  db.close();
  await Dexie.delete(db.name);
});

function wrapper({ children }: { children: ReactNode }) {
  return <MantineProvider env="test">{children}</MantineProvider>;
}

function renderView(discountLimit: DiscountLimit | null = REP) {
  const onSubmitted = vi.fn();
  render(<OrderCreateView db={db} seller={SELLER} flags={ALL_ON} onSubmitted={onSubmitted} discountLimit={discountLimit} />, { wrapper });
  return { onSubmitted };
}

const text = (testId: string) => screen.getByTestId(testId).textContent?.replace(/\u00a0/g, ' ');
const tablet = () => screen.getAllByTestId('cart-line')[0]!;
const sendButtons = () => screen.getAllByTestId('submit-order') as HTMLButtonElement[];
const problemsShown = () => screen.queryAllByTestId('submit-problem').map((node) => node.textContent);

async function ready() {
  await waitFor(() => expect(text('total-total')).toBe('138.725 ₫'));
}

describe('a field that cannot count', () => {
  it('a percent over 100 blocks "Gửi đơn" and says why beside the field and the button', async () => {
    renderView();
    await ready();
    fireEvent.change(within(tablet()).getByTestId('discount-input'), { target: { value: '150' } });
    await waitFor(() => expect(sendButtons().every((button) => button.disabled)).toBe(true));
    expect(within(tablet()).getByText('Chiết khấu tối đa 100%')).toBeTruthy();
    expect(problemsShown()).toContain('Chưa gửi được: Paracetamol 500mg: Chiết khấu tối đa 100%');
    // The cart holds what the field shows, not the last value that fitted.
    await waitFor(async () =>
      expect((await readCart(db, COMPANY, SELLER.accountId)).lines[0]!.discount).toEqual({ kind: 'percent', value: 150 }),
    );
    fireEvent.change(within(tablet()).getByTestId('discount-input'), { target: { value: '10' } });
    await waitFor(() => expect(sendButtons().every((button) => !button.disabled)).toBe(true));
    expect(problemsShown()).toEqual([]);
  });

  it('a minus sign is refused where it is typed and the number shown stays the one applied', async () => {
    renderView();
    await ready();
    const input = within(tablet()).getByTestId('discount-input') as HTMLInputElement;
    fireEvent.change(input, { target: { value: '5' } });
    fireEvent.change(input, { target: { value: '-10' } });
    expect(within(tablet()).getByText('Chỉ được nhập chữ số (0–9)')).toBeTruthy();
    expect(input.value).toBe('5');
    await waitFor(async () =>
      expect((await readCart(db, COMPANY, SELLER.accountId)).lines[0]!.discount).toEqual({ kind: 'percent', value: 5 }),
    );
  });

  it('an amount in ₫ over what the line is worth is not capped: it blocks sending with the reason', async () => {
    renderView();
    await ready();
    fireEvent.click(within(tablet()).getByText('₫'));
    fireEvent.change(within(tablet()).getByTestId('discount-input'), { target: { value: '999999' } });
    const reason = 'Chiết khấu 999.999 ₫ vượt quá giá trị của dòng (52.500 ₫)';
    await waitFor(() =>
      expect(problemsShown().map((shown) => shown?.replace(/\u00a0/g, ' '))).toContain(`Chưa gửi được: Paracetamol 500mg: ${reason}`),
    );
    expect(sendButtons().every((button) => button.disabled)).toBe(true);
  });

  it('a quantity of 0 (or −5) says "Số lượng tối thiểu là 1" and blocks sending, instead of going back to the old number', async () => {
    const { onSubmitted } = renderView();
    await ready();
    const input = within(tablet()).getByTestId('quantity-input') as HTMLInputElement;
    // A minus sign is refused where it is typed, not dropped to make 5 of −5.
    fireEvent.change(input, { target: { value: '-5' } });
    expect(within(tablet()).getByText('Chỉ được nhập chữ số (0–9)')).toBeTruthy();
    expect(input.value).toBe('3');
    fireEvent.change(input, { target: { value: '0' } });
    fireEvent.blur(input);
    await waitFor(() => expect(within(tablet()).getByText('Số lượng tối thiểu là 1')).toBeTruthy());
    expect(input.value).toBe('0');
    expect(problemsShown()).toContain('Chưa gửi được: Paracetamol 500mg: Số lượng tối thiểu là 1');
    expect(sendButtons().every((button) => button.disabled)).toBe(true);
    await act(async () => {
      fireEvent.click(sendButtons()[0]!);
    });
    expect(onSubmitted).not.toHaveBeenCalled();
    expect(await db.outbox.count()).toBe(0);
    fireEvent.change(input, { target: { value: '4' } });
    await waitFor(() => expect(sendButtons().every((button) => !button.disabled)).toBe(true));
  });
});

describe('a discount over the role’s maximum', () => {
  it('is said before sending, and the order goes out marked as waiting for approval', async () => {
    const { onSubmitted } = renderView();
    await ready();
    expect(screen.queryByTestId('discount-approval-notice')).toBeNull();
    fireEvent.change(within(tablet()).getByTestId('discount-input'), { target: { value: '35' } });
    const reason = 'Chiết khấu 35 % (Paracetamol 500mg) vượt mức tối đa 10 % của vai trò Trình dược viên';
    await waitFor(() => expect(screen.getByTestId('discount-approval-notice').textContent).toContain(reason));
    expect(screen.getByTestId('discount-approval-notice').textContent).toContain('Đơn hàng sẽ chờ quản lý duyệt chiết khấu');
    // Not a problem: the order can still be sent, and it says it waits.
    expect(sendButtons().every((button) => !button.disabled)).toBe(true);
    await act(async () => {
      fireEvent.click(sendButtons()[0]!);
    });
    await waitFor(() => expect(onSubmitted).toHaveBeenCalledTimes(1));
    expect(onSubmitted.mock.calls[0]![0]).toMatchObject({ discount_approval: { state: 'needed', reason } });
  });

  it('says nothing for a seller without a limit', async () => {
    renderView(null);
    await ready();
    fireEvent.change(within(tablet()).getByTestId('discount-input'), { target: { value: '35' } });
    await waitFor(() => expect(text('total-discount')).not.toBe('-5.000 ₫'));
    expect(screen.queryByTestId('discount-approval-notice')).toBeNull();
  });
});
