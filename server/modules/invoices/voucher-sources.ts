/**
 * What becomes a voucher in AMIS (contract/invoices-accounting.ts ACCOUNTING_SOURCES), one entry
 * per source: the records ready to push, and the voucher a record is sent as. Completed orders are
 * sales vouchers (voucher_type 13: 131 / 5111, VAT to 33311), completed import receipts inward
 * vouchers (1561 / 331), confirmed payments (phiếu thu, server/modules/receivables) receipt vouchers
 * (1111 cash or 1121 bank / 131 of the customer). The voucher and reference types follow AMIS's
 * numbering as far as its public notes show it; a real account confirms them (docs/invoices.md).
 */
import { and, desc, eq, inArray, notExists, sql, type SQL } from 'drizzle-orm';
import type { AccountingSource, SyncCandidate } from '@contract/invoices-accounting';
import type { Db } from '@server/kernel/db/client';
import {
  accountingSyncs,
  customers,
  orderLines,
  orders,
  payments,
  stockReceiptLines,
  stockReceipts,
  variants,
  warehouses,
} from '@server/kernel/db/schema';
import { badRequest, notFound } from '@server/kernel/errors';
import { PermanentJobError } from '@server/kernel/jobs';
import { defaultWarehouse } from '@server/modules/warehouse';
import { accountCodes } from './account-codes';

type Voucher = Record<string, unknown>;

export type VoucherSource = {
  /** Records ready to push (completed, of the company) among `ids`, or all not pushed yet when none given. */
  ready: (db: Db, companyId: number, ids: readonly string[] | null, limit: number) => Promise<SyncCandidate[]>;
  /** The voucher AMIS is sent for a record; a record no longer ready stops the job with why. */
  voucher: (db: Db, companyId: number, sourceId: string, orgRefid: string) => Promise<Voucher>;
};

const day = (value: Date | string) =>
  typeof value === 'string' ? value : new Date(value.getTime() + 7 * 3600_000).toISOString().slice(0, 10);

/** Not pushed yet: no sync row names the record. */
const notPushed = (db: Db, companyId: number, source: AccountingSource, id: SQL) =>
  notExists(
    db
      .select({ id: accountingSyncs.id })
      .from(accountingSyncs)
      .where(and(eq(accountingSyncs.companyId, companyId), eq(accountingSyncs.source, source), sql`${accountingSyncs.sourceId} = ${id}`)),
  );

const orderSource: VoucherSource = {
  async ready(db, companyId, ids, limit) {
    const rows = await db
      .select({
        id: orders.id,
        code: orders.code,
        localNo: orders.localNo,
        customer: orders.customerName,
        total: orders.total,
        at: orders.createdAt,
      })
      .from(orders)
      .where(
        and(
          eq(orders.companyId, companyId),
          eq(orders.status, 'completed'),
          ids ? inArray(orders.id, [...ids]) : notPushed(db, companyId, 'order', sql`${orders.id}::text`),
        ),
      )
      .orderBy(desc(orders.createdAt))
      .limit(limit);
    return rows.map((row) => ({
      source_id: row.id,
      source_code: row.code ?? row.localNo,
      partner_name: row.customer,
      amount: row.total,
      source_date: row.at.toISOString(),
    }));
  },
  async voucher(db, companyId, sourceId, orgRefid) {
    const [order] = await db
      .select()
      .from(orders)
      .where(and(eq(orders.companyId, companyId), eq(orders.id, sourceId)));
    if (!order || order.status !== 'completed') throw new PermanentJobError('Đơn hàng không còn ở trạng thái hoàn thành');
    const [customer] = await db.select({ taxCode: customers.taxCode }).from(customers).where(eq(customers.id, order.customerId));
    const lines = await db
      .select({ line: orderLines, code: variants.code })
      .from(orderLines)
      .innerJoin(variants, eq(variants.id, orderLines.variantId))
      .where(eq(orderLines.orderId, order.id))
      .orderBy(orderLines.sort);
    const warehouse = order.warehouseId
      ? (await db.select().from(warehouses).where(eq(warehouses.id, order.warehouseId)))[0]!
      : await defaultWarehouse(db, companyId);
    const codes = await accountCodes(db, companyId, {
      customer: [order.customerId],
      variant: lines.map((row) => row.line.variantId),
      warehouse: [warehouse.id],
    });
    const detail = lines.map(({ line, code }, index) => ({
      sort_order: index + 1,
      inventory_item_code: codes.code('variant', line.variantId, code),
      description: [line.productName, line.variantName].filter(Boolean).join(' - ') + (line.isGift ? ' (hàng khuyến mại)' : ''),
      stock_code: codes.code('warehouse', warehouse.id, warehouse.code),
      unit_name: line.unit,
      quantity: line.quantity,
      unit_price: line.unitPrice,
      amount: line.unitPrice * line.quantity,
      discount_amount: line.discountAmount + line.promotionAmount,
      vat_rate: line.vatRate,
      vat_amount: line.vatAmount,
      debit_account: codes.account('receivable'),
      credit_account: codes.account('revenue'),
      vat_account: codes.account('vat_output'),
    }));
    return {
      voucher_type: 13,
      org_refid: orgRefid,
      org_reftype: 3530,
      refno_finance: order.code ?? order.localNo,
      ref_date: day(order.createdAt),
      posted_date: day(order.updatedAt),
      account_object_code: codes.code('customer', order.customerId, order.customerCode),
      account_object_name: order.customerName,
      account_object_address: order.customerAddress,
      account_object_tax_code: customer?.taxCode ?? null,
      journal_memo: `Bán hàng theo đơn ${order.code ?? order.localNo}`,
      total_sale_amount: order.subtotal,
      total_discount_amount: order.discountTotal + order.promotionTotal,
      total_vat_amount: order.vatTotal,
      total_amount: order.total,
      detail,
    };
  },
};

