/**
 * What a delivery needs from its order: the receiver (the customer's address as the order keeps
 * it, names for the carriers), the goods with their weight (contract/delivery-parcel.ts) and the
 * COD it collects by default.
 */
import { and, asc, eq, ne, sql, type SQL } from 'drizzle-orm';
import { DELIVERY_MESSAGES } from '@contract/delivery';
import type { StorageCondition } from '@contract/pharma';
import type { ColdItem } from '@contract/pharma-cold';
import { defaultCod, proposeParcel, DEFAULT_UNIT_WEIGHT_GRAMS } from '@contract/delivery-parcel';
import type { Db } from '@server/kernel/db/client';
import { customers, orderLines, orders, paymentAllocations, payments, products, variants } from '@server/kernel/db/schema';
import { goodsStorages } from '@server/modules/warehouse';
import { notFound } from '@server/kernel/errors';
import type { Receiver } from './carriers/carrier';

export type OrderRow = typeof orders.$inferSelect;

export type OrderGoods = {
  order: OrderRow;
  receiver: Receiver;
  items: { name: string; code: string; quantity: number; weightGrams: number }[];
  proposal: ReturnType<typeof proposeParcel>;
  cod: number;
  /** Lines kept cold or frozen: no ordinary carrier service may take them (contract/pharma-cold.ts). */
  cold: ColdItem[];
  /** The storage conditions a reading on this order's delivery is checked against. */
  storages: StorageCondition[];
};

export async function orderGoods(db: Db, companyId: number, orderId: string, scope: SQL | null = null): Promise<OrderGoods> {
  const [found] = await db
    .select({ order: orders, customer: customers })
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .where(and(eq(orders.companyId, companyId), eq(orders.id, orderId), scope ?? undefined));
  if (!found) throw notFound(DELIVERY_MESSAGES.orderNotFound);
  const { order, customer } = found;
  const lines = await db
    .select({
      line: orderLines,
      weight: variants.weightGrams,
      length: variants.lengthCm,
      width: variants.widthCm,
      height: variants.heightCm,
      storage: products.storage,
    })
    .from(orderLines)
    .innerJoin(variants, eq(variants.id, orderLines.variantId))
    .innerJoin(products, and(eq(products.companyId, variants.companyId), eq(products.id, variants.productId)))
    .where(eq(orderLines.orderId, order.id))
    .orderBy(asc(orderLines.sort));
  const proposal = proposeParcel(
    lines.map(({ line, weight, length, width, height }) => ({
      baseQuantity: line.quantity * line.factor,
      weightGrams: weight,
      lengthCm: length,
      widthCm: width,
      heightCm: height,
    })),
  );
  const goods = goodsStorages(
    lines.map(({ line, storage }) => ({
      name: [line.productName, line.variantName].filter(Boolean).join(' – '),
      storage: storage as StorageCondition,
    })),
  );
  return {
    order,
    cold: goods.cold,
    storages: goods.storages,
    receiver: {
      name: order.customerName,
      phone: order.customerPhone ?? customer.phone ?? '',
      address: order.customerAddress || [customer.street, customer.wardName, customer.provinceName].filter(Boolean).join(', '),
      province: customer.provinceName ?? '',
      district: customer.addressScheme === 'VN_LEGACY' ? (customer.districtName ?? '') : '',
      ward: customer.wardName ?? '',
    },
    items: lines.map(({ line, weight }) => ({
      name: [line.productName, line.variantName].filter(Boolean).join(' – '),
      code: line.sku,
      quantity: line.quantity,
      weightGrams: (weight ?? DEFAULT_UNIT_WEIGHT_GRAMS) * line.factor,
    })),
    proposal,
    // What the order still owes: its total less the payments against it (receivables; a rep's
    // collection waiting for the cashier counts, the customer paid it), nothing when marked paid.
    cod: order.paymentStatus === 'paid' ? 0 : defaultCod(order.total, await paidFor(db, companyId, order.id)),
  };
}

async function paidFor(db: Db, companyId: number, orderId: string): Promise<number> {
  const [row] = await db
    .select({ paid: sql<string>`coalesce(sum(${paymentAllocations.amount}), 0)` })
    .from(paymentAllocations)
    .innerJoin(payments, eq(payments.id, paymentAllocations.paymentId))
    .where(and(eq(paymentAllocations.companyId, companyId), eq(paymentAllocations.orderId, orderId), ne(payments.state, 'cancelled')));
  return Number(row?.paid ?? 0);
}
