/**
 * order.submit: a rep's order, made on the phone (possibly offline), becomes the company's order.
 * submitOrder runs the order's rules as named steps, in an order that decides which refusal a rep
 * sees first (order-submit-steps.ts):
 * - the order's id: a refused order of the same rep may be sent again, nothing else (order-facts.ts
 *   priorOrder);
 * - the customer: outside the rep's data scope it is refused, unless their role allows selling off
 *   route, and then the order records it; an inactive customer is refused by name (reachOrderCustomer);
 * - the order type: one the rep may not use is refused; none chosen gives the company's default, and
 *   a wholesale type prices at wholesale prices (order-types.ts resolveOrderType);
 * - prices: every line re-priced with the shared pricing function (docs/offline-sync.md "Conflicts:
 *   the server decides"); the same or a lower price is applied, a higher one is noted (from, to); an
 *   inactive product or unknown unit refuses it by name at once (priceLines): its line has no price
 *   or unit to compare the rest with;
 * - the pharma rules: a line the customer's licence may not buy is noted (server/modules/pharma
 *   checkPharmaSale), what they only warn of is kept in the order's history;
 * - stock: too little lowers the quantity to what is left, nothing at all is noted (checkStock);
 *   gifts are given less, never refused (checkGiftStock);
 * - promotions: the engine the phone ran, and what it gives less than the phone promised, each
 *   programme, tier and gift by name, a programme withheld for the customer's licence said so
 *   (applyOrderPromotions, promotionLosses);
 * - credit: over the customer's or the rep's limit, blocked or taken with the reason
 *   (server/modules/receivables orderCredit);
 * - the verdict, from all of these at once (orderVerdict): refused naming every change with the old
 *   and new totals (a line the licence blocks, nothing in stock, a raised price, a credit block,
 *   promotions giving less for the same goods), or taken with every change (a stock cut and what it
 *   cost), and the rep is told;
 * - discounts: an amount over its line refuses it; over the role's maximum takes it as waiting for a
 *   manager's approval (order-discount.ts);
 * - the phone's number, if another order has it, refuses it for good (checkLocalNo);
 * then writeOrder stores it. The official code (DH000123) is given last; the phone's own number
 * stays as `local_no`.
 */
import { eq, sql } from 'drizzle-orm';
import { formatAddress } from '@contract/address';
import { OFF_ROUTE_REASON, type OrderRecord, type OrderSubmitPayload } from '@contract/orders';
import type { VariantRecord } from '@contract/products';
import type { EngineProgramme, PricedCart } from '@contract/promotions-engine';
import type { GiftLine } from '@contract/promotions-grants';
import { orderLines, orders, orderStatusHistory } from '@server/kernel/db/schema';
import { addressOf } from '@server/modules/customers';
import { variantRecordsById } from '@server/modules/products';
import { recordChange } from '@server/kernel/sync/change-log';
import type { OpContext, OpHandler } from '@server/kernel/sync/op-context';
import { orderFacts, priorOrder } from './order-facts';
import { orderRecordsById } from './order-record';
import { pricingContext } from './order-pricing';
import { checkRepDiscount } from './order-discount';
import { giveOrderCode } from './order-code';
import { resolveOrderType } from './order-types';
import {
  applyOrderPromotions,
  checkGiftStock,
  checkLocalNo,
  buyerLicence,
  checkStock,
  giftStockLeft,
  orderVerdict,
  priceLines,
  saleLine,
  reachOrderCustomer,
  type OrderCustomer,
  type RepricedLine,
} from './order-submit-steps';
import { baseQuantities, changeReserved, lockStock, orderWarehouse, refuseRetainedDelete } from '@server/modules/warehouse';
import { notifyDiscountApproval, notifyOrderChanged } from '@server/modules/notifications';
import { promotionLosses, recordUsage, releaseUsage } from '@server/modules/promotions';
import { orderCredit, orderTaken } from '@server/modules/receivables';
import { checkPharmaSale } from '@server/modules/pharma';
import { vietnamDay } from '@contract/price-policy';

