/** Orders as records (contract OrderRecord): row-to-wire mapping and loading, for sync and lists. */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { OrderLineRecord, OrderRecord } from '@contract/orders';
import type { DiscountApproval, DiscountApprovalState } from '@contract/orders-discount';
import type { OrderStatus, PaymentStatus } from '@contract/orders-status';
import type { LineDiscount } from '@contract/orders-totals';
import type { Db } from '@server/kernel/db/client';
import { accounts, orderLines, orders, orderTypes } from '@server/kernel/db/schema';

type OrderRow = typeof orders.$inferSelect;
type LineRow = typeof orderLines.$inferSelect;

function toLineRecord(row: LineRow): OrderLineRecord {
  const discount: LineDiscount | null =
    row.discountKind === 'percent' || row.discountKind === 'amount' ? { kind: row.discountKind, value: row.discountValue ?? 0 } : null;
  return {
    id: row.id,
    variant_id: row.variantId,
    product_name: row.productName,
    variant_name: row.variantName,
    sku: row.sku,
    unit: row.unit,
    factor: row.factor,
    quantity: row.quantity,
    unit_price: row.unitPrice,
    list_price: row.listPrice,
    policy_title: row.policyTitle,
    discount,
    discount_amount: row.discountAmount,
    promotion_amount: row.promotionAmount,
    promotions: row.promotions,
    is_gift: row.isGift,
    promotion_id: row.promotionId,
    vat_rate: row.vatRate,
    vat_amount: row.vatAmount,
    line_total: row.lineTotal,
  };
}

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
  lines: LineRow[],
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
    lines: lines.map(toLineRecord),
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

/** Full records (with lines) of some orders of a company, by id. */
export async function orderRecordsById(db: Db, companyId: number, ids: readonly string[]): Promise<Map<string, OrderRecord>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ order: orders, accountName: accounts.fullName, typeName: orderTypes.name })
    .from(orders)
    .innerJoin(accounts, eq(accounts.id, orders.accountId))
    .leftJoin(orderTypes, eq(orderTypes.id, orders.orderTypeId))
    .where(and(eq(orders.companyId, companyId), inArray(orders.id, [...ids])));
  const lines = await db
    .select()
    .from(orderLines)
    .where(
      inArray(
        orderLines.orderId,
        rows.map((row) => row.order.id),
      ),
    )
    .orderBy(asc(orderLines.sort));
  const byOrder = new Map<string, LineRow[]>();
  for (const line of lines) byOrder.set(line.orderId, [...(byOrder.get(line.orderId) ?? []), line]);
  const approverIds = [...new Set(rows.flatMap((row) => (row.order.discountApprovedBy !== null ? [row.order.discountApprovedBy] : [])))];
  const approvers = new Map(
    approverIds.length
      ? (await db.select({ id: accounts.id, name: accounts.fullName }).from(accounts).where(inArray(accounts.id, approverIds))).map(
          (row) => [row.id, row.name],
        )
      : [],
  );
  return new Map(
    rows.map((row) => [
      row.order.id,
      toOrderRecord(
        row.order,
        row.accountName,
        byOrder.get(row.order.id) ?? [],
        row.order.discountApprovedBy !== null ? (approvers.get(row.order.discountApprovedBy) ?? null) : null,
        row.typeName,
      ),
    ]),
  );
}

/** The sync loader: the change log names orders by id. */
export function loadOrderRecords(db: Db, companyId: number, ids: string[]): Promise<Map<string, OrderRecord>> {
  return orderRecordsById(db, companyId, ids);
}
