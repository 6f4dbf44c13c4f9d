/**
 * One order of the demo's history (server/seed/demo-history.ts): its status, lines, the promotions
 * that were due, its totals from the shared arithmetic (contract/orders-totals.ts), and the rows it
 * leaves: the order, its lines, its status history, its promotion usages, its money and change log.
 * The seeded random is drawn in a fixed order, so the history is the same on every first start.
 */
import { formatAddress } from '@contract/address';
import { fold } from '@contract/fold';
import type { OrderPromotion } from '@contract/orders';
import type { OrderStatus, PaymentStatus } from '@contract/orders-status';
import { lineAmounts, orderTotals, type LineAmounts } from '@contract/orders-totals';
import { vietnamDay } from '@contract/price-policy';
import { uuidv7 } from '@contract/uuid';
import { formatCode } from '@server/kernel/counters';
import type { customers, orderLines, orders, orderStatusHistory, promotionUsages, visits } from '@server/kernel/db/schema';
import type { ChangeInput } from '@server/kernel/sync/change-log';
import type { historyMoney } from './demo-history-money';
import { DAY_MS, type Random } from './demo-history-random';
import type { Sellable } from './demo-sellables';

type Customer = typeof customers.$inferSelect;
export type Programme = { id: number; code: string; name: string; kind: string; startsOn: string; endsOn: string };
type Line = {
  sellable: Sellable;
  unit: Sellable['units'][number];
  quantity: number;
  discount: { kind: 'percent'; value: number } | null;
  promotion: number;
  sort: number;
};

/** What the history writes, gathered as it is drawn. */
export type HistoryRows = {
  orders: (typeof orders.$inferInsert)[];
  lines: (typeof orderLines.$inferInsert)[];
  history: (typeof orderStatusHistory.$inferInsert)[];
  visits: (typeof visits.$inferInsert)[];
  usages: (typeof promotionUsages.$inferInsert)[];
  changes: ChangeInput[];
};

/** The company's history as it is drawn: its programmes, its money, and its order counters. */
export type HistoryDraw = {
  company: number;
  /** Who confirms the orders (the demo's owner). */
  anId: number;
  now: number;
  random: Random;
  catalogue: readonly Sellable[];
  tiers: Programme | undefined;
  orderTier: Programme | undefined;
  money: ReturnType<typeof historyMoney>;
  rows: HistoryRows;
  /** The company's last order number. */
  code: number;
  localCounters: Map<number, number>;
};

export type OrderCall = { customer: Customer; seller: number; created: number; visitId: string | null };

function statusFor(random: Random, ageDays: number): OrderStatus {
  const roll = random.next();
  if (ageDays < 2) return roll < 0.55 ? 'pending' : roll < 0.8 ? 'confirmed' : roll < 0.9 ? 'delivering' : 'cancelled';
  if (ageDays < 8)
    return roll < 0.1 ? 'pending' : roll < 0.35 ? 'confirmed' : roll < 0.65 ? 'delivering' : roll < 0.9 ? 'completed' : 'rejected';
  return roll < 0.86 ? 'completed' : roll < 0.94 ? 'cancelled' : 'rejected';
}

/** What a completed order's customer has paid of it: most in full, some half, a few nothing yet. */
function paymentFor(random: Random, status: OrderStatus): PaymentStatus {
  if (status !== 'completed') return 'unpaid';
  return random.chance(0.75) ? 'paid' : random.chance(0.5) ? 'partial' : 'unpaid';
}

const inProgramme = (programme: Programme | undefined, day: string) => programme && day >= programme.startsOn && day <= programme.endsOn;

/** One to four products, popular ones first, each in a unit and a quantity, with last month's quantity tiers. */
function pickLines(random: Random, catalogue: readonly Sellable[], inTiers: boolean): Line[] {
  // Popular products first: a few sell every day, the rest now and then.
  const weighted = (list: readonly Sellable[]) => list[Math.min(list.length - 1, Math.floor(list.length * random.next() ** 2))]!;
  const lineCount = random.int(1, 4);
  const picked = new Map<number, Sellable>();
  while (picked.size < Math.min(lineCount, catalogue.length)) {
    const sellable = weighted(catalogue);
    picked.set(sellable.variantId, sellable);
  }
  return [...picked.values()].map((sellable, sort) => {
    const unit = sellable.units.length > 1 && random.chance(0.5) ? sellable.units.at(-1)! : sellable.units[0]!;
    const quantity = unit.factor > 1 ? random.int(2, 12) : random.int(10, 60);
    const discount = random.chance(0.12) ? { kind: 'percent' as const, value: random.pick([2, 3, 5]) } : null;
    // Last month's quantity tiers: 3 % off a line from 20 base units, 6 % from 50.
    const base = quantity * unit.factor;
    const tierRate = inTiers ? (base >= 50 ? 6 : base >= 20 ? 3 : 0) : 0;
    const gross = unit.price * quantity;
    const promotion = Math.round((gross * tierRate) / 100);
    return { sellable, unit, quantity, discount, promotion, sort };
  });
}