export const submitOrder: OpHandler<OrderSubmitPayload> = async (context, payload) => {
  const { tx, companyId, accountId } = context;
  const { known, found } = await orderFacts(context, payload);
  const { kind, clash } = priorOrder(context, payload, known);
  const { customer, groupWholesale, offRoute } = reachOrderCustomer(context.access, found);
  // The type the rep chose, if they may use it (a right taken away while they were offline counts).
  const orderType = await resolveOrderType(tx, companyId, accountId, payload.orderTypeId ?? null);
  const variantIds = payload.lines.map((line) => line.variantId);
  const wholesale = orderType.wholesale || groupWholesale === true;
  const pricing = await pricingContext(
    tx,
    companyId,
    { customerTypeId: customer.customerTypeId, levelId: customer.levelId, wholesale },
    variantIds,
    context.now,
  );
  const variants = await variantRecordsById(tx, companyId, variantIds);
  const { priced, raised } = priceLines(payload.lines, variants, pricing);
  // A medicine the customer's licence does not let them buy refuses the order by name, with whatever else changed (orderVerdict).
  const pharma = await checkPharmaSale(tx, companyId, buyerLicence(customer), priced.map(saleLine), vietnamDay(context.now));

  const warehouseId = await orderWarehouse(tx, companyId, payload.warehouseId);
  const stock = await lockStock(
    tx,
    companyId,
    warehouseId,
    priced.map((entry) => entry.variant.id),
  );
  const { accepted, shortages, left } = checkStock(priced, stock);
  const quote = payload.promotion ?? null;
  const { cart, programmes, goods, facts } = await applyOrderPromotions(context, { customer, pricing, variants, priced, accepted, quote });
  const giftStock = await giftStockLeft(context, warehouseId, cart.gifts, left);
  const given = checkGiftStock(cart.gifts, giftStock);
  // Over the customer's or the rep's credit limit: refused (block) or taken with the reason (warn).
  const credit = await orderCredit(tx, { companyId, customerId: customer.id, accountId, orderValue: cart.totals.total, now: context.now });
  // Everything that changed, in one answer: refused for the rep to confirm, or taken with the changes.
  const verdict = orderVerdict({
    pharma: pharma.refusal,
    raised,
    shortages: [...shortages, ...given.shortages],
    nothingLeft: accepted.length === 0,
    lost: await promotionLosses(tx, companyId, quote, cart, facts),
    creditRefusal: credit.refusal,
    quotedTotal: payload.quotedTotal,
    total: cart.totals.total,
  });
  const creditWarning = credit.warning;
  const approvalReason = checkRepDiscount(
    cart.lines,
    accepted.map((entry) => entry.index),
    context.access,
  );
  checkLocalNo(clash, payload.localNo);

  const record = await writeOrder(context, payload, {
    kind,
    customer,
    offRoute,
    orderTypeId: orderType.id,
    warehouseId,
    vatOn: pricing.vatOn,
    accepted,
    cart,
    programmes,
    gifts: given.gifts,
    goods,
    stocked: new Set(giftStock.keys()),
    creditWarning,
    approvalReason,
    pharmaWarnings: pharma.warnings,
    changes: verdict.changes.map((change) => change.message),
  });
  if (verdict.changes.length)
    await notifyOrderChanged(tx, {
      companyId,
      orderId: payload.orderId,
      code: record.code ?? payload.localNo,
      repId: accountId,
      changes: verdict.changes,
    });
  return {
    outcome: verdict.outcome,
    entity: { type: 'order', id: payload.orderId, data: record },
    ...(verdict.changes.length ? { changes: verdict.changes } : {}),
  };
};

/** What the checks decided, for writeOrder to store. */
type PlacedOrder = {
  kind: 'new' | 'resubmit';
  customer: OrderCustomer;
  offRoute: boolean;
  orderTypeId: number;
  warehouseId: number;
  vatOn: boolean;
  /** The paid lines as the stock accepted them; `cart.lines[i]` is `accepted[i]` as the engine priced it. */
  accepted: readonly RepricedLine[];
  cart: PricedCart;
  programmes: readonly EngineProgramme[];
  /** The gifts as the stock gives them; their variants are in `goods`. */
  gifts: readonly GiftLine[];
  goods: ReadonlyMap<number, VariantRecord>;
  /** The variants the order's warehouse keeps stock of: only they are reserved. */
  stocked: ReadonlySet<number>;
  creditWarning: string | null;
  approvalReason: string | null;
  /** What the pharma rules only warn of (checkPharmaSale): kept in the order's history for the office. */
  pharmaWarnings: readonly string[];
  /** What the server changed in taking the order (a stock cut, the tier it cost, the new total): kept in its history too. */
  changes: readonly string[];
};

