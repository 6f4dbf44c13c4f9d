/**
 * Four months of trading for An Khang (issue 21 item 6, issue 15), so the dashboard and every report
 * show a living company on first start: about 170 orders by its reps (An, Lê Văn Trình, Phạm Thị Hoa
 * and the region manager Võ Minh Quân), at their own pharmacies, in every status, most taken at a
 * check-in; visits with and without an order (strike rate), with their time in store; last month's
 * quantity tiers and the running 5 % programme applied where they were due (promotion_usages, as the
 * server records them), which move this month's KPI (its targets are set with the people). Deterministic (a seeded random),
 * written in bulk with the change log rows phones pull, in well under a second.
 *
 * Orders are written as rows, not through order.submit: a history cannot be submitted in the past.
 * Their totals come from the shared arithmetic (contract/orders-totals.ts), so each adds up. A
 * completed order is a debt in the receivables ledger from its completion day, and what was paid of
 * it is a confirmed payment (phiếu thu) with its ledger row; the customers are then settled by the
 * receivables module, so an order's payment state, the balances and the reports agree.
 */
import { and, eq, sql } from 'drizzle-orm';
import { formatAddress } from '@contract/address';
import { fold } from '@contract/fold';
import { lineAmounts, orderTotals, type LineAmounts } from '@contract/orders-totals';
import type { OrderStatus, PaymentStatus } from '@contract/orders-status';
import { vietnamDay } from '@contract/price-policy';
import type { OrderPromotion } from '@contract/orders';
import { uuidv7 } from '@contract/uuid';
import type { Db } from '@server/kernel/db/client';
import {
  accountCompanies,
  accounts,
  customers,
  orderLines,
  orders,
  orderStatusHistory,
  promotions,
  promotionUsages,
  visits,
} from '@server/kernel/db/schema';
import { formatCode } from '@server/kernel/counters';
import { rowsOf } from '@server/kernel/sql';
import { mulberry32 } from '@server/lib/mulberry32';
import { recordChanges, type ChangeInput } from '@server/kernel/sync/change-log';
import { historyMoney } from './demo-history-money';
import { sellables, type Sellable } from './demo-sellables';

const DAYS = 120;
const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** The same history on every first start. */
export function seeded(seed: number) {
  const next = mulberry32(seed);
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return { next, int, pick: <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!, chance: (p: number) => next() < p };
}
type Random = ReturnType<typeof seeded>;

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

/** A moment of a Vietnam working day `ageDays` ago (8:00 to 17:00), never in the future. */
export function workingMoment(random: Random, now: number, ageDays: number): number {
  const vnMidnight = Math.floor((now + 7 * 3_600_000) / DAY_MS) * DAY_MS - 7 * 3_600_000;
  const moment = vnMidnight - ageDays * DAY_MS + (8 * 60 + random.int(0, 9 * 60)) * 60_000;
  // Today's hours not yet reached (a seed early in the morning, or before the afternoon) are the day
  // before's: the history ends at least an hour ago, so every call in it has been checked out.
  return moment <= now - HOUR_MS ? moment : moment - DAY_MS;
}