/** The lines' amounts, with the running 5 % on orders from 2.000.000 đ spread over them by their value. */
function priceLines(lines: readonly Line[], inOrderTier: boolean): LineAmounts[] {
  const amountsOf = (line: Line, orderShare?: number) =>
    lineAmounts({
      unitPrice: line.unit.price,
      quantity: line.quantity,
      discount: line.discount,
      vatRate: line.sellable.vatRate,
      vatOn: true,
      promotion: line.promotion,
      ...(orderShare === undefined ? {} : { orderShare }),
    });
  const plain = lines.map((line) => amountsOf(line));
  const subtotal = plain.reduce((sum, amounts) => sum + amounts.base - amounts.discount, 0);
  const fivePercent = inOrderTier && subtotal >= 2_000_000 ? Math.round(subtotal * 0.05) : 0;
  return lines.map((line, index) =>
    amountsOf(line, fivePercent > 0 ? Math.round((fivePercent * (plain[index]!.base - plain[index]!.discount)) / subtotal) : 0),
  );
}

/** The programmes the order got something from, as the server records them on the order. */
function appliedPromotions(draw: HistoryDraw, tierDiscount: number, promotionTotal: number): OrderPromotion[] {
  const { tiers, orderTier } = draw;
  const applied: OrderPromotion[] = [];
  if (tiers && tierDiscount > 0)
    applied.push({
      promotion_id: tiers.id,
      code: tiers.code,
      name: tiers.name,
      discount: tierDiscount,
      gift_value: 0,
      summary: 'Giảm theo số lượng',
    });
  const orderShare = promotionTotal - tierDiscount;
  if (orderTier && orderShare > 0)
    applied.push({
      promotion_id: orderTier.id,
      code: orderTier.code,
      name: orderTier.name,
      discount: orderShare,
      gift_value: 0,
      summary: 'Giảm 5% đơn hàng',
    });
  return applied;
}

/** The order's rows once it is drawn: the order itself, its lines and its status history. */
type DrawnOrder = OrderCall & {
  orderId: string;
  orderCode: string;
  localNo: string;
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  updated: number;
  lines: Line[];
  amounts: LineAmounts[];
  totals: ReturnType<typeof orderTotals>;
  applied: OrderPromotion[];
};

function orderRow(company: number, order: DrawnOrder): typeof orders.$inferInsert {
  const { customer, status, totals, orderCode, localNo, created } = order;
  return {
    id: order.orderId,
    companyId: company,
    code: orderCode,
    localNo,
    accountId: order.seller,
    customerId: customer.id,
    customerCode: customer.code,
    customerName: customer.name,
    customerPhone: customer.phone,
    customerAddress: formatAddress({
      scheme: 'VN2025',
      province_code: customer.provinceCode,
      province_name: customer.provinceName,
      district_code: null,
      district_name: null,
      ward_code: customer.wardCode,
      ward_name: customer.wardName,
      street: customer.street,
    }),
    provinceCode: customer.provinceCode,
    wardCode: customer.wardCode,
    visitId: order.visitId,
    status,
    statusReason: status === 'cancelled' ? 'Khách đổi ý' : status === 'rejected' ? 'Hết hàng tại kho' : null,
    paymentStatus: order.paymentStatus,
    vatOn: true,
    subtotal: totals.subtotal,
    discountTotal: totals.discount,
    promotionTotal: totals.promotion,
    promotions: order.applied,
    vatTotal: totals.vat,
    total: totals.total,
    searchText: fold([orderCode, localNo, customer.code, customer.name, customer.phone].filter(Boolean).join(' ')),
    createdAt: new Date(created),
    receivedAt: new Date(created + 3_000),
    updatedAt: new Date(order.updated),
  };
}