/**
 * Stores the order the checks passed: its row, first status and lines, the stock it reserves, the
 * promotions it uses, the customer's debt standing, its official code, the change that reaches the
 * phones and, when its discount waits for approval, the managers' notice. Returns its record.
 */
async function writeOrder(context: OpContext, payload: OrderSubmitPayload, placed: PlacedOrder): Promise<OrderRecord> {
  const { tx, companyId, accountId } = context;
  const { customer, approvalReason } = placed;
  if (placed.kind === 'resubmit') {
    // A refused order sent again is replaced under the same id (never one whose lots the law keeps: contract/pharma-retention.ts).
    await refuseRetainedDelete(tx, companyId, 'order', { orderId: payload.orderId });
    await releaseUsage(tx, companyId, payload.orderId, true);
    await tx.delete(orderLines).where(eq(orderLines.orderId, payload.orderId));
    await tx.delete(orders).where(eq(orders.id, payload.orderId));
  }
  await insertOrder(context, payload, placed);
  await tx.insert(orderLines).values(lineRows(companyId, payload.orderId, placed));
  await changeReserved(tx, companyId, placed.warehouseId, reservedQuantities(placed));
  await recordUsage(
    tx,
    { companyId, orderId: payload.orderId, customerId: customer.id, accountId },
    placed.cart.applied,
    placed.programmes,
  );
  await orderTaken(tx, companyId, { customerId: customer.id, accountId });
  const record = (await orderRecordsById(tx, companyId, [payload.orderId])).get(payload.orderId)!;
  // Last, as few statements before the commit as can be (giveOrderCode says why).
  record.code = await giveOrderCode(tx, companyId, payload.orderId, [payload.localNo, customer.code, customer.name, customer.phone]);
  await recordChange(tx, { companyId, entity: 'order', entityId: payload.orderId, op: 'upsert', ownerAccountId: accountId });
  if (approvalReason) {
    await notifyDiscountApproval(tx, {
      companyId,
      orderId: payload.orderId,
      code: record.code,
      customerName: customer.name,
      reason: approvalReason,
      repId: accountId,
    });
  }
  return record;
}

/**
 * The order and its first status in one statement (an insert in a WITH runs without RETURNING, and
 * the status's foreign key is checked at the statement's end); its lines go in the next: their
 * report facts are made by a statement trigger that reads the order's, made by the order's own
 * (server/kernel/db/migrations/0025_reports_triggers.sql): in one statement with the order, the
 * lines' trigger found no order facts (server/modules/reports/report-figures.test.ts).
 */
async function insertOrder(context: OpContext, payload: OrderSubmitPayload, placed: PlacedOrder): Promise<void> {
  const { tx, companyId, accountId } = context;
  const insertOrderRow = tx.insert(orders).values(orderRow(context, payload, placed));
  const insertHistory = tx.insert(orderStatusHistory).values({
    companyId,
    orderId: payload.orderId,
    fromStatus: placed.kind === 'resubmit' ? 'rejected' : null,
    toStatus: 'pending',
    reason:
      [placed.offRoute ? OFF_ROUTE_REASON : '', ...placed.pharmaWarnings, ...changedNote(placed.changes)].filter(Boolean).join('. ') ||
      null,
    accountId,
  });
  await tx.execute(sql`with placed as (${insertOrderRow.getSQL()}) ${insertHistory.getSQL()}`);
}

/** The changes the server made, as one note of the first status for the office and every device. */
const changedNote = (changes: readonly string[]) => (changes.length ? [`Nhận đơn có thay đổi: ${changes.join('; ')}`] : []);

