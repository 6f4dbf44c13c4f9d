/** Orders as records (contract OrderRecord): row-to-wire mapping and loading, for sync and lists. */
import { and, eq, sql } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { OrderLineRecord, OrderRecord } from '@contract/orders';
import type { DiscountApproval, DiscountApprovalState } from '@contract/orders-discount';
import type { OrderStatus, PaymentStatus } from '@contract/orders-status';
import type { Db } from '@server/kernel/db/client';
import { accounts, orderLines, orders, orderTypes } from '@server/kernel/db/schema';
import { selectOnce } from '@server/kernel/db/select-once';

type OrderRow = typeof orders.$inferSelect;

/** Every key of a line's record but `discount`, with the column it comes from. */
const LINE_COLUMNS = {
  id: orderLines.id,
  variant_id: orderLines.variantId,
  product_name: orderLines.productName,
  variant_name: orderLines.variantName,
  sku: orderLines.sku,
  unit: orderLines.unit,
  factor: orderLines.factor,
  quantity: orderLines.quantity,
  unit_price: orderLines.unitPrice,
  list_price: orderLines.listPrice,
  policy_title: orderLines.policyTitle,
  discount_amount: orderLines.discountAmount,
  promotion_amount: orderLines.promotionAmount,
  promotions: orderLines.promotions,
  is_gift: orderLines.isGift,
  promotion_id: orderLines.promotionId,
  vat_rate: orderLines.vatRate,
  vat_amount: orderLines.vatAmount,
  line_total: orderLines.lineTotal,
} satisfies Record<Exclude<keyof OrderLineRecord, 'discount'>, AnyPgColumn>;

/**
 * An order's lines as records (OrderLineRecord), in its own row: a page of orders is one statement.
 * A discount of a kind the contract does not know is no discount. Only in orderRecordsById, whose
 * joins make drizzle qualify these columns (on one table it leaves them bare, and "id" would then
 * be the line's).
 */
const lineRecords = sql<OrderLineRecord[]>`coalesce((
  select json_agg(json_build_object(${sql.join(
    Object.entries(LINE_COLUMNS).map(([key, column]) => sql`${sql.raw(`'${key}'`)}, ${column}`),
    sql`, `,
  )}, 'discount', case when ${orderLines.discountKind} in ('percent', 'amount')
      then json_build_object('kind', ${orderLines.discountKind}, 'value', coalesce(${orderLines.discountValue}, 0)) end)
    order by ${orderLines.sort})
  from ${orderLines} where ${orderLines.orderId} = ${orders.id}), '[]')`;

function toApproval(row: OrderRow, approverName: string | null): DiscountApproval | null {
  if (row.discountApproval !== 'needed' && row.discountApproval !== 'approved') return null;
  return {
    state: row.discountApproval as DiscountApprovalState,
    reason: row.discountApprovalReason ?? '',
    approved_by: row.discountApproval === 'approved' ? approverName : null,
    approved_at: row.discountApprovedAt?.toISOString() ?? null,
  };
}

export function toOrderRecord(
  row: OrderRow,
  accountName: string,
  lines: OrderLineRecord[],
  approverName: string | null = null,
  typeName: string | null = null,
): OrderRecord {
  return {
    id: row.id,
    company: row.companyId,
    code: row.code,
    local_no: row.localNo,
    status: row.status as OrderStatus,
    status_reason: row.statusReason,
    payment_status: row.paymentStatus as PaymentStatus,
    customer_id: row.customerId,
    customer_code: row.customerCode,
    customer_name: row.customerName,
    customer_phone: row.customerPhone,
    customer_address: row.customerAddress,
    province_code: row.provinceCode,
    ward_code: row.wardCode,
    account_id: row.accountId,
    account_name: accountName,
    visit_id: row.visitId,
    group_id: row.groupId,
    delivery_date: row.deliveryDate,
    note: row.note,
    vat_on: row.vatOn,
    lines,
    subtotal: row.subtotal,
    discount_total: row.discountTotal,
    promotion_total: row.promotionTotal,
    promotions: row.promotions,
    vat_total: row.vatTotal,
    total: row.total,
    created_at: row.createdAt.toISOString(),
    received_at: row.receivedAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    off_route: row.offRoute,
    discount_approval: toApproval(row, approverName),
    order_type_id: row.orderTypeId,
    order_type_name: typeName,
    credit_warning: row.creditWarning,
  };
}

/** The read of orderRecordsById, built once (server/kernel/db/select-once.ts). */
const recordsSelect = selectOnce((db) => {
  const approver = alias(accounts, 'approver');
  return db
    .select({
      order: orders,
      accountName: accounts.fullName,
      typeName: orderTypes.name,
      approverName: approver.fullName,
      lines: lineRecords,
    })
    .from(orders)
    .innerJoin(accounts, eq(accounts.id, orders.accountId))
    .leftJoin(orderTypes, eq(orderTypes.id, orders.orderTypeId))
    .leftJoin(approver, eq(approver.id, orders.discountApprovedBy))
    .where(and(eq(orders.companyId, sql.placeholder('company')), sql`${orders.id} = any(${sql.placeholder('ids')}::uuid[])`));
});

/** Full records (with lines) of some orders of a company, by id: one statement. */
export async function orderRecordsById(db: Db, companyId: number, ids: readonly string[]): Promise<Map<string, OrderRecord>> {
  if (ids.length === 0) return new Map();
  const rows = await recordsSelect(db, { company: companyId, ids: [...ids] });
  return new Map(rows.map((row) => [row.order.id, toOrderRecord(row.order, row.accountName, row.lines, row.approverName, row.typeName)]));
}

/** The sync loader: the change log names orders by id. */
export function loadOrderRecords(db: Db, companyId: number, ids: string[]): Promise<Map<string, OrderRecord>> {
  return orderRecordsById(db, companyId, ids);
}
