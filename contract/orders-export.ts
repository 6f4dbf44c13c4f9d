/**
 * An order's export status (product-spec.md §7 Order: `updateexportstatusorder`):
 * whether its goods have left the warehouse. It is not a flag anyone types: it is read from the
 * warehouse's export receipts (phiếu xuất kho, 02-VT) linked to the order, completed and not
 * cancelled, against the base quantities of its lines the order's warehouse keeps stock of. The call
 * exports a confirmed order through the one path that issues its receipt (the shipping move,
 * server/modules/orders/order-moves.ts), so stock never leaves twice; taking goods back is a return
 * (import-receipt-return-order) or cancelling the receipt in the warehouse, never a status set by hand.
 */
import * as v from 'valibot';
import type { OrderStatus } from './orders-status';
import type { ReceiptStatus } from './warehouse-status';
import { bodyObject, companyBodyField } from './validation';

export const ORDER_EXPORT_STATUSES = ['not_exported', 'partial', 'exported'] as const;
export type OrderExportStatus = (typeof ORDER_EXPORT_STATUSES)[number];

export const ORDER_EXPORT_STATUS_LABELS: Record<OrderExportStatus, string> = {
  not_exported: 'Chưa xuất kho',
  partial: 'Xuất kho một phần',
  exported: 'Đã xuất kho',
};

/** Statuses in which an order has left with its goods (the shipping move took them out). */
export const SHIPPED_ORDER_STATUSES: readonly OrderStatus[] = ['delivering', 'completed', 'returned'];

/**
 * The export status from base quantities per variant: what the order takes from its warehouse
 * (only variants the warehouse keeps stock of) and what completed export receipts took out for it.
 * An order with nothing the warehouse tracks has no receipt to show: it counts as exported once it
 * has shipped (`shipped`).
 */
export function exportStatusOf(
  ordered: ReadonlyMap<number, number>,
  exported: ReadonlyMap<number, number>,
  shipped: boolean,
): OrderExportStatus {
  const wanted = [...ordered].filter(([, quantity]) => quantity > 0);
  if (wanted.length === 0) return shipped ? 'exported' : 'not_exported';
  const out = wanted.map(([variantId, quantity]) => Math.min(quantity, Math.max(0, exported.get(variantId) ?? 0)));
  if (out.every((quantity) => quantity === 0)) return 'not_exported';
  return wanted.every(([, quantity], index) => out[index] === quantity) ? 'exported' : 'partial';
}

/** A line of the export state: base units ordered from the warehouse and taken out for the order. */
export type OrderExportLine = { variant_id: number; ordered: number; exported: number };

/** The export receipts of an order (cancelled ones listed, not counted). */
export type OrderExportReceipt = { id: string; code: string; status: ReceiptStatus; document_date: string };

/** What updateexportstatusorder answers beside the order: its export status and why. */
export type OrderExportState = {
  status: OrderExportStatus;
  label: string;
  lines: OrderExportLine[];
  receipts: OrderExportReceipt[];
};

/** `PUT updateexportstatusorder/{id}/`: `exported` takes a confirmed order's goods out of its warehouse. */
export const ExportStatusUpdateSchema = bodyObject({
  company: companyBodyField,
  export_status: v.picklist(
    ['exported', 'not_exported'] as const,
    'Trạng thái xuất kho chỉ nhận "exported" (Đã xuất kho) hoặc "not_exported" (Chưa xuất kho)',
  ),
});
export type ExportStatusUpdate = v.InferOutput<typeof ExportStatusUpdateSchema>;

export const orderExportPaths = {
  update: (id: string) => `/order/api/updateexportstatusorder/${id}/`,
} as const;