const receiptSource: VoucherSource = {
  async ready(db, companyId, ids, limit) {
    const rows = await db
      .select({
        id: stockReceipts.id,
        code: stockReceipts.code,
        partner: stockReceipts.partnerName,
        total: stockReceipts.totalAmount,
        at: stockReceipts.documentDate,
      })
      .from(stockReceipts)
      .where(
        and(
          eq(stockReceipts.companyId, companyId),
          eq(stockReceipts.kind, 'import'),
          eq(stockReceipts.status, 'completed'),
          ids ? inArray(stockReceipts.id, [...ids]) : notPushed(db, companyId, 'receipt', sql`${stockReceipts.id}::text`),
        ),
      )
      .orderBy(desc(stockReceipts.documentDate))
      .limit(limit);
    return rows.map((row) => ({
      source_id: row.id,
      source_code: row.code,
      partner_name: row.partner ?? '',
      amount: row.total,
      source_date: `${row.at}T00:00:00+07:00`,
    }));
  },
  async voucher(db, companyId, sourceId, orgRefid) {
    const [receipt] = await db
      .select({ receipt: stockReceipts, warehouseCode: warehouses.code })
      .from(stockReceipts)
      .innerJoin(warehouses, eq(warehouses.id, stockReceipts.warehouseId))
      .where(and(eq(stockReceipts.companyId, companyId), eq(stockReceipts.id, sourceId)));
    if (!receipt || receipt.receipt.kind !== 'import' || receipt.receipt.status !== 'completed')
      throw new PermanentJobError('Phiếu nhập không còn ở trạng thái hoàn thành');
    const lines = await db
      .select({ line: stockReceiptLines, code: variants.code, name: variants.name })
      .from(stockReceiptLines)
      .innerJoin(variants, eq(variants.id, stockReceiptLines.variantId))
      .where(eq(stockReceiptLines.receiptId, sourceId))
      .orderBy(stockReceiptLines.sort);
    const codes = await accountCodes(db, companyId, {
      variant: lines.map((row) => row.line.variantId),
      warehouse: [receipt.receipt.warehouseId],
    });
    return {
      voucher_type: 1,
      org_refid: orgRefid,
      org_reftype: 2010,
      refno_finance: receipt.receipt.code,
      ref_date: receipt.receipt.documentDate,
      posted_date: receipt.receipt.documentDate,
      account_object_name: receipt.receipt.partnerName,
      journal_memo: `Nhập kho theo phiếu ${receipt.receipt.code}${receipt.receipt.sourceDocument ? ` (${receipt.receipt.sourceDocument})` : ''}`,
      total_amount: receipt.receipt.totalAmount,
      detail: lines.map(({ line, code, name }, index) => ({
        sort_order: index + 1,
        inventory_item_code: codes.code('variant', line.variantId, code),
        description: name,
        stock_code: codes.code('warehouse', receipt.receipt.warehouseId, receipt.warehouseCode),
        unit_name: line.unit,
        quantity: line.quantity,
        unit_price: line.unitPrice,
        amount: line.amount,
        lot_no: line.lotNo,
        expiry_date: line.expiresOn,
        debit_account: codes.account('inventory'),
        credit_account: codes.account('payable'),
      })),
    };
  },
};

