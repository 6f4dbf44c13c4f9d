import Dexie from 'dexie';
import * as v from 'valibot';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OrderSubmitSchema } from '@contract/orders';
import { uuidv7 } from '@contract/uuid';
import { AppDb, type CartRow, type LocalCustomer, type LocalVariant } from '@/db/app-db';
import { addLine, cartKey, emptyCart, readCart, setCartCustomer, writeCart } from './cart';
import { loadCartPricing, priceCart } from './cart-pricing';
import {
  CartAlreadySent,
  CartProblem,
  discardRefusedOrder,
  keepRefusedAsDraft,
  KEPT_AS_DRAFT,
  reopenRefusedOrder,
  submitCart,
  type Seller,
} from './submit-order';
import {
  ACCOUNT,
  ALL_ON,
  COMPANY,
  RETAIL,
  SELLER,
  SYRUP,
  SYRUP_BUY_TEN,
  TABLET,
  seedCatalogue,
  seedPendingCustomer,
} from '@/testing/order-fixtures';

let db: AppDb;
beforeEach(async () => {
  db = new AppDb(`submit-order-${uuidv7()}`);
  await db.open();
  await seedCatalogue(db);
});
afterEach(async () => {
  vi.restoreAllMocks();
  db.close();
  await Dexie.delete(db.name);
});

const NOW = new Date('2026-11-21T03:00:00Z');
const catalogue = new Map<number, LocalVariant>([
  [TABLET.id, TABLET],
  [SYRUP.id, SYRUP],
]);

/** A cart for the customer with 3 vỉ of the tablet and 2 chai of syrup, saved as the screen saves it. */
async function savedCart(customer: LocalCustomer = RETAIL, seller: Seller = SELLER): Promise<CartRow> {
  let cart = emptyCart(seller.companyId, seller.accountId);
  cart = setCartCustomer(cart, customer.id, null);
  cart = addLine(cart, { variantId: 10, unit: 'vỉ', quantity: 3, unitPrice: 17_500, discount: null });
  cart = addLine(cart, { variantId: 11, unit: 'chai', quantity: 2, unitPrice: 40_500, discount: { kind: 'amount', value: 5_000 } });
  cart = { ...cart, note: 'Giao trước 10 giờ', deliveryDate: '2026-11-23' };
  return writeCart(db, cart);
}

async function send(cart: CartRow, customer: LocalCustomer = RETAIL, seller: Seller = SELLER) {
  const pricing = await loadCartPricing(db, seller.companyId, customer, ALL_ON, NOW);
  return submitCart(db, seller, cart, customer, priceCart(cart.lines, catalogue, pricing), NOW);
}