/** The order's row: the customer as they are today, the cart's totals, and what the checks found. */
function orderRow({ companyId, accountId, now }: OpContext, payload: OrderSubmitPayload, placed: PlacedOrder): typeof orders.$inferInsert {
  const { customer, cart, approvalReason } = placed;
  const totals = cart.totals;
  return {
    id: payload.orderId,
    companyId,
    // Its official code comes last (giveOrderCode); until then one no other order has.
    code: `~${payload.orderId}`,
    localNo: payload.localNo,
    accountId,
    customerId: customer.id,
    customerCode: customer.code,
    customerName: customer.name,
    customerPhone: customer.phone,
    customerAddress: formatAddress(addressOf(customer)),
    provinceCode: customer.provinceCode,
    wardCode: customer.wardCode,
    visitId: payload.visitId,
    orderTypeId: placed.orderTypeId,
    warehouseId: placed.warehouseId,
    status: 'pending',
    discountApproval: approvalReason ? 'needed' : null,
    discountApprovalReason: approvalReason,
    paymentStatus: 'unpaid',
    creditWarning: placed.creditWarning,
    deliveryDate: payload.deliveryDate,
    note: payload.note,
    vatOn: placed.vatOn,
    subtotal: totals.subtotal,
    discountTotal: totals.discount,
    promotionTotal: totals.promotion,
    promotions: cart.applied
      .filter((given) => given.discount > 0 || given.gift_value > 0)
      .map(({ promotion_id, code: promotionCode, name, discount, gift_value, summary }) => ({
        promotion_id,
        code: promotionCode,
        name,
        discount,
        gift_value,
        summary,
      })),
    vatTotal: totals.vat,
    total: totals.total,
    offRoute: placed.offRoute,
    createdAt: new Date(payload.createdAt),
    receivedAt: now,
    updatedAt: now,
  };
}

/** The paid lines as the engine priced them, then the gifts: 0 đ, in base units. */
function lineRows(companyId: number, orderId: string, { accepted, cart, gifts, goods }: PlacedOrder): (typeof orderLines.$inferInsert)[] {
  const paid = accepted.map((entry, sort) => {
    const { amounts, promotions } = cart.lines[sort]!;
    return {
      id: entry.line.lineId,
      orderId,
      companyId,
      variantId: entry.variant.id,
      productName: entry.variant.product_name,
      variantName: entry.variant.name,
      sku: entry.variant.code,
      unit: entry.unit.unit,
      factor: entry.unit.factor,
      quantity: entry.line.quantity,
      unitPrice: entry.price.price,
      listPrice: entry.price.listPrice,
      policyTitle: entry.price.policyTitle,
      discountKind: entry.line.discount?.kind ?? null,
      discountValue: entry.line.discount?.value ?? null,
      discountAmount: amounts.discount,
      promotionAmount: amounts.promotion,
      promotions,
      vatRate: amounts.vatRate,
      vatAmount: amounts.vat,
      lineTotal: amounts.total,
      sort,
    };
  });
  const given = gifts.map((gift, index) => {
    const variant = goods.get(gift.variant_id)!;
    return {
      id: crypto.randomUUID(),
      orderId,
      companyId,
      variantId: gift.variant_id,
      productName: variant.product_name,
      variantName: variant.name,
      sku: variant.code,
      unit: gift.base_unit,
      factor: 1,
      quantity: gift.quantity,
      unitPrice: 0,
      listPrice: gift.quantity > 0 ? Math.round(gift.value / gift.quantity) : 0,
      policyTitle: null,
      discountAmount: 0,
      isGift: true,
      promotionId: gift.promotion_id,
      vatRate: 0,
      vatAmount: 0,
      lineTotal: 0,
      sort: accepted.length + index,
    };
  });
  return [...paid, ...given];
}

/** Base units the order holds back in its warehouse, of the variants it keeps stock of. */
function reservedQuantities({ accepted, gifts, stocked }: PlacedOrder): Map<number, number> {
  return baseQuantities(
    [
      ...accepted.map((entry) => ({ variantId: entry.variant.id, quantity: entry.line.quantity, factor: entry.unit.factor })),
      ...gifts.map((gift) => ({ variantId: gift.variant_id, quantity: gift.quantity, factor: 1 })),
    ].filter((line) => stocked.has(line.variantId)),
  );
}