/** AMIS's receipt vouchers: money into the till (phiếu thu tiền mặt) or the bank (thu tiền gửi: transfers and COD). */
const RECEIPT_VOUCHER = { cash: { voucherType: 5, refType: 1010 }, bank: { voucherType: 6, refType: 1500 } } as const;

const paymentSource: VoucherSource = {
  async ready(db, companyId, ids, limit) {
    const rows = await db
      .select({ id: payments.id, code: payments.code, customer: customers.name, amount: payments.amount, at: payments.confirmedAt })
      .from(payments)
      .innerJoin(customers, eq(customers.id, payments.customerId))
      .where(
        and(
          eq(payments.companyId, companyId),
          eq(payments.state, 'confirmed'),
          ids ? inArray(payments.id, [...ids]) : notPushed(db, companyId, 'payment', sql`${payments.id}::text`),
        ),
      )
      .orderBy(desc(payments.confirmedAt))
      .limit(limit);
    return rows.map((row) => ({
      source_id: row.id,
      source_code: row.code,
      partner_name: row.customer,
      amount: row.amount,
      source_date: (row.at ?? new Date()).toISOString(),
    }));
  },
  async voucher(db, companyId, sourceId, orgRefid) {
    const [row] = await db
      .select({ payment: payments, customerCode: customers.code, customerName: customers.name, orderCode: orders.code })
      .from(payments)
      .innerJoin(customers, eq(customers.id, payments.customerId))
      .leftJoin(orders, eq(orders.id, payments.orderId))
      .where(and(eq(payments.companyId, companyId), eq(payments.id, sourceId)));
    if (!row || row.payment.state !== 'confirmed') throw new PermanentJobError('Phiếu thu không còn ở trạng thái đã xác nhận');
    const { payment } = row;
    const codes = await accountCodes(db, companyId, { customer: [payment.customerId] });
    const customerCode = codes.code('customer', payment.customerId, row.customerCode);
    const into = payment.method === 'cash' ? 'cash' : 'bank';
    const memo = `Thu tiền ${row.customerName}${row.orderCode ? ` theo đơn ${row.orderCode}` : ''}`;
    return {
      voucher_type: RECEIPT_VOUCHER[into].voucherType,
      org_refid: orgRefid,
      org_reftype: RECEIPT_VOUCHER[into].refType,
      refno_finance: payment.code,
      ref_date: day(payment.collectedAt),
      posted_date: day(payment.confirmedAt ?? payment.collectedAt),
      account_object_code: customerCode,
      account_object_name: row.customerName,
      journal_memo: payment.reference ? `${memo} (${payment.reference})` : memo,
      total_amount: payment.amount,
      detail: [
        {
          sort_order: 1,
          description: memo,
          amount: payment.amount,
          debit_account: codes.account(into),
          credit_account: codes.account('receivable'),
          account_object_code: customerCode,
        },
      ],
    };
  },
};

export const VOUCHER_SOURCES: Record<AccountingSource, VoucherSource> = {
  order: orderSource,
  receipt: receiptSource,
  payment: paymentSource,
};

/** The records among `ids` ready to push, or a 4xx naming the first that is not. */
export async function readyRecords(db: Db, companyId: number, source: AccountingSource, ids: readonly string[] | null, limit: number) {
  const ready = await VOUCHER_SOURCES[source].ready(db, companyId, ids, limit);
  if (ids) {
    const missing = ids.find((id) => !ready.some((record) => record.source_id === id));
    if (missing)
      throw (await recordExists(db, companyId, source, missing))
        ? badRequest('VALIDATION_FAILED', 'Chỉ đồng bộ chứng từ đã hoàn thành')
        : notFound('Không tìm thấy chứng từ');
  }
  return ready;
}

async function recordExists(db: Db, companyId: number, source: AccountingSource, id: string): Promise<boolean> {
  const table = { order: orders, receipt: stockReceipts, payment: payments }[source];
  const [row] = await db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.companyId, companyId), eq(table.id, id)));
  return Boolean(row);
}
