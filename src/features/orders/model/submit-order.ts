/**
 * Sending the cart: the order (shown at once with "Chờ đồng bộ") and its `order.submit` op are
 * written in one Dexie transaction, and the cart is emptied in the same one. An order for a
 * customer created on this device waits for that customer's op. Sending a refused order again
 * keeps its id (the server replaces it) with a new op.
 */
import { formatAddress } from '@contract/address';
import type { OrderLineRecord, OrderSubmitPayload } from '@contract/orders';
import type { DiscountLimit } from '@contract/orders-discount';
import { uuidv7 } from '@contract/uuid';
import type { GiftLine } from '@contract/promotions-engine';
import type { AppDb, CartRow, LocalCustomer, LocalOrder } from '@/db/app-db';
import { noteSeen, orderSeen } from '@/db/customer-seen';
import { writeWithOp } from '@/sync/local-write';
import { dismissRefusedOps, enqueueOp, unappliedOpFor } from '@/sync/outbox';
import { cartKey } from './cart';
import { cartApprovalReason, lineProblem, type PricedCart, type PricedLine } from './cart-pricing';
import { nextLocalNo } from './local-number';

export type Seller = {
  companyId: number;
  accountId: number;
  accountName: string;
  vatOn: boolean;
  /** The warehouse the person works in (src/session/active-warehouse.ts); null: the company's default. */
  warehouseId?: number | null;
  /** Their role's maximum discount (contract/orders-discount.ts); the server decides again on submit. */
  discountLimit?: DiscountLimit | null;
};

export class CartProblem extends Error {}

/** The cart was sent already (double tap, another tab): nothing new was written. */
export class CartAlreadySent extends CartProblem {}

/** A gift as a 0 đ line in base units, as the server writes it (its record replaces this one). */
function giftRecord(gift: GiftLine, index: number, orderId: string): OrderLineRecord {
  return {
    id: `${orderId}-gift-${index}`,
    variant_id: gift.variant_id,
    product_name: gift.label,
    variant_name: '',
    sku: '',
    unit: gift.base_unit,
    factor: 1,
    quantity: gift.quantity,
    unit_price: 0,
    list_price: gift.quantity > 0 ? Math.round(gift.value / gift.quantity) : 0,
    policy_title: null,
    discount: null,
    discount_amount: 0,
    promotion_amount: 0,
    promotions: [],
    is_gift: true,
    promotion_id: gift.promotion_id,
    vat_rate: 0,
    vat_amount: 0,
    line_total: 0,
  };
}

function lineRecord(line: PricedLine): OrderLineRecord {
  const variant = line.variant!;
  const unit = variant.units.find((candidate) => candidate.unit.toLowerCase() === line.unit.toLowerCase())!;
  return {
    id: line.lineId,
    variant_id: variant.id,
    product_name: variant.product_name,
    variant_name: variant.name,
    sku: variant.code,
    unit: unit.unit,
    factor: unit.factor,
    quantity: line.quantity,
    unit_price: line.unitPrice,
    list_price: line.price?.listPrice ?? line.unitPrice,
    policy_title: line.price?.policyTitle ?? null,
    discount: line.discount,
    discount_amount: line.amounts.discount,
    promotion_amount: line.amounts.promotion,
    promotions: line.promotions,
    is_gift: false,
    promotion_id: null,
    vat_rate: line.amounts.vatRate,
    vat_amount: line.amounts.vat,
    line_total: line.amounts.total,
  };
}