function lineRowsOf(draw: HistoryDraw, order: DrawnOrder): (typeof orderLines.$inferInsert)[] {
  const { tiers, orderTier } = draw;
  return order.lines.map((line, index) => {
    const lineAmount = order.amounts[index]!;
    return {
      id: uuidv7(order.created),
      orderId: order.orderId,
      companyId: draw.company,
      variantId: line.sellable.variantId,
      productName: line.sellable.product,
      variantName: line.sellable.variant,
      sku: line.sellable.sku,
      unit: line.unit.unit,
      factor: line.unit.factor,
      quantity: line.quantity,
      unitPrice: line.unit.price,
      listPrice: line.unit.price,
      discountKind: line.discount?.kind ?? null,
      discountValue: line.discount?.value ?? null,
      discountAmount: lineAmount.discount,
      promotionAmount: lineAmount.promotion,
      promotions: [
        ...(line.promotion > 0 && tiers ? [{ promotion_id: tiers.id, amount: line.promotion }] : []),
        ...(lineAmount.promotion > line.promotion && orderTier
          ? [{ promotion_id: orderTier.id, amount: lineAmount.promotion - line.promotion }]
          : []),
      ],
      vatRate: lineAmount.vatRate,
      vatAmount: lineAmount.vat,
      lineTotal: lineAmount.total,
      sort: line.sort,
    };
  });
}

function historyRowsOf(draw: HistoryDraw, order: DrawnOrder): (typeof orderStatusHistory.$inferInsert)[] {
  const { status, orderId, seller } = order;
  const rows: (typeof orderStatusHistory.$inferInsert)[] = [
    { companyId: draw.company, orderId, fromStatus: null, toStatus: 'pending', accountId: seller, at: new Date(order.created) },
  ];
  if (status !== 'pending') {
    const reason = status === 'cancelled' ? 'Khách đổi ý' : status === 'rejected' ? 'Hết hàng tại kho' : null;
    rows.push({
      companyId: draw.company,
      orderId,
      fromStatus: 'pending',
      toStatus: status,
      reason,
      accountId: draw.anId,
      at: new Date(order.updated),
    });
  }
  return rows;
}

/** What each applied programme gave the order; a cancelled or refused order released it the next day. */
function usageRowsOf(
  draw: HistoryDraw,
  call: OrderCall,
  orderId: string,
  status: OrderStatus,
  lines: readonly Line[],
  applied: readonly OrderPromotion[],
) {
  const released = status === 'cancelled' || status === 'rejected';
  return applied.map((promotion) => ({
    companyId: draw.company,
    promotionId: promotion.promotion_id,
    orderId,
    customerId: call.customer.id,
    accountId: call.seller,
    discount: promotion.discount,
    giftValue: 0,
    quantity: lines.reduce((sum, line) => sum + line.quantity * line.unit.factor, 0),
    spent: promotion.discount,
    releasedAt: released ? new Date(call.created + DAY_MS) : null,
    createdAt: new Date(call.created),
  }));
}

/** Draws one order of a call and adds its rows to the history. */
export function drawOrder(draw: HistoryDraw, call: OrderCall): void {
  const { random, now, rows } = draw;
  const { customer, seller, created } = call;
  const status = statusFor(random, (now - created) / DAY_MS);
  const orderId = uuidv7(created);
  const createdDay = vietnamDay(new Date(created));
  const lines = pickLines(random, draw.catalogue, Boolean(inProgramme(draw.tiers, createdDay)));
  const amounts = priceLines(lines, Boolean(inProgramme(draw.orderTier, createdDay)));
  const totals = orderTotals(amounts);
  const tierDiscount = lines.reduce((sum, line) => sum + line.promotion, 0);
  const applied = appliedPromotions(draw, tierDiscount, totals.promotion);
  rows.usages.push(...usageRowsOf(draw, call, orderId, status, lines, applied));
  draw.code += 1;
  const local = (draw.localCounters.get(seller) ?? 0) + 1;
  draw.localCounters.set(seller, local);
  const orderCode = formatCode('DH', draw.code);
  const localNo = `LS-${seller}-${local}`;
  const updated = status === 'pending' ? created : Math.min(now, created + random.int(2, 30) * 3_600_000);
  const paymentStatus = paymentFor(random, status);
  if (status === 'completed')
    draw.money.completed({
      customer,
      orderId,
      orderCode,
      seller,
      total: totals.total,
      completedAt: updated,
      paid: paymentStatus,
      paidAfterDays: random.int(0, 10),
      transferReference: random.chance(0.4) ? `FT${String(random.int(10_000_000, 99_999_999))}` : null,
    });
  const order: DrawnOrder = { ...call, orderId, orderCode, localNo, status, paymentStatus, updated, lines, amounts, totals, applied };
  rows.orders.push(orderRow(draw.company, order));
  rows.lines.push(...lineRowsOf(draw, order));
  rows.history.push(...historyRowsOf(draw, order));
  rows.changes.push({ companyId: draw.company, entity: 'order', entityId: orderId, op: 'upsert', ownerAccountId: seller });
}
