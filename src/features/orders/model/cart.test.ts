import Dexie from 'dexie';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { uuidv7 } from '@contract/uuid';
import { AppDb, type CartRow } from '@/db/app-db';
import {
  addLine,
  cartKey,
  clearCart,
  emptyCart,
  isCartDirty,
  readCart,
  removeLine,
  setCartCustomer,
  setLineUnit,
  syncLinePrices,
  updateLine,
  writeCart,
} from './cart';
import { ACCOUNT, COMPANY } from '@/testing/order-fixtures';

const tablet = (unit: string, quantity = 1) => ({ variantId: 10, unit, quantity, unitPrice: 19_000, discount: null });

describe('addLine', () => {
  it('adds to the quantity of the same variant in the same unit (any case) instead of a second line', () => {
    let cart = emptyCart(COMPANY, ACCOUNT);
    cart = addLine(cart, tablet('vỉ', 2));
    cart = addLine(cart, tablet('VỈ', 3));
    expect(cart.lines).toHaveLength(1);
    expect(cart.lines[0]).toMatchObject({ variantId: 10, unit: 'vỉ', quantity: 5 });
  });

  it('keeps another unit, or another variant, on its own line', () => {
    let cart = emptyCart(COMPANY, ACCOUNT);
    cart = addLine(cart, tablet('vỉ'));
    cart = addLine(cart, tablet('hộp'));
    cart = addLine(cart, { ...tablet('vỉ'), variantId: 11 });
    expect(cart.lines.map((line) => `${line.variantId}:${line.unit}`)).toEqual(['10:vỉ', '10:hộp', '11:vỉ']);
    expect(new Set(cart.lines.map((line) => line.lineId)).size).toBe(3);
  });

  it('never changes the cart it was given', () => {
    const cart = emptyCart(COMPANY, ACCOUNT);
    addLine(cart, tablet('vỉ'));
    expect(cart.lines).toHaveLength(0);
  });
});

describe('editing lines', () => {
  it('updates and removes one line by id', () => {
    let cart = addLine(addLine(emptyCart(COMPANY, ACCOUNT), tablet('vỉ')), tablet('hộp'));
    const [first, second] = cart.lines;
    cart = updateLine(cart, first!.lineId, { quantity: 7, discount: { kind: 'percent', value: 5 } });
    expect(cart.lines[0]).toMatchObject({ quantity: 7, discount: { kind: 'percent', value: 5 } });
    cart = removeLine(cart, second!.lineId);
    expect(cart.lines.map((line) => line.unit)).toEqual(['vỉ']);
  });

  it('changing the unit drops an accepted raise, and merges into a line already in that unit', () => {
    let cart = addLine(addLine(emptyCart(COMPANY, ACCOUNT), tablet('vỉ', 2)), tablet('hộp', 1));
    const [strip, box] = cart.lines;
    cart = updateLine(cart, strip!.lineId, { confirmedPrice: 21_000 });
    const moved = setLineUnit(cart, strip!.lineId, 'viên');
    expect(moved.lines[0]).toMatchObject({ unit: 'viên', quantity: 2, confirmedPrice: null });
    const merged = setLineUnit(cart, strip!.lineId, 'hộp');
    expect(merged.lines).toHaveLength(1);
    expect(merged.lines[0]).toMatchObject({ lineId: box!.lineId, unit: 'hộp', quantity: 3 });
    expect(setLineUnit(cart, strip!.lineId, 'VỈ')).toBe(cart);
  });

  it('a new customer keeps the lines but not the raises accepted for the previous one', () => {
    let cart = addLine(emptyCart(COMPANY, ACCOUNT), tablet('vỉ'));
    cart = setCartCustomer(cart, 'customer-a', null);
    cart = updateLine(cart, cart.lines[0]!.lineId, { confirmedPrice: 21_000 });
    expect(setCartCustomer(cart, 'customer-a', null)).toBe(cart);
    const sameWithVisit = setCartCustomer(cart, 'customer-a', 'visit-1');
    expect(sameWithVisit.lines[0]!.confirmedPrice).toBe(21_000);
    expect(sameWithVisit.visitId).toBe('visit-1');
    const other = setCartCustomer(cart, 'customer-b', null);
    expect(other).toMatchObject({ customerId: 'customer-b', visitId: null });
    expect(other.lines[0]).toMatchObject({ quantity: 1, confirmedPrice: null });
  });

  it('syncLinePrices stores the prices shown, and is a no-op when nothing moved', () => {
    const cart = addLine(emptyCart(COMPANY, ACCOUNT), tablet('vỉ'));
    const id = cart.lines[0]!.lineId;
    expect(syncLinePrices(cart, new Map([[id, 19_000]]))).toBe(cart);
    expect(syncLinePrices(cart, new Map([[id, 17_500]])).lines[0]!.unitPrice).toBe(17_500);
  });
});

describe('isCartDirty', () => {
  const empty = emptyCart(COMPANY, ACCOUNT);
  it('is clean when nothing was chosen or typed', () => {
    expect(isCartDirty(empty)).toBe(false);
    expect(isCartDirty({ ...empty, note: '   ' })).toBe(false);
  });
  it.each<[string, Partial<CartRow>]>([
    ['a customer', { customerId: 'customer-a' }],
    ['a line', { lines: addLine(empty, tablet('vỉ')).lines }],
    ['a note', { note: 'Giao buổi sáng' }],
    ['a delivery date', { deliveryDate: '2026-12-01' }],
  ])('is dirty with %s', (_what, patch) => {
    expect(isCartDirty({ ...empty, ...patch })).toBe(true);
  });
});

describe('the cart in Dexie', () => {
  let db: AppDb;
  beforeEach(async () => {
    db = new AppDb(`cart-${uuidv7()}`);
    await db.open();
  });
  afterEach(async () => {
    db.close();
    await Dexie.delete(db.name);
  });

  it('is empty until written, survives a reopen of the database, and is one per person and workspace', async () => {
    expect(await readCart(db, COMPANY, ACCOUNT)).toMatchObject({ key: cartKey(COMPANY, ACCOUNT), lines: [], customerId: null });
    const cart = setCartCustomer(addLine(emptyCart(COMPANY, ACCOUNT), tablet('vỉ', 4)), 'customer-a', null);
    await writeCart(db, cart);
    db.close();
    const reopened = new AppDb(db.name);
    await reopened.open();
    expect(await readCart(reopened, COMPANY, ACCOUNT)).toMatchObject({ customerId: 'customer-a', lines: [{ unit: 'vỉ', quantity: 4 }] });
    expect((await readCart(reopened, COMPANY, ACCOUNT + 1)).lines).toEqual([]);
    await clearCart(reopened, COMPANY, ACCOUNT);
    expect(await reopened.carts.count()).toBe(0);
    reopened.close();
    db = reopened;
  });
});
