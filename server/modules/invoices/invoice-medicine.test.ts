/**
 * Publishing the invoice of a medicine's order to the meInvoice simulator (docs/invoices.md
 * "Medicines"): shipped, its line carries the lots the export receipt took (§14.4 LotNo, ExpiryDate)
 * and the registration number and national drug code in its name; other goods carry none; an order
 * completed before anything left, or whose export was cancelled, carries no lot.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InvoiceRecord } from '@contract/invoices';
import type { OrderRecord } from '@contract/orders';
import type { VariantRecord } from '@contract/products';
import { products, stockReceipts } from '@server/kernel/db/schema';
import { unguarded } from '@server/testing/change-log-guard';
import { INVOICE_BUYER, startInvoiceKit, type InvoiceKit } from '@server/testing/invoices.kit';
import { stockTo } from '@server/testing/warehouse.kit';

let kit: InvoiceKit;
let drug: VariantRecord;
let other: VariantRecord;

const boxOf = (variant: VariantRecord) => [...variant.units].sort((a, b) => b.factor - a.factor)[0]!.unit;

async function setProduct(variant: VariantRecord, values: Partial<typeof products.$inferInsert>) {
  await unguarded(kit.server.deps.db, (tx) =>
    tx
      .update(products)
      .set(values)
      .where(and(eq(products.companyId, kit.anKhang), eq(products.id, variant.product_id))),
  );
}

async function move(id: string, status: string) {
  const moved = await kit.server.call(`/order/api/updatestatusordercompany/${id}/`, {
    method: 'PUT',
    token: kit.an.access,
    body: { company: kit.anKhang, status, reason: null },
  });
  if (moved.status !== 200) throw new Error(`${status}: ${JSON.stringify(moved.body)}`);
}

/** Two boxes of the drug and one of the other goods, shipped (an export receipt, FEFO) and completed. */
async function shippedOrder(): Promise<OrderRecord> {
  const order = await kit.createOrder({
    customerCode: 'KH000001',
    lines: [
      { variant: drug, unit: boxOf(drug), quantity: 2 },
      { variant: other, unit: other.units.at(-1)!.unit, quantity: 1 },
    ],
  });
  await move(order.id, 'confirmed');
  await move(order.id, 'delivering');
  return order;
}

/** Issues the invoice of the orders, runs the publish job, and answers the lines meInvoice received. */
async function publishedLines(orderIds: string[]) {
  const issued = await kit.server.call<InvoiceRecord>('/invoice/api/einvoice/', {
    token: kit.accountant.access,
    body: { company: kit.anKhang, order_ids: orderIds, buyer: INVOICE_BUYER },
  });
  expect(issued.status, issued.body.message).toBe(201);
  await kit.drain();
  const detail = await kit.server.call<InvoiceRecord>(`/invoice/api/einvoice/${issued.body.data.id}/?company=${kit.anKhang}`, {
    token: kit.accountant.access,
  });
  expect(detail.body.data.status, detail.body.data.status_message ?? '').toBe('issued');
  const [published] = kit.sims.simulators.meinvoice.invoices().filter((invoice) => invoice.RefID === detail.body.data.ref_id);
  return { ours: detail.body.data.lines, sent: published!.Lines };
}

beforeAll(async () => {
  kit = await startInvoiceKit();
  await kit.drain(); // the demo's invoices
  drug = kit.variant('Hapacol 500');
  other = kit.variant('Panadol Extra');
  await setProduct(drug, { isMedicine: true, registrationNumber: 'VD-12345-20', nationalCode: 'QG-0000102' });
  await setProduct(other, { isMedicine: false });
  // Only the two lots below are on hand, so what the export takes is known: one box of each.
  await stockTo(kit.server, kit.an.access, kit.anKhang, drug, 0);
  await kit.stockLots('Hapacol 500', [
    { quantity: 1, unitPrice: 100_000, lotNo: 'HPC-B', expiresOn: '2099-03-31' },
    { quantity: 1, unitPrice: 100_000, lotNo: 'HPC-A', expiresOn: '2098-06-30' },
    { quantity: 5, unitPrice: 100_000, lotNo: 'HPC-C', expiresOn: '2099-12-31' },
  ]);
});
afterAll(async () => {
  await kit?.stop();
});

describe("a shipped medicine's invoice at meInvoice", () => {
  it('carries the lots it left with, the earliest expiry, and the SĐK and national code in the name', async () => {
    const order = await shippedOrder();
    await move(order.id, 'completed');
    const { ours, sent } = await publishedLines([order.id]);
    expect(sent[0]).toMatchObject({
      ItemName: 'Hapacol 500 (SĐK VD-12345-20, Mã QG QG-0000102)',
      LotNo: 'HPC-A, HPC-B',
      ExpiryDate: '2098-06-30',
    });
    // Other goods left with a lot of their own, but their line says nothing of it.
    expect(sent[1]).toMatchObject({ ItemName: 'Panadol Extra', LotNo: null, ExpiryDate: null });
    // The invoice keeps what it sent.
    expect(ours[0]).toMatchObject({ lot_no: 'HPC-A, HPC-B', expiry_date: '2098-06-30' });
    expect(ours[1]).not.toHaveProperty('lot_no');
  });

  it('carries no lot for an order completed before anything left the warehouse', async () => {
    const order = await kit.completedOrder();
    const { sent } = await publishedLines([order.id]);
    expect(sent[0]).toMatchObject({ ItemName: 'Hapacol 500 (SĐK VD-12345-20, Mã QG QG-0000102)', LotNo: null, ExpiryDate: null });
  });

  it('carries no lot once the export receipt was cancelled: the goods did not leave with it', async () => {
    const order = await shippedOrder();
    const [receipt] = await kit.server.deps.db
      .select({ id: stockReceipts.id })
      .from(stockReceipts)
      .where(and(eq(stockReceipts.companyId, kit.anKhang), eq(stockReceipts.orderId, order.id), eq(stockReceipts.kind, 'export')));
    const cancelled = await kit.server.call(`/warehouse/api/updatestatusexportreceipt/${receipt!.id}/`, {
      method: 'PUT',
      token: kit.an.access,
      body: { company: kit.anKhang, status: 'cancelled', reason: 'Xuất nhầm' },
    });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    await kit.completeOrders([order.id]);
    const { sent } = await publishedLines([order.id]);
    expect(sent[0]).toMatchObject({ LotNo: null, ExpiryDate: null });
  });
});
