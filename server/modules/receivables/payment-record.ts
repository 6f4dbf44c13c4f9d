/** Payments as records (contract PaymentRecord): loading by id with their customer, order, people and allocations. */
import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { formatAddress } from '@contract/address';
import type { PaymentMethod, PaymentRecord, PaymentState } from '@contract/receivables';
import type { Db } from '@server/kernel/db/client';
import { accounts, customers, orders, paymentAllocations, payments } from '@server/kernel/db/schema';
import { addressOf } from '@server/modules/customers';

const collector = alias(accounts, 'collector');
const confirmer = alias(accounts, 'confirmer');

export async function paymentRecordsById(
  db: Db,
  companyId: number,
  ids: readonly string[],
  scope: SQL | null = null,
): Promise<Map<string, PaymentRecord>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      payment: payments,
      customer: customers,
      orderCode: orders.code,
      collectorName: collector.fullName,
      confirmerName: confirmer.fullName,
    })
    .from(payments)
    .innerJoin(customers, eq(customers.id, payments.customerId))
    .leftJoin(orders, eq(orders.id, payments.orderId))
    .leftJoin(collector, eq(collector.id, payments.collectedBy))
    .leftJoin(confirmer, eq(confirmer.id, payments.confirmedBy))
    .where(and(eq(payments.companyId, companyId), inArray(payments.id, [...ids]), scope ?? undefined));
  const allocations = await db
    .select({
      paymentId: paymentAllocations.paymentId,
      orderId: paymentAllocations.orderId,
      amount: paymentAllocations.amount,
      orderCode: orders.code,
    })
    .from(paymentAllocations)
    .innerJoin(orders, eq(orders.id, paymentAllocations.orderId))
    .where(and(eq(paymentAllocations.companyId, companyId), inArray(paymentAllocations.paymentId, [...ids])))
    .orderBy(asc(orders.createdAt));
  const records = new Map<string, PaymentRecord>();
  for (const { payment, customer, orderCode, collectorName, confirmerName } of rows) {
    records.set(payment.id, {
      id: payment.id,
      company: payment.companyId,
      code: payment.code,
      customer_id: customer.id,
      customer_code: customer.code,
      customer_name: customer.name,
      customer_address: formatAddress(addressOf(customer)),
      order_id: payment.orderId,
      order_code: orderCode,
      amount: payment.amount,
      method: payment.method as PaymentMethod,
      reference: payment.reference,
      note: payment.note,
      state: payment.state as PaymentState,
      collected_by: payment.collectedBy,
      collected_by_name: collectorName,
      collected_at: payment.collectedAt.toISOString(),
      confirmed_by_name: confirmerName,
      confirmed_at: payment.confirmedAt?.toISOString() ?? null,
      cancel_reason: payment.cancelReason,
      allocations: allocations
        .filter((allocation) => allocation.paymentId === payment.id)
        .map((allocation) => ({ order_id: allocation.orderId, order_code: allocation.orderCode, amount: allocation.amount })),
      created_at: payment.createdAt.toISOString(),
    });
  }
  return records;
}
