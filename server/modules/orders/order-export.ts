/** The order list as an .xlsx (exportdata/): one row per order of the filter, read in batches. */
import { and, asc, gt, sql } from 'drizzle-orm';
import { ORDER_STATUS_LABELS, PAYMENT_STATUS_LABELS } from '@contract/orders-status';
import { vietnamDay } from '@contract/price-policy';
import type { Db } from '@server/kernel/db/client';
import { orders } from '@server/kernel/db/schema';
import { excelDay, excelMoment, xlsxResponse, type SheetColumn } from '@server/kernel/xlsx';
import { orderRecordsById } from './order-record';
import { orderFilters, type OrderQuery } from './order-list';

const BATCH = 500;

const COLUMNS: SheetColumn[] = [
  { header: 'Mã đơn', key: 'code', width: 12 },
  { header: 'Số đơn trên máy', key: 'local_no', width: 18 },
  { header: 'Ngày tạo', key: 'created_at', width: 18, date: 'moment' },
  { header: 'Loại đơn', key: 'order_type', width: 14 },
  { header: 'Khách hàng', key: 'customer', width: 32 },
  { header: 'Mã KH', key: 'customer_code', width: 11 },
  { header: 'Địa chỉ', key: 'address', width: 40 },
  { header: 'Nhân viên', key: 'staff', width: 22 },
  { header: 'Trạng thái', key: 'status', width: 14 },
  { header: 'Thanh toán', key: 'payment', width: 18 },
  { header: 'Số dòng', key: 'lines', width: 8 },
  { header: 'Tiền hàng', key: 'subtotal', width: 14, money: true },
  { header: 'Chiết khấu', key: 'discount', width: 12, money: true },
  { header: 'Thuế VAT', key: 'vat', width: 12, money: true },
  { header: 'Tổng tiền', key: 'total', width: 14, money: true },
  { header: 'Ngày giao', key: 'delivery', width: 12, date: 'day' },
  { header: 'Ghi chú', key: 'note', width: 30 },
];

async function* orderRows(db: Db, query: OrderQuery) {
  const filters = orderFilters(query);
  let after = '';
  for (;;) {
    const page = await db
      .select({ id: orders.id })
      .from(orders)
      .where(and(...filters, after ? gt(orders.id, after) : sql`true`))
      .orderBy(asc(orders.id))
      .limit(BATCH);
    if (page.length === 0) break;
    const records = await orderRecordsById(
      db,
      query.company,
      page.map((row) => row.id),
    );
    for (const { id } of page) {
      const order = records.get(id);
      if (!order) continue;
      yield {
        code: order.code,
        local_no: order.local_no,
        created_at: excelMoment(order.created_at),
        order_type: order.order_type_name ?? '',
        customer: order.customer_name,
        customer_code: order.customer_code,
        address: order.customer_address,
        staff: order.account_name,
        status: ORDER_STATUS_LABELS[order.status],
        payment: PAYMENT_STATUS_LABELS[order.payment_status],
        lines: order.lines.length,
        subtotal: order.subtotal,
        discount: order.discount_total,
        vat: order.vat_total,
        total: order.total,
        delivery: excelDay(order.delivery_date),
        note: order.note,
      };
    }
    after = page.at(-1)!.id;
    if (page.length < BATCH) break;
  }
}

export function orderSheetResponse(db: Db, query: OrderQuery, onError: (error: unknown) => void): Response {
  const fileName = `don-hang-${vietnamDay().replace(/-/g, '')}.xlsx`;
  return xlsxResponse(fileName, 'Đơn hàng', COLUMNS, () => orderRows(db, query), onError);
}