export async function submitCart(
  db: AppDb,
  seller: Seller,
  cart: CartRow,
  customer: LocalCustomer,
  priced: Pick<PricedCart, 'lines' | 'totals'> & Partial<Pick<PricedCart, 'gifts' | 'applied'>>,
  now = new Date(),
  /** Over a credit limit with the company's policy "warn": the device's copy says so at once, as the server will. */
  creditWarning: string | null = null,
): Promise<LocalOrder> {
  if (priced.lines.length === 0) throw new CartProblem('Đơn hàng cần ít nhất một sản phẩm');
  const broken = priced.lines.find((line) => lineProblem(line));
  if (broken) throw new CartProblem(`${broken.variant?.product_name ?? 'Một sản phẩm'}: ${lineProblem(broken)}`);
  // The device's copy says at once that it waits for approval, as the server will.
  const approvalReason = cartApprovalReason(priced.lines, seller.discountLimit);
  const orderId = cart.orderId ?? uuidv7(now.getTime());
  const gifts = priced.gifts ?? [];
  const applied = priced.applied ?? [];

  return writeWithOp(db, [db.orders, db.meta, db.carts, db.orderTypes, db.customerSeen], async () => {
    // A second tap, another tab or a replayed handler: the cart this order came from is gone, or it
    // is now another order's. Nothing is written twice.
    const stored = await db.carts.get(cartKey(seller.companyId, seller.accountId));
    if (!stored || (stored.orderId ?? null) !== (cart.orderId ?? null)) throw new CartAlreadySent('Đơn hàng này đã được gửi');
    const prior = await db.orders.get(orderId);
    if (prior && prior.syncState !== 'rejected' && prior.status !== 'rejected') throw new CartAlreadySent('Đơn hàng này đã được gửi');
    const localNo = prior?.local_no ?? (await nextLocalNo(db, seller.accountName));
    const orderType = cart.orderTypeId ? await db.orderTypes.get(cart.orderTypeId) : undefined;
    const createdAt = prior?.created_at ?? now.toISOString();
    const payload: OrderSubmitPayload = {
      orderId,
      localNo,
      customerId: customer.id,
      visitId: cart.visitId,
      warehouseId: seller.warehouseId ?? null,
      deliveryDate: cart.deliveryDate,
      orderTypeId: orderType?.id ?? null,
      note: cart.note.trim() || null,
      lines: priced.lines.map((line) => ({
        lineId: line.lineId,
        variantId: line.variantId,
        unit: line.unit,
        quantity: line.quantity,
        quotedUnitPrice: line.unitPrice,
        discount: line.discount,
      })),
      // What the phone's engine gave, for the server to compare (docs/promotions.md).
      promotion: {
        total: priced.totals.promotion,
        gifts: gifts.map((gift) => ({ promotionId: gift.promotion_id, variantId: gift.variant_id, quantity: gift.quantity })),
        applied: applied.filter((given) => given.discount > 0 || given.gift_value > 0).map((given) => given.promotion_id),
      },
      quotedTotal: priced.totals.total,
      createdAt,
    };
    // The customer made on this device must reach the server first.
    const customerOp = await unappliedOpFor(db, customer.id, 'customer.create');
    const order: LocalOrder = {
      id: orderId,
      company: seller.companyId,
      code: null,
      local_no: localNo,
      status: 'pending',
      status_reason: null,
      payment_status: 'unpaid',
      customer_id: customer.id,
      customer_code: customer.code,
      customer_name: customer.name,
      customer_phone: customer.phone,
      customer_address: formatAddress(customer.address),
      province_code: customer.address.province_code,
      ward_code: customer.address.ward_code,
      account_id: seller.accountId,
      account_name: seller.accountName,
      visit_id: cart.visitId,
      group_id: null,
      delivery_date: cart.deliveryDate,
      note: payload.note,
      vat_on: seller.vatOn,
      lines: [...priced.lines.map(lineRecord), ...gifts.map((gift, index) => giftRecord(gift, index, orderId))],
      subtotal: priced.totals.subtotal,
      discount_total: priced.totals.discount,
      promotion_total: priced.totals.promotion,
      promotions: applied
        .filter((given) => given.discount > 0 || given.gift_value > 0)
        .map(({ promotion_id, code, name, discount, gift_value, summary }) => ({
          promotion_id,
          code,
          name,
          discount,
          gift_value,
          summary,
        })),
      vat_total: priced.totals.vat,
      total: priced.totals.total,
      created_at: createdAt,
      received_at: now.toISOString(),
      updated_at: now.toISOString(),
      discount_approval: approvalReason ? { state: 'needed', reason: approvalReason, approved_by: null, approved_at: null } : null,
      order_type_id: orderType?.id ?? null,
      order_type_name: orderType?.name ?? null,
      credit_warning: creditWarning,
      syncState: 'pending',
      error: null,
      changes: [],
    };
    await db.orders.put(order);
    await noteSeen(db, [orderSeen(order)]);
    await enqueueOp(
      db,
      {
        type: 'order.submit',
        companyId: seller.companyId,
        accountId: seller.accountId,
        entity: { type: 'order', id: orderId },
        dependsOn: customerOp ? [customerOp] : [],
        payload,
      },
      now,
    );
    // The refusal this resubmission answers is dealt with: it no longer asks for attention.
    await db.outbox
      .where('entity.id')
      .equals(orderId)
      .filter((op) => op.type === 'order.submit' && op.state === 'rejected')
      .modify({ state: 'done' });
    await db.carts.delete(cartKey(seller.companyId, seller.accountId));
    return order;
  });
}

