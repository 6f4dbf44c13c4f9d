/**
 * The order side of the rep's day for the "Hôm nay" benchmark (tests/bench/browser/day-plan.tsx):
 * a year of the rep's orders at a third of the visits, a catalogue with its stock and lots, running
 * programmes and a must-carry list; then the app's own reads of the suggestions at a stop
 * (src/features/orders/model/order-suggestions.ts) and of the route's idle customers
 * (src/features/visits/model/idle-customers.ts), timed.
 */
import { addDays } from '@contract/calendar-days';
import type { OrderLineRecord, OrderRecord } from '@contract/orders';
import { vietnamDay } from '@contract/price-policy';
import { uuidv7 } from '@contract/uuid';
import type { AppDb, LocalVisit } from '@/db/app-db';
import { orderSeen } from '@/db/customer-seen';
import { toLocalOrder, toLocalVariant } from '@/db/local-records';
import { noticingTable } from '@/sync/mirrors';
import { SYRUP_BUY_TEN, variantRecord } from '@/testing/order-fixtures';
import { lotsToMoveOnDevice, suggestionsOnDevice } from '@/features/orders/model/order-suggestions';
import { idleOnDevice } from '@/features/visits/model/idle-customers';

const VARIANTS = 400;
const LINES = 6;

function orderOf(company: number, visit: LocalVisit, n: number): OrderRecord {
  const lines = Array.from({ length: LINES }, (_, i) => {
    const id = 1 + ((n * 7 + i * 13) % VARIANTS);
    return {
      id: uuidv7(),
      variant_id: id,
      product_name: `Thuốc ${id}`,
      variant_name: 'Hộp 10 vỉ',
      unit: 'hộp',
      factor: 100,
      quantity: 1 + (n % 5),
      is_gift: false,
    } as OrderLineRecord;
  });
  return {
    id: uuidv7(Date.parse(visit.check_in_at) + 60_000),
    company,
    code: `DH${String(n).padStart(6, '0')}`,
    local_no: `TDV-${n}`,
    status: n % 17 === 0 ? 'cancelled' : 'completed',
    customer_id: visit.customer_id,
    account_id: visit.account_id,
    created_at: new Date(Date.parse(visit.check_in_at) + 60_000).toISOString(),
    total: 1_250_000,
    lines,
  } as OrderRecord;
}

export async function seedOrders(db: AppDb, company: number, visits: readonly LocalVisit[]): Promise<number> {
  const today = vietnamDay();
  await db.variants.bulkPut(
    Array.from({ length: VARIANTS }, (_, i) =>
      toLocalVariant(variantRecord({ id: i + 1, company, product_id: i + 1, product_name: `Thuốc ${i + 1}`, code: `SP${i + 1}` })),
    ),
  );
  await db.stock.bulkPut(
    Array.from({ length: VARIANTS }, (_, i) => ({
      id: i + 1,
      company,
      variant_id: i + 1,
      available: 500,
      by_warehouse: { '1': 500 },
      default_warehouse_id: 1,
      lots: [
        { lot_no: `L${i}A`, expires_on: addDays(today, 20 + (i % 200)), available: 200 },
        { lot_no: `L${i}B`, expires_on: addDays(today, 500), available: 300 },
      ],
      updated_at: `${today}T00:00:00Z`,
    })),
  );
  await db.promotions.bulkPut(Array.from({ length: 20 }, (_, i) => ({ ...SYRUP_BUY_TEN, id: 100 + i, company, variant_ids: [1 + i * 3] })));
  await db.visitSettings.put({
    company,
    place_rule: 'warn',
    radius_m: 200,
    accuracy_limit_m: 100,
    position_days: 365,
    must_carry: Array.from({ length: 10 }, (_, i) => 1 + i * 11),
    idle_days: 30,
    push_expiry_days: 90,
  });
  const orders = visits.filter((_, i) => i % 3 === 0).map((visit, n) => toLocalOrder(orderOf(company, visit, n)));
  const mirror = noticingTable(db, db.orders, orderSeen);
  for (let start = 0; start < orders.length; start += 5_000)
    await db.transaction('rw', [db.orders, db.customerSeen], async () => {
      await mirror.bulkPut(orders.slice(start, start + 5_000));
    });
  return orders.length;
}

async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

/** A stop's suggestions (another customer each run), the lots to move and the idle customers (their count and list), `runs` times each. */
export async function timeOrderSide(db: AppDb, company: number, rep: number, customers: readonly string[], runs: number) {
  const times = { suggestMs: [] as number[], lotsMs: [] as number[], idleMs: [] as number[] };
  for (let run = 0; run < runs; run += 1) {
    times.suggestMs.push(await timed(() => suggestionsOnDevice(db, company, customers[(run * 37) % customers.length]!)));
    times.lotsMs.push(await timed(() => lotsToMoveOnDevice(db, company)));
    times.idleMs.push(await timed(() => idleOnDevice(db, company, rep)));
  }
  return times;
}
