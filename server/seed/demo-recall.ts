/**
 * Demo data of a recall (docs/pharma.md "Recall campaigns"): one lot of Metformin
 * Stada 850mg shipped to three of An Khang's customers with their past orders, then a level-2 recall of it
 * opened five days ago (deadline fifteen days from the decision), and one customer's return booked
 * into quarantine, so the recall screen shows returned against shipped and what is still out.
 */
import { and, desc, eq, gte, inArray } from 'drizzle-orm';
import { addDays } from '@contract/calendar-days';
import { vietnamDay } from '@contract/price-policy';
import type { Db } from '@server/kernel/db/client';
import { customers, orders, products, stockLotBalances, stockLots, variants } from '@server/kernel/db/schema';
import { bookRecallReturn, openRecall } from '@server/modules/pharma';
import { createReceipt } from '@server/modules/warehouse';

// A drug no test orders (tests take the catalogue's first variants: Amlodipin comes first by name).
const PRODUCT = 'Metformin Stada 850mg';
/** Base units (viên) shipped to each customer, by code; the first returns all of it. */
const SHIPPED: [string, number][] = [
  ['KH000001', 60],
  ['KH000004', 100],
  ['KH000006', 40],
];

async function lotToRecall(tx: Db, companyId: number) {
  const [row] = await tx
    .select({ lotId: stockLots.id, lotNo: stockLots.lotNo, variantId: stockLots.variantId, warehouseId: stockLotBalances.warehouseId })
    .from(stockLots)
    .innerJoin(variants, and(eq(variants.id, stockLots.variantId), eq(variants.companyId, stockLots.companyId)))
    .innerJoin(products, and(eq(products.id, variants.productId), eq(products.companyId, variants.companyId)))
    .innerJoin(stockLotBalances, and(eq(stockLotBalances.lotId, stockLots.id), eq(stockLotBalances.companyId, stockLots.companyId)))
    .where(and(eq(stockLots.companyId, companyId), eq(products.name, PRODUCT), gte(stockLotBalances.onHand, 200)))
    .orderBy(stockLots.id)
    .limit(1);
  return row;
}

/** Each customer's latest completed order, to ship the lot with. */
async function latestOrders(tx: Db, companyId: number): Promise<Map<string, { orderId: string; customerId: string }>> {
  const rows = await tx
    .select({ code: customers.code, customerId: customers.id, orderId: orders.id })
    .from(orders)
    .innerJoin(customers, and(eq(customers.id, orders.customerId), eq(customers.companyId, orders.companyId)))
    .where(
      and(
        eq(orders.companyId, companyId),
        eq(orders.status, 'completed'),
        inArray(
          customers.code,
          SHIPPED.map(([code]) => code),
        ),
      ),
    )
    .orderBy(desc(orders.createdAt));
  const latest = new Map<string, { orderId: string; customerId: string }>();
  for (const row of rows) if (!latest.has(row.code)) latest.set(row.code, { orderId: row.orderId, customerId: row.customerId });
  return latest;
}

export async function seedDemoRecall(db: Db, input: { anKhangId: number; anId: number }, today = vietnamDay()): Promise<void> {
  const companyId = input.anKhangId;
  await db.transaction(async (tx) => {
    const lot = await lotToRecall(tx, companyId);
    const shippedWith = await latestOrders(tx, companyId);
    if (!lot || shippedWith.size < SHIPPED.length) return;
    const shipDay = addDays(today, -12);
    for (const [code, quantity] of SHIPPED) {
      await createReceipt(tx, {
        companyId,
        kind: 'export',
        header: {
          warehouseId: lot.warehouseId,
          orderId: shippedWith.get(code)!.orderId,
          documentDate: shipDay,
          note: 'Xuất hàng theo đơn',
        },
        lines: [
          {
            variant_id: lot.variantId,
            unit: 'viên',
            quantity,
            document_quantity: quantity,
            unit_price: 0,
            lot_id: lot.lotId,
            lot_no: null,
            manufactured_on: null,
            expires_on: null,
          },
        ],
        accountId: input.anId,
        status: 'completed',
      });
    }
    const decisionDay = addDays(today, -5);
    const campaignId = await openRecall(
      tx,
      {
        company: companyId,
        scope: 'lot',
        lot_id: lot.lotId,
        registration_number: null,
        level: 2,
        decision_number: '512/QĐ-QLD',
        decision_date: decisionDay,
        reason: `Lô ${lot.lotNo} không đạt chỉ tiêu độ hòa tan (thuốc không đạt tiêu chuẩn chất lượng mức độ 2)`,
        zns_template: null,
      },
      input.anId,
    );
    const [first, quantity] = SHIPPED[0]!;
    await bookRecallReturn(
      tx,
      campaignId,
      {
        company: companyId,
        customer_id: shippedWith.get(first)!.customerId,
        lot_id: lot.lotId,
        quantity,
        document_date: addDays(today, -2),
        warehouse_id: null,
        note: 'Nhà thuốc trả toàn bộ theo thông báo thu hồi',
      },
      input.anId,
    );
  });
}