/**
 * Fix a refused order: back into the cart with the server's new prices (for a PRICE_CHANGED
 * refusal) so the rep checks them with the customer and sends again; for a PROMOTION_CHANGED one
 * the cart prices with the programmes the device now holds, which the refusal's pull brought.
 */
export async function reopenRefusedOrder(db: AppDb, order: LocalOrder): Promise<CartRow> {
  const cart = cartFromRefused(order);
  await db.carts.put(cart);
  return cart;
}

/** The cart a refused order makes: its goods (gifts are given again by the cart's promotions), the server's new prices. */
function cartFromRefused(order: LocalOrder): CartRow {
  const raised = new Map(
    order.changes
      .filter((change) => change.field.endsWith('.unitPrice'))
      .map((change) => [Number(change.field.split('.')[1]), Number(change.to)]),
  );
  return {
    key: cartKey(order.company, order.account_id),
    companyId: order.company,
    accountId: order.account_id,
    orderId: order.id,
    customerId: order.customer_id,
    visitId: order.visit_id,
    // Gifts are not goods the rep sells: the cart's promotions give them again, if they still do.
    lines: order.lines
      .filter((line) => !line.is_gift)
      .map((line, index) => ({
        lineId: line.id,
        variantId: line.variant_id,
        unit: line.unit,
        quantity: line.quantity,
        unitPrice: raised.get(index) ?? line.unit_price,
        confirmedPrice: raised.get(index) ?? null,
        discount: line.discount,
      })),
    note: order.note ?? '',
    deliveryDate: order.delivery_date,
    orderTypeId: order.order_type_id ?? null,
    updatedAt: new Date().toISOString(),
  };
}

/** The reason a refused order kept as a draft leaves on /diagnostics. */
export const KEPT_AS_DRAFT = 'Chuyển thành đơn nháp';

/**
 * Keep a refused order as the rep's draft (the cart), to send when it can be (a credit block lifted,
 * the customer called back): its refusal stops asking for attention and stays on /diagnostics, and
 * the draft is a new order when sent (a refusal stored nothing on the server).
 */
export async function keepRefusedAsDraft(db: AppDb, order: LocalOrder, now = new Date()): Promise<void> {
  if (order.syncState !== 'rejected') throw new Error('Only a refused order can be kept as a draft');
  await writeWithOp(db, [db.orders, db.carts], async () => {
    await db.carts.put({ ...cartFromRefused(order), orderId: null, updatedAt: now.toISOString() });
    await dismissRefusedOps(db, order.id, KEPT_AS_DRAFT, now);
    await db.orders.delete(order.id);
  });
}

/** Why a rep sets a refused order aside (the panel offers these; "Khác" asks for the words). */
export const DISCARD_REASONS = ['Khách không đặt nữa', 'Đã tạo đơn khác thay thế', 'Đơn tạo nhầm'] as const;

/**
 * Set a refused order aside, with the rep's reason: it never reached the server (a refusal stores
 * nothing), so it leaves the device's orders, and the cart if the rep was fixing it there; its
 * refused op stops asking for attention and stays on /diagnostics with the reason.
 */
export async function discardRefusedOrder(db: AppDb, order: LocalOrder, reason: string, now = new Date()): Promise<void> {
  if (order.syncState !== 'rejected') throw new Error('Only a refused order can be set aside');
  await writeWithOp(db, [db.orders, db.carts], async () => {
    await dismissRefusedOps(db, order.id, reason.trim(), now);
    await db.orders.delete(order.id);
    const key = cartKey(order.company, order.account_id);
    if ((await db.carts.get(key))?.orderId === order.id) await db.carts.delete(key);
  });
}
