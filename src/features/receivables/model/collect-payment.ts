/**
 * A rep collects money at the pharmacy (offline too): the receipt (phiếu thu, shown at once with
 * "Chờ đồng bộ") and its `payment.collect` op are written in one Dexie transaction. It waits for a
 * customer or an order made on this device to reach the server first. The cashier confirms it
 * later; only then does it lower the customer's balance (docs/receivables.md).
 */
import * as v from 'valibot';
import type { OrderStatus } from '@contract/orders-status';
import { PaymentCollectSchema, type PaymentCollectPayload } from '@contract/receivables';
import { summarizeIssues } from '@contract/validation';
import { uuidv7 } from '@contract/uuid';
import type { AppDb, LocalPayment } from '@/db/app-db';
import { writeWithOp } from '@/sync/local-write';
import { enqueueOp, unappliedOpFor } from '@/sync/outbox';

export type Collector = { companyId: number; accountId: number; accountName: string };

export type CollectCustomer = { id: string; code: string; name: string; address: string };

export type CollectInput = {
  orderId: string | null;
  orderCode: string | null;
  amount: number;
  method: 'cash' | 'transfer';
  reference: string | null;
  note: string | null;
};

export class CollectProblem extends Error {
  constructor(
    message: string,
    readonly fields: Record<string, string>,
  ) {
    super(message);
  }
}

export async function collectPayment(
  db: AppDb,
  collector: Collector,
  customer: CollectCustomer,
  input: CollectInput,
  now = new Date(),
): Promise<LocalPayment> {
  const paymentId = uuidv7(now.getTime());
  const parsed = v.safeParse(PaymentCollectSchema, {
    paymentId,
    customerId: customer.id,
    orderId: input.orderId,
    amount: input.amount,
    method: input.method,
    reference: input.reference,
    note: input.note,
    collectedAt: now.toISOString(),
  });
  if (!parsed.success) {
    const summary = summarizeIssues(parsed.issues);
    throw new CollectProblem(summary.message, summary.fields);
  }
  const payload: PaymentCollectPayload = parsed.output;
  const payment: LocalPayment = {
    id: paymentId,
    company: collector.companyId,
    code: null,
    customer_id: customer.id,
    customer_code: customer.code,
    customer_name: customer.name,
    customer_address: customer.address,
    order_id: input.orderId,
    order_code: input.orderCode,
    amount: payload.amount,
    method: payload.method,
    reference: payload.reference,
    note: payload.note,
    state: 'pending',
    collected_by: collector.accountId,
    collected_by_name: collector.accountName,
    collected_at: payload.collectedAt,
    confirmed_by_name: null,
    confirmed_at: null,
    cancel_reason: null,
    allocations: [],
    created_at: payload.collectedAt,
    syncState: 'pending',
    error: null,
  };
  await writeWithOp(db, [db.payments], async () => {
    // A customer or an order made on this device must reach the server first.
    const customerOp = await unappliedOpFor(db, customer.id, 'customer.create');
    const orderOp = input.orderId ? await unappliedOpFor(db, input.orderId, 'order.submit') : null;
    await db.payments.add(payment);
    await enqueueOp(
      db,
      {
        type: 'payment.collect',
        companyId: collector.companyId,
        accountId: collector.accountId,
        entity: { type: 'payment', id: paymentId },
        dependsOn: [customerOp, orderOp].filter((op): op is string => op !== null),
        payload,
      },
      now,
    );
  });
  return payment;
}

/** Orders money can be collected for: taken and not cancelled, refused or returned. */
export const PAYABLE_STATUSES: readonly OrderStatus[] = ['pending', 'confirmed', 'delivering', 'completed'];