describe('submitCart', () => {
  it('writes exactly one order and one order.submit op and empties the cart, together', async () => {
    const cart = await savedCart();
    const order = await send(cart);

    const orders = await db.orders.toArray();
    expect(orders).toHaveLength(1);
    // "Lâu chưa ghé" counts the customer as seen from this order on (src/db/customer-seen.ts).
    expect(await db.customerSeen.get([COMPANY, RETAIL.id])).toEqual({ company: COMPANY, customer_id: RETAIL.id, at: order.created_at });
    expect(orders[0]).toMatchObject({
      id: order.id,
      company: COMPANY,
      code: null,
      status: 'pending',
      syncState: 'pending',
      customer_id: RETAIL.id,
      customer_name: 'Nhà thuốc Minh Châu',
      account_id: ACCOUNT,
      note: 'Giao trước 10 giờ',
      delivery_date: '2026-11-23',
      vat_on: true,
      // 3 × 17.500 = 52.500 + VAT 5 % 2.625; 2 × 40.500 = 81.000 − 5.000 = 76.000 + VAT 10 % 7.600.
      subtotal: 133_500,
      discount_total: 5_000,
      vat_total: 10_225,
      total: 138_725,
    });
    expect(orders[0]!.local_no).toMatch(/^LVT-[A-Z0-9]{4}-1$/);
    expect(orders[0]!.lines.map((line) => [line.unit, line.quantity, line.unit_price, line.policy_title, line.line_total])).toEqual([
      ['vỉ', 3, 17_500, 'Nhà thuốc hạng Vàng', 55_125],
      ['chai', 2, 40_500, 'Nhà thuốc hạng Vàng', 83_600],
    ]);

    const ops = await db.outbox.toArray();
    expect(ops).toHaveLength(1);
    expect(ops[0]).toMatchObject({ type: 'order.submit', state: 'pending', entity: { type: 'order', id: order.id }, dependsOn: [] });
    const payload = v.parse(OrderSubmitSchema, ops[0]!.payload);
    expect(payload).toMatchObject({ orderId: order.id, customerId: RETAIL.id, quotedTotal: 138_725, localNo: order.local_no });
    expect(payload.lines.map((line) => [line.lineId, line.quotedUnitPrice])).toEqual([
      [cart.lines[0]!.lineId, 17_500],
      [cart.lines[1]!.lineId, 40_500],
    ]);
    expect(await db.carts.get(cartKey(COMPANY, ACCOUNT))).toBeUndefined();
  });

  it('carries the order type the cart chose, in the op and on the device’s copy; none chosen, none sent', async () => {
    await db.orderTypes.put({
      id: 7,
      company: COMPANY,
      code: 'BS',
      name: 'Bán sỉ',
      description: null,
      wholesale: true,
      is_default: false,
      is_active: true,
      everyone: true,
      account_ids: [],
      sort: 1,
      updated_at: NOW.toISOString(),
    });
    const order = await send({ ...(await savedCart()), orderTypeId: 7 });
    expect(order).toMatchObject({ order_type_id: 7, order_type_name: 'Bán sỉ' });
    const op = await db.outbox.where('entity.id').equals(order.id).first();
    expect(v.parse(OrderSubmitSchema, op!.payload).orderTypeId).toBe(7);
    const plain = await send(await savedCart());
    const plainOp = await db.outbox.where('entity.id').equals(plain.id).first();
    expect([plain.order_type_id, v.parse(OrderSubmitSchema, plainOp!.payload).orderTypeId]).toEqual([null, null]);
  });

  it('writes none of it when the transaction fails: no order, no op, the cart and the counter untouched', async () => {
    const cart = await savedCart();
    vi.spyOn(db.outbox, 'add').mockRejectedValueOnce(new Error('QuotaExceededError'));
    await expect(send(cart)).rejects.toThrow('QuotaExceededError');
    expect(await db.orders.count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
    expect((await readCart(db, COMPANY, ACCOUNT)).lines).toHaveLength(2);
    expect(await db.meta.get('orderCounter')).toBeUndefined();
    // The next try works and takes number 1.
    expect((await send(cart)).local_no).toMatch(/-1$/);
  });

  it('waits for the customer made on this device: the op depends on its customer.create op', async () => {
    const { customer, opId } = await seedPendingCustomer(db);
    const cart = await savedCart(customer);
    const order = await send(cart, customer);
    const op = await db.outbox.where('entity.id').equals(order.id).first();
    expect(op!.dependsOn).toEqual([opId]);
  });

  it('does not depend on a customer op the server already applied', async () => {
    const { customer, opId } = await seedPendingCustomer(db);
    await db.outbox.where('opId').equals(opId).modify({ state: 'done' });
    const order = await send(await savedCart(customer), customer);
    expect((await db.outbox.where('entity.id').equals(order.id).first())!.dependsOn).toEqual([]);
  });

  it('never makes two orders from one cart, however fast the second tap comes', async () => {
    const cart = await savedCart();
    const results = await Promise.allSettled([send(cart), send(cart)]);
    expect(results.map((result) => result.status).sort()).toEqual(['fulfilled', 'rejected']);
    const refused = results.find((result) => result.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toBeInstanceOf(CartAlreadySent);
    expect(await db.orders.count()).toBe(1);
    expect(await db.outbox.count()).toBe(1);
    // And a third, later tap with the stale cart still writes nothing.
    await expect(send(cart)).rejects.toBeInstanceOf(CartAlreadySent);
    expect(await db.orders.count()).toBe(1);
  });

  it('gives two orders sent at the same moment different local numbers', async () => {
    const other: Seller = { companyId: COMPANY, accountId: ACCOUNT + 1, accountName: 'Phạm Thị Hoa', vatOn: true };
    const [mine, theirs] = await Promise.all([savedCart(RETAIL), savedCart(RETAIL, other)]);
    const [a, b] = await Promise.all([send(mine), send(theirs, RETAIL, other)]);
    const counters = [a.local_no, b.local_no].map((no) => Number(no.split('-').at(-1)));
    expect(counters.sort()).toEqual([1, 2]);
    expect(new Set([a.local_no, b.local_no]).size).toBe(2);
    const again = await send(await savedCart());
    expect(again.local_no).toMatch(/-3$/);
  });

  it('refuses a cart with no line or a line that cannot be sold, before writing anything', async () => {
    const empty = await writeCart(db, setCartCustomer(emptyCart(COMPANY, ACCOUNT), RETAIL.id, null));
    await expect(send(empty)).rejects.toThrow(new CartProblem('Đơn hàng cần ít nhất một sản phẩm'));
    const broken = await writeCart(db, addLine(empty, { variantId: 99, unit: 'hộp', quantity: 1, unitPrice: 1_000, discount: null }));
    await expect(send(broken)).rejects.toThrow('Sản phẩm không còn trong danh mục trên máy');
    expect(await db.orders.count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
  });
});

describe('promotions on the order sent', () => {
  it('quotes what the engine gave, keeps the gift as a 0 đ line, and a reopened order leaves the gift to the promotions', async () => {
    await db.promotions.put(SYRUP_BUY_TEN);
    let cart = setCartCustomer(emptyCart(COMPANY, ACCOUNT), RETAIL.id, null);
    cart = await writeCart(db, addLine(cart, { variantId: 11, unit: 'chai', quantity: 10, unitPrice: 40_500, discount: null }));
    const pricing = await loadCartPricing(db, COMPANY, RETAIL, { ...ALL_ON, REWARD: true }, NOW);
    const order = await submitCart(db, SELLER, cart, RETAIL, priceCart(cart.lines, catalogue, pricing), NOW);
    expect(order.lines.map((line) => [line.quantity, line.is_gift, line.line_total, line.promotion_id])).toEqual([
      [10, false, order.lines[0]!.line_total, null],
      [1, true, 0, 21],
    ]);
    const op = (await db.outbox.where('entity.id').equals(order.id).first())!;
    const payload = v.parse(OrderSubmitSchema, op.payload);
    expect(payload.promotion).toEqual({ total: 0, gifts: [{ promotionId: 21, variantId: 11, quantity: 1 }], applied: [21] });
    expect(payload.lines).toHaveLength(1);
    await db.orders.update(order.id, { syncState: 'rejected', status: 'rejected' });
    const reopened = await reopenRefusedOrder(db, (await db.orders.get(order.id))!);
    expect(reopened.lines.map((line) => [line.variantId, line.quantity])).toEqual([[11, 10]]);
  });
});

describe('reopenRefusedOrder and sending again', () => {
  async function refusedOrder() {
    const order = await send(await savedCart());
    const op = (await db.outbox.where('entity.id').equals(order.id).first())!;
    // What src/sync/drain.ts records for a PRICE_CHANGED refusal.
    const changes = [
      { field: 'lines.0.unitPrice', from: 17_500, to: 18_500, message: 'Giá Paracetamol 500mg (vỉ) đã tăng từ 17.500 ₫ lên 18.500 ₫' },
    ];
    await db.outbox.update(op.seq!, { state: 'rejected' });
    await db.orders.update(order.id, { syncState: 'rejected', error: 'Giá đã thay đổi', changes });
    return { order: (await db.orders.get(order.id))!, op };
  }

  it('puts the order back in the cart with the raised prices accepted, same order id', async () => {
    const { order } = await refusedOrder();
    const cart = await reopenRefusedOrder(db, order);
    expect(cart).toMatchObject({ orderId: order.id, customerId: RETAIL.id, note: 'Giao trước 10 giờ', deliveryDate: '2026-11-23' });
    expect(cart.lines.map((line) => [line.unit, line.quantity, line.unitPrice, line.confirmedPrice])).toEqual([
      ['vỉ', 3, 18_500, 18_500],
      ['chai', 2, 40_500, null],
    ]);
    expect(cart.lines[1]!.discount).toEqual({ kind: 'amount', value: 5_000 });
    expect(await readCart(db, COMPANY, ACCOUNT)).toEqual(cart);
    // On the device the policy still says 17.500: the accepted raise is what the line charges.
    const pricing = await loadCartPricing(db, COMPANY, RETAIL, ALL_ON, NOW);
    expect(priceCart(cart.lines, catalogue, pricing).lines[0]!.unitPrice).toBe(18_500);
  });

  it('sends it again as the same order with a new op, quoting the new price; the refusal no longer asks for attention', async () => {
    const { order, op } = await refusedOrder();
    const cart = await reopenRefusedOrder(db, order);
    const again = await send(cart);
    expect(again).toMatchObject({ id: order.id, local_no: order.local_no, syncState: 'pending', error: null, changes: [] });
    expect(await db.orders.count()).toBe(1);
    const ops = await db.outbox.where('entity.id').equals(order.id).sortBy('seq');
    expect(ops).toHaveLength(2);
    expect(ops[0]).toMatchObject({ opId: op.opId, state: 'done' });
    expect(ops[1]).toMatchObject({ state: 'pending', type: 'order.submit' });
    expect(ops[1]!.opId).not.toBe(op.opId);
    const payload = v.parse(OrderSubmitSchema, ops[1]!.payload);
    expect(payload.orderId).toBe(order.id);
    expect(payload.lines[0]!.quotedUnitPrice).toBe(18_500);
    expect(await db.carts.count()).toBe(0);
  });

  it('refuses to send again an order that is still waiting or was accepted', async () => {
    const order = await send(await savedCart());
    const cart = await reopenRefusedOrder(db, { ...order, syncState: 'rejected', status: 'pending' });
    // The reopen itself was a mistake: the order is not refused on the device.
    await expect(send(cart)).rejects.toBeInstanceOf(CartAlreadySent);
    expect(await db.outbox.count()).toBe(1);
  });

  it('leaves the order numbers alone when a refused order is sent again', async () => {
    const { order } = await refusedOrder();
    await send(await reopenRefusedOrder(db, order));
    expect((await db.meta.get('orderCounter'))?.value).toBe(1);
    const next = await send(await savedCart());
    expect(next.local_no).toMatch(/-2$/);
  });

  it('sets a refused order aside with the reason: off the device and the cart, its refusal no longer asks for attention', async () => {
    const { order, op } = await refusedOrder();
    await reopenRefusedOrder(db, order);
    const rejected = () => db.outbox.where('[companyId+state]').equals([COMPANY, 'rejected']).count();
    expect(await rejected()).toBe(1);
    await discardRefusedOrder(db, order, ' Khách không đặt nữa ', NOW);
    expect(await rejected()).toBe(0);
    expect(await db.orders.get(order.id)).toBeUndefined();
    expect(await db.carts.count()).toBe(0);
    expect(await db.outbox.get(op.seq!)).toMatchObject({
      state: 'done',
      dismissed: { reason: 'Khách không đặt nữa', at: NOW.toISOString() },
    });
    // Only a refused order can be set aside: one still waiting to be sent is the rep's work in flight.
    const waiting = await send(await savedCart());
    await expect(discardRefusedOrder(db, waiting, 'Đơn tạo nhầm', NOW)).rejects.toThrow();
    expect(await db.orders.get(waiting.id)).toBeDefined();
  });

  it('keeps a refused order as the draft to send later: the cart holds its goods at the new prices as a new order, the alarm ends', async () => {
    const { order, op } = await refusedOrder();
    await keepRefusedAsDraft(db, order, NOW);
    expect(await db.outbox.where('[companyId+state]').equals([COMPANY, 'rejected']).count()).toBe(0);
    expect(await db.outbox.get(op.seq!)).toMatchObject({ state: 'done', dismissed: { reason: KEPT_AS_DRAFT, at: NOW.toISOString() } });
    expect(await db.orders.get(order.id)).toBeUndefined();
    const draft = await readCart(db, COMPANY, SELLER.accountId);
    expect(draft.orderId).toBeNull();
    expect(draft.customerId).toBe(order.customer_id);
    expect(draft.lines.map((line) => [line.variantId, line.quantity, line.unitPrice])).toEqual([
      [10, 3, 18_500],
      [11, 2, 40_500],
    ]);
    // Sent later, it is a new order with its own id and op; the old refusal stays dealt with.
    const sent = await send(draft);
    expect(sent.id).not.toBe(order.id);
    expect(await db.outbox.where('[companyId+state]').equals([COMPANY, 'rejected']).count()).toBe(0);
    // Only a refused order becomes a draft this way.
    await expect(keepRefusedAsDraft(db, sent, NOW)).rejects.toThrow();
  });
});