export async function seedDemoHistory(db: Db, ids: { anKhangId: number; anId: number }, now = Date.now()): Promise<void> {
  const company = ids.anKhangId;
  const random = seeded(20_261_127);
  const [catalogue, people, customerRows, programmes] = await Promise.all([
    sellables(db, company),
    db
      .select({
        accountId: accountCompanies.accountId,
        code: accountCompanies.code,
        name: accounts.fullName,
      })
      .from(accountCompanies)
      .innerJoin(accounts, eq(accounts.id, accountCompanies.accountId))
      .where(and(eq(accountCompanies.companyId, company), eq(accountCompanies.status, 'accept'))),
    db
      .select()
      .from(customers)
      .where(and(eq(customers.companyId, company), eq(customers.status, 'active'))),
    db
      .select({
        id: promotions.id,
        code: promotions.code,
        name: promotions.name,
        kind: promotions.kind,
        startsOn: promotions.startsOn,
        endsOn: promotions.endsOn,
      })
      .from(promotions)
      .where(and(eq(promotions.companyId, company), eq(promotions.state, 'approved'))),
  ]);
  if (catalogue.length === 0 || customerRows.length === 0) return;
  const sellers = new Map(people.map((person) => [person.accountId, person]));
  const manager = people.find((person) => person.code === 'QL001');
  const tiers = programmes.find((programme) => programme.kind === 'quantity_tier');
  const orderTier = programmes.find((programme) => programme.kind === 'order_total');
  // Popular products first: a few sell every day, the rest now and then.
  const weighted = (list: readonly Sellable[]) => list[Math.min(list.length - 1, Math.floor(list.length * random.next() ** 2))]!;

  const orderRows: (typeof orders.$inferInsert)[] = [];
  const lineRows: (typeof orderLines.$inferInsert)[] = [];
  const historyRows: (typeof orderStatusHistory.$inferInsert)[] = [];
  const visitRows: (typeof visits.$inferInsert)[] = [];
  const usageRows: (typeof promotionUsages.$inferInsert)[] = [];
  const money = historyMoney({ companyId: company, confirmedBy: ids.anId, now });
  const changes: ChangeInput[] = [];
  const [counter] = rowsOf<{ value: string | number }>(
    await db.execute(sql`select coalesce(max(value), 0) as value from company_counters where company_id = ${company} and name = 'order'`),
  );
  let code = Number(counter?.value ?? 0);
  const localCounters = new Map<number, number>();

  for (let ageDays = DAYS; ageDays >= 0; ageDays -= 1) {
    const day = vietnamDay(new Date(now - ageDays * DAY_MS));
    const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
    if (weekday === 0) continue;
    // Two or three calls a working day across the reps, more lately (a growing company).
    const calls = random.int(1, 3) + (ageDays < 45 ? 1 : 0);
    for (let call = 0; call < calls; call += 1) {
      const customer = random.pick(customerRows);
      const seller =
        customer.staffId !== null && sellers.has(customer.staffId) && random.chance(0.85)
          ? customer.staffId
          : manager && random.chance(0.4)
            ? manager.accountId
            : ids.anId;
      const checkIn = workingMoment(random, now, ageDays);
      const visitId = uuidv7(checkIn);
      const stayed = random.int(8, 45) * 60_000;
      visitRows.push({
        id: visitId,
        companyId: company,
        accountId: seller,
        customerId: customer.id,
        checkInAt: new Date(checkIn),
        checkInLat: customer.lat,
        checkInLng: customer.lng,
        checkInAccuracy: 12,
        checkOutAt: new Date(checkIn + stayed),
        checkOutLat: customer.lat,
        checkOutLng: customer.lng,
        checkOutAccuracy: 15,
        receivedAt: new Date(checkIn + 2_000),
        updatedAt: new Date(checkIn + stayed),
      });
      changes.push({ companyId: company, entity: 'visit', entityId: visitId, op: 'upsert', ownerAccountId: seller });
      // About two calls in three end with an order; now and then an order is phoned in without a visit.
      const withOrder = random.chance(0.66);
      if (!withOrder && !random.chance(0.12)) continue;
      const created = withOrder ? Math.min(checkIn + random.int(5, 20) * 60_000, now - 60_000) : workingMoment(random, now, ageDays);
      const status = statusFor(random, (now - created) / DAY_MS);
      const orderId = uuidv7(created);
      const createdDay = vietnamDay(new Date(created));
      const inTiers = tiers && createdDay >= tiers.startsOn && createdDay <= tiers.endsOn;
      const lineCount = random.int(1, 4);
      const picked = new Map<number, Sellable>();
      while (picked.size < Math.min(lineCount, catalogue.length)) {
        const sellable = weighted(catalogue);
        picked.set(sellable.variantId, sellable);
      }
      const lines = [...picked.values()].map((sellable, sort) => {
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
      const plain = lines.map((line) =>
        lineAmounts({
          unitPrice: line.unit.price,
          quantity: line.quantity,
          discount: line.discount,
          vatRate: line.sellable.vatRate,
          vatOn: true,
          promotion: line.promotion,
        }),
      );
      // The running 5 % on orders from 2.000.000 đ, spread over the lines by their value.
      const subtotal = plain.reduce((sum, amounts) => sum + amounts.base - amounts.discount, 0);
      const fivePercent =
        orderTier && createdDay >= orderTier.startsOn && createdDay <= orderTier.endsOn && subtotal >= 2_000_000
          ? Math.round(subtotal * 0.05)
          : 0;
      const amounts: LineAmounts[] = lines.map((line, index) =>
        lineAmounts({
          unitPrice: line.unit.price,
          quantity: line.quantity,
          discount: line.discount,
          vatRate: line.sellable.vatRate,
          vatOn: true,
          promotion: line.promotion,
          orderShare: fivePercent > 0 ? Math.round((fivePercent * (plain[index]!.base - plain[index]!.discount)) / subtotal) : 0,
        }),
      );
      const totals = orderTotals(amounts);
      const applied: OrderPromotion[] = [];
      const tierDiscount = lines.reduce((sum, line) => sum + line.promotion, 0);
      if (tiers && tierDiscount > 0)
        applied.push({
          promotion_id: tiers.id,
          code: tiers.code,
          name: tiers.name,
          discount: tierDiscount,
          gift_value: 0,
          summary: 'Giảm theo số lượng',
        });
      const orderShare = totals.promotion - tierDiscount;
      if (orderTier && orderShare > 0)
        applied.push({
          promotion_id: orderTier.id,
          code: orderTier.code,
          name: orderTier.name,
          discount: orderShare,
          gift_value: 0,
          summary: 'Giảm 5% đơn hàng',
        });
      const released = status === 'cancelled' || status === 'rejected';
      for (const promotion of applied) {
        usageRows.push({
          companyId: company,
          promotionId: promotion.promotion_id,
          orderId,
          customerId: customer.id,
          accountId: seller,
          discount: promotion.discount,
          giftValue: 0,
          quantity: lines.reduce((sum, line) => sum + line.quantity * line.unit.factor, 0),
          spent: promotion.discount,
          releasedAt: released ? new Date(created + DAY_MS) : null,
          createdAt: new Date(created),
        });
      }
      code += 1;
      const local = (localCounters.get(seller) ?? 0) + 1;
      localCounters.set(seller, local);
      const orderCode = formatCode('DH', code);
      const localNo = `LS-${seller}-${local}`;
      const updated = status === 'pending' ? created : Math.min(now, created + random.int(2, 30) * 3_600_000);
      const paymentStatus = paymentFor(random, status);
      if (status === 'completed')
        money.completed({
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
      orderRows.push({
        id: orderId,
        companyId: company,
        code: orderCode,
        localNo,
        accountId: seller,
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
        visitId: withOrder ? visitId : null,
        status,
        statusReason: status === 'cancelled' ? 'Khách đổi ý' : status === 'rejected' ? 'Hết hàng tại kho' : null,
        paymentStatus,
        vatOn: true,
        subtotal: totals.subtotal,
        discountTotal: totals.discount,
        promotionTotal: totals.promotion,
        promotions: applied,
        vatTotal: totals.vat,
        total: totals.total,
        searchText: fold([orderCode, localNo, customer.code, customer.name, customer.phone].filter(Boolean).join(' ')),
        createdAt: new Date(created),
        receivedAt: new Date(created + 3_000),
        updatedAt: new Date(updated),
      });
      lines.forEach((line, index) => {
        const lineAmount = amounts[index]!;
        lineRows.push({
          id: uuidv7(created),
          orderId,
          companyId: company,
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
        });
      });
      historyRows.push({ companyId: company, orderId, fromStatus: null, toStatus: 'pending', accountId: seller, at: new Date(created) });
      if (status !== 'pending') {
        const reason = status === 'cancelled' ? 'Khách đổi ý' : status === 'rejected' ? 'Hết hàng tại kho' : null;
        historyRows.push({
          companyId: company,
          orderId,
          fromStatus: 'pending',
          toStatus: status,
          reason,
          accountId: ids.anId,
          at: new Date(updated),
        });
      }
      changes.push({ companyId: company, entity: 'order', entityId: orderId, op: 'upsert', ownerAccountId: seller });
    }
  }

  await db.transaction(async (tx) => {
    await tx.insert(visits).values(visitRows);
    for (let start = 0; start < orderRows.length; start += 200) await tx.insert(orders).values(orderRows.slice(start, start + 200));
    for (let start = 0; start < lineRows.length; start += 400) await tx.insert(orderLines).values(lineRows.slice(start, start + 400));
    await tx.insert(orderStatusHistory).values(historyRows);
    if (usageRows.length) await tx.insert(promotionUsages).values(usageRows);
    await tx.execute(sql`
      insert into company_counters (company_id, name, value) values (${company}, 'order', ${code})
      on conflict (company_id, name) do update set value = greatest(company_counters.value, ${code})`);
    await recordChanges(tx, changes);
    await money.write(tx);
  });
}
