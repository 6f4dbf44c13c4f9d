import Dexie from 'dexie';
import * as v from 'valibot';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PaymentCollectSchema } from '@contract/receivables';
import { uuidv7 } from '@contract/uuid';
import { AppDb } from '@/db/app-db';
import { enqueueOp } from '@/sync/outbox';
import { collectPayment, CollectProblem } from './collect-payment';

let db: AppDb;
beforeEach(async () => {
  db = new AppDb(`collect-payment-${uuidv7()}`);
  await db.open();
});
afterEach(async () => {
  db.close();
  await Dexie.delete(db.name);
});

const COLLECTOR = { companyId: 7, accountId: 21, accountName: 'Lê Văn Trình' };
const CUSTOMER = { id: uuidv7(), code: 'KH000004', name: 'Nhà thuốc Minh Châu', address: '12 Lý Thường Kiệt' };
const NOW = new Date('2026-11-27T03:00:00Z');
const INPUT = { orderId: null, orderCode: null, amount: 1_500_000, method: 'cash' as const, reference: null, note: 'Thu nợ tháng 10' };

describe('collectPayment', () => {
  it('writes the receipt and its op together, with a payload the server will accept', async () => {
    const payment = await collectPayment(db, COLLECTOR, CUSTOMER, INPUT, NOW);
    expect(await db.payments.get(payment.id)).toMatchObject({
      state: 'pending',
      syncState: 'pending',
      code: null,
      amount: 1_500_000,
      collected_by_name: 'Lê Văn Trình',
    });
    const ops = await db.outbox.toArray();
    expect(ops).toHaveLength(1);
    expect(ops[0]).toMatchObject({ type: 'payment.collect', entity: { type: 'payment', id: payment.id }, state: 'pending', dependsOn: [] });
    expect(v.safeParse(PaymentCollectSchema, ops[0]!.payload).success).toBe(true);
  });

  it('waits for the customer and the order made on this device', async () => {
    const orderId = uuidv7();
    const customerOp = await db.transaction('rw', db.outbox, () =>
      enqueueOp(db, {
        type: 'customer.create',
        companyId: 7,
        accountId: 21,
        entity: { type: 'customer', id: CUSTOMER.id },
        payload: { id: CUSTOMER.id, name: CUSTOMER.name } as never,
      }),
    );
    const orderOp = await db.transaction('rw', db.outbox, () =>
      enqueueOp(db, {
        type: 'order.submit',
        companyId: 7,
        accountId: 21,
        entity: { type: 'order', id: orderId },
        payload: {
          orderId,
          localNo: 'LVT-A1B2-1',
          customerId: CUSTOMER.id,
          lines: [{ lineId: uuidv7(), variantId: 1, unit: 'hộp', quantity: 1, quotedUnitPrice: 1000 }],
          quotedTotal: 1000,
          createdAt: NOW.toISOString(),
        } as never,
      }),
    );
    const payment = await collectPayment(db, COLLECTOR, CUSTOMER, { ...INPUT, orderId, orderCode: null }, NOW);
    const op = await db.outbox.where('entity.id').equals(payment.id).first();
    expect(op?.dependsOn.sort()).toEqual([customerOp, orderOp].sort());
  });

  it('refuses a zero amount in Vietnamese and writes nothing', async () => {
    await expect(collectPayment(db, COLLECTOR, CUSTOMER, { ...INPUT, amount: 0 }, NOW)).rejects.toThrow(CollectProblem);
    await expect(collectPayment(db, COLLECTOR, CUSTOMER, { ...INPUT, amount: 0 }, NOW)).rejects.toThrow('Số tiền phải lớn hơn 0');
    expect([await db.payments.count(), await db.outbox.count()]).toEqual([0, 0]);
  });
});
