/**
 * Four months of trading for An Khang, so the dashboard and every report show a living company on
 * first start: about 170 orders by its reps (An, Lê Văn Trình, Phạm Thị Hoa and the region manager
 * Võ Minh Quân), at their own pharmacies, in every status, most taken at a check-in; visits with and
 * without an order (strike rate), with their time in store; last month's quantity tiers and the
 * running 5 % programme applied where they were due (promotion_usages, as the server records them),
 * which move this month's KPI (its targets are set with the people). Deterministic (a seeded random),
 * written in bulk with the change log rows phones pull, in well under a second.
 *
 * Orders are written as rows, not through order.submit: a history cannot be submitted in the past.
 * Their totals come from the shared arithmetic (contract/orders-totals.ts), so each adds up. A
 * completed order is a debt in the receivables ledger from its completion day, and what was paid of
 * it is a confirmed payment (phiếu thu) with its ledger row; the customers are then settled by the
 * receivables module, so an order's payment state, the balances and the reports agree.
 * One order's rows: server/seed/demo-history-order.ts.
 */
import { and, eq, sql } from 'drizzle-orm';
import { vietnamDay } from '@contract/price-policy';
import { uuidv7 } from '@contract/uuid';
import { distanceMetres } from '@contract/visits-place';
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
import { rowsOf } from '@server/kernel/sql';
import { recordChanges } from '@server/kernel/sync/change-log';
import { historyMoney } from './demo-history-money';
import { drawOrder, type HistoryDraw, type HistoryRows } from './demo-history-order';
import { DAY_MS, seeded, workingMoment } from './demo-history-random';
import { sellables } from './demo-sellables';

export { seeded, workingMoment } from './demo-history-random';

const DAYS = 120;

/** What the history is drawn from: the company's catalogue, people, active customers and approved programmes. */
async function historyInputs(db: Db, company: number) {
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
  return { catalogue, people, customerRows, programmes };
}

type Customer = typeof customers.$inferSelect;

/**
 * Where the rep stood: a few metres from the pin (from the day, not the seeded random, so the rest of the
 * history draws the same), and once, two days ago, 650 m off it: the flagged check-in the office looks at.
 */
function standingAt(customer: Customer, ageDays: number, call: number) {
  if (customer.lat === null || customer.lng === null) return { lat: null, lng: null, distance: null, flags: [] };
  const far = ageDays === 2 && call === 0;
  const metres = far ? 650 : 5 + ((ageDays * 37) % 45);
  const position = { lat: customer.lat + metres / 111_195, lng: customer.lng };
  return {
    ...position,
    distance: Math.round(distanceMetres(position, { lat: customer.lat, lng: customer.lng })),
    flags: far ? ['FAR_FROM_PIN'] : [],
  };
}

/** A call at a customer's: checked in at a working moment, out after 8 to 45 minutes. */
function visitRow(draw: HistoryDraw, customer: Customer, seller: number, ageDays: number, call: number) {
  const { random, now, company } = draw;
  const checkIn = workingMoment(random, now, ageDays);
  const visitId = uuidv7(checkIn);
  const stayed = random.int(8, 45) * 60_000;
  const at = standingAt(customer, ageDays, call);
  draw.rows.visits.push({
    id: visitId,
    companyId: company,
    accountId: seller,
    customerId: customer.id,
    checkInAt: new Date(checkIn),
    checkInLat: at.lat,
    checkInLng: at.lng,
    checkInAccuracy: 12,
    checkInDistance: at.distance,
    checkOutAt: new Date(checkIn + stayed),
    checkOutLat: at.lat,
    checkOutLng: at.lng,
    checkOutAccuracy: 15,
    flags: at.flags,
    receivedAt: new Date(checkIn + 2_000),
    updatedAt: new Date(checkIn + stayed),
  });
  draw.rows.changes.push({ companyId: company, entity: 'visit', entityId: visitId, op: 'upsert', ownerAccountId: seller });
  return { checkIn, visitId };
}

/** Writes the drawn history in bulk, moves the order counter past it, and settles its money. */
async function writeHistory(db: Db, draw: HistoryDraw): Promise<void> {
  const { rows, company, code } = draw;
  await db.transaction(async (tx) => {
    await tx.insert(visits).values(rows.visits);
    for (let start = 0; start < rows.orders.length; start += 200) await tx.insert(orders).values(rows.orders.slice(start, start + 200));
    for (let start = 0; start < rows.lines.length; start += 400) await tx.insert(orderLines).values(rows.lines.slice(start, start + 400));
    await tx.insert(orderStatusHistory).values(rows.history);
    if (rows.usages.length) await tx.insert(promotionUsages).values(rows.usages);
    await tx.execute(sql`
      insert into company_counters (company_id, name, value) values (${company}, 'order', ${code})
      on conflict (company_id, name) do update set value = greatest(company_counters.value, ${code})`);
    await recordChanges(tx, rows.changes);
    await draw.money.write(tx);
  });
}

export async function seedDemoHistory(db: Db, ids: { anKhangId: number; anId: number }, now = Date.now()): Promise<void> {
  const company = ids.anKhangId;
  const random = seeded(20_261_127);
  const { catalogue, people, customerRows, programmes } = await historyInputs(db, company);
  if (catalogue.length === 0 || customerRows.length === 0) return;
  const sellers = new Map(people.map((person) => [person.accountId, person]));
  const manager = people.find((person) => person.code === 'QL001');
  const [counter] = rowsOf<{ value: string | number }>(
    await db.execute(sql`select coalesce(max(value), 0) as value from company_counters where company_id = ${company} and name = 'order'`),
  );
  const rows: HistoryRows = { orders: [], lines: [], history: [], visits: [], usages: [], changes: [] };
  const draw: HistoryDraw = {
    company,
    anId: ids.anId,
    now,
    random,
    catalogue,
    tiers: programmes.find((programme) => programme.kind === 'quantity_tier'),
    orderTier: programmes.find((programme) => programme.kind === 'order_total'),
    money: historyMoney({ companyId: company, confirmedBy: ids.anId, now }),
    rows,
    code: Number(counter?.value ?? 0),
    localCounters: new Map<number, number>(),
  };

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
      const { checkIn, visitId } = visitRow(draw, customer, seller, ageDays, call);
      // About two calls in three end with an order; now and then an order is phoned in without a visit.
      const withOrder = random.chance(0.66);
      if (!withOrder && !random.chance(0.12)) continue;
      const created = withOrder ? Math.min(checkIn + random.int(5, 20) * 60_000, now - 60_000) : workingMoment(random, now, ageDays);
      drawOrder(draw, { customer, seller, created, visitId: withOrder ? visitId : null });
    }
  }
  await writeHistory(db, draw);
}
