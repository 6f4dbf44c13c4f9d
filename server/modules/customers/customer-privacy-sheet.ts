/**
 * The answer to an access request (contract/customers-privacy.ts): one workbook listing what the
 * company holds about the customer: the customer's fields, the consent log, linked Zalo followers,
 * visits with their positions, orders and payments. Money and moments are real cells.
 */
import { and, asc, eq, isNotNull, ne, sql } from 'drizzle-orm';
import { formatAddress } from '@contract/address';
import { CONSENT_METHOD_LABELS, PRIVACY_EVENT_LABELS, privacyFileName } from '@contract/customers-privacy';
import { CUSTOMER_STATUS_LABELS, type CustomerRecord } from '@contract/customers';
import { vietnamDay } from '@contract/price-policy';
import type { Db } from '@server/kernel/db/client';
import { orders, payments, visits, zaloFollowers } from '@server/kernel/db/schema';
import { recordPositionView } from '@server/kernel/position-log';
import { excelMoment, xlsxResponse, type SheetColumn } from '@server/kernel/xlsx';
import { privacyEvents } from './customer-privacy';

const COLUMNS: SheetColumn[] = [
  { header: 'Nhóm dữ liệu', key: 'group', width: 18 },
  { header: 'Thông tin', key: 'field', width: 26 },
  { header: 'Giá trị', key: 'value', width: 48 },
  { header: 'Số tiền', key: 'money', width: 14, money: true },
  { header: 'Thời điểm', key: 'at', width: 18, date: 'moment' },
];

type Row = { group: string; field: string; value?: string | null; money?: number; at?: Date | null };

function customerRows(record: CustomerRecord): Row[] {
  const group = 'Khách hàng';
  const position = record.lat !== null && record.lng !== null ? `${record.lat}, ${record.lng}` : null;
  return [
    { group, field: 'Mã khách hàng', value: record.code },
    { group, field: 'Tên khách hàng', value: record.name },
    { group, field: 'Loại hình kinh doanh', value: record.kind },
    { group, field: 'Hộ kinh doanh, cá nhân', value: record.privacy.person ? 'Có' : 'Không' },
    { group, field: 'Chủ cửa hàng', value: record.owner_name },
    { group, field: 'Số điện thoại', value: record.phone },
    { group, field: 'Mã số thuế', value: record.tax_code },
    { group, field: 'Địa chỉ', value: formatAddress(record.address) },
    { group, field: 'Vị trí trên bản đồ', value: position },
    { group, field: 'Ghi chú', value: record.note },
    { group, field: 'Nhân viên phụ trách', value: record.staff_name },
    { group, field: 'Trạng thái', value: CUSTOMER_STATUS_LABELS[record.status] },
    { group, field: 'Ngày tạo', at: excelMoment(record.created_at) },
  ];
}

async function* workbookRows(db: Db, companyId: number, record: CustomerRecord): AsyncGenerator<Row> {
  yield* customerRows(record);
  for (const event of await privacyEvents(db, companyId, record.id)) {
    const how = event.method ? CONSENT_METHOD_LABELS[event.method] : (event.note ?? '');
    yield {
      group: 'Đồng ý, yêu cầu',
      field: PRIVACY_EVENT_LABELS[event.kind],
      value: [how, event.by_name].filter(Boolean).join(' · '),
      at: excelMoment(event.at),
    };
  }
  const followers = await db
    .select()
    .from(zaloFollowers)
    .where(and(eq(zaloFollowers.companyId, companyId), eq(zaloFollowers.customerId, record.id)));
  for (const follower of followers)
    yield {
      group: 'Zalo',
      field: 'Người theo dõi đã liên kết',
      value: [follower.displayName, follower.phone].filter(Boolean).join(' · '),
      at: follower.linkedAt ? excelMoment(follower.linkedAt) : null,
    };
  const visitRows = await db
    .select()
    .from(visits)
    .where(and(eq(visits.companyId, companyId), eq(visits.customerId, record.id)))
    .orderBy(asc(visits.checkInAt));
  for (const visit of visitRows) {
    const position =
      visit.checkInLat !== null && visit.checkInLng !== null ? `${visit.checkInLat}, ${visit.checkInLng}` : 'không có vị trí';
    yield { group: 'Ghé thăm', field: 'Vị trí khi ghé', value: position, at: excelMoment(visit.checkInAt) };
  }
  const orderRows = await db
    .select()
    .from(orders)
    .where(and(eq(orders.companyId, companyId), eq(orders.customerId, record.id)))
    .orderBy(asc(orders.createdAt));
  for (const order of orderRows)
    yield {
      group: 'Đơn hàng',
      field: order.code ?? order.localNo,
      value: [order.customerName, order.customerPhone, order.customerAddress].filter(Boolean).join(' · '),
      money: order.total,
      at: excelMoment(order.createdAt),
    };
  const paymentRows = await db
    .select()
    .from(payments)
    .where(and(eq(payments.companyId, companyId), eq(payments.customerId, record.id)))
    .orderBy(asc(payments.collectedAt));
  for (const payment of paymentRows)
    yield { group: 'Thanh toán', field: payment.code, value: payment.note, money: payment.amount, at: excelMoment(payment.collectedAt) };
}

/**
 * The workbook carries the reps' check-in positions at the customer: each rep's shown to someone
 * else is written to the position log (server/kernel/position-log.ts), as a rep's day is.
 */
export async function logExportedPositions(tx: Db, where: { companyId: number; customerId: string; viewerId: number }): Promise<void> {
  const counts = await tx
    .select({ accountId: visits.accountId, positions: sql<number>`count(*)::int` })
    .from(visits)
    .where(
      and(
        eq(visits.companyId, where.companyId),
        eq(visits.customerId, where.customerId),
        ne(visits.accountId, where.viewerId),
        isNotNull(visits.checkInLat),
      ),
    )
    .groupBy(visits.accountId);
  for (const { accountId, positions } of counts)
    await recordPositionView(tx, {
      companyId: where.companyId,
      viewerId: where.viewerId,
      accountId,
      source: 'privacy_export',
      day: null,
      positions,
    });
}

/** The workbook, streamed; a failure half-way ends the download with an error. */
export function privacySheetResponse(db: Db, companyId: number, record: CustomerRecord, onError: (error: unknown) => void): Response {
  return xlsxResponse(
    privacyFileName(record.code, vietnamDay()),
    'Dữ liệu cá nhân',
    COLUMNS,
    () => workbookRows(db, companyId, record),
    onError,
  );
}
