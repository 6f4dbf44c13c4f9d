/**
 * Return orders (product-spec.md §7 Order, "return orders"): the goods customers gave back on their
 * orders, each a return receipt of the warehouse (`import-receipt-return-order/` books one:
 * contract/warehouse-receipts.ts ReturnOrderSchema), listed by order with what came back per line and
 * what it was worth at the price sold (contract/orders-totals.ts returnedValue), the figure the
 * customer's debt falls by once the order is completed (docs/receivables.md "Goods given back").
 */
import * as v from 'valibot';
import { isoDay } from './warehouse';
import { companyQueryField, pagingFields, uuidField } from './validation';

export type OrderReturnRecord = {
  /** The return receipt's id and code (phiếu nhập kho, PN…). */
  id: string;
  code: string;
  order_id: string;
  order_code: string | null;
  customer_id: string;
  customer_name: string;
  document_date: string;
  /** Completed, or cancelled (its goods went out again and its credit was put back). */
  status: 'completed' | 'cancelled';
  warehouse_name: string;
  note: string | null;
  lines: { line_id: string; product_name: string; variant_name: string; unit: string; quantity: number; value: number }[];
  /** What the goods were sold for: the customer is credited this while the order is completed and the receipt stands. */
  value: number;
  credited: boolean;
  created_at: string;
};

/** `GET returnorder/`: the company's returns (within the caller's orders), newest first; one order's with `order`. */
export const OrderReturnQuerySchema = v.object({
  company: companyQueryField,
  order: v.optional(uuidField('Đơn hàng')),
  /** The receipt's or the order's code, or the customer's name. */
  search: v.optional(v.pipe(v.string(), v.maxLength(100, 'Từ khóa tìm kiếm quá dài'))),
  date_from: v.optional(isoDay('Từ ngày')),
  date_to: v.optional(isoDay('Đến ngày')),
  ...pagingFields(),
});

export const orderReturnPaths = { returns: '/order/api/returnorder/' } as const;
