/**
 * The customer sheet's export (contract/customers-sheet.ts): the list's filters and the caller's data
 * scope, customers read in batches by id and streamed, the licence's days as real date cells.
 */
import { and, asc, eq, gt, type SQL } from 'drizzle-orm';
import type * as v from 'valibot';
import { formatAddress } from '@contract/address';
import { CUSTOMER_STATUS_LABELS, type CustomerListQuery, type CustomerRecord } from '@contract/customers';
import { CUSTOMER_DAY_COLUMNS, CUSTOMER_SHEET_COLUMNS, customerSheetFileName, type CustomerSheetColumn } from '@contract/customers-sheet';
import { vietnamDay } from '@contract/price-policy';
import type { Db } from '@server/kernel/db/client';
import { accounts, customers } from '@server/kernel/db/schema';
import { excelDay, xlsxResponse, type SheetColumn } from '@server/kernel/xlsx';
import { customerFilters } from './customer-list';
import { toCustomerRecord } from './customer-record';

const BATCH = 500;

const WIDTHS: Partial<Record<CustomerSheetColumn, number>> = {
  'Tên khách hàng': 32,
  'Loại hình kinh doanh': 18,
  'Chủ cửa hàng': 22,
  'Số nhà, đường': 28,
  'Phường/xã': 22,
  'Tỉnh/thành phố': 24,
  'Ghi chú': 30,
  'Số GCN đủ ĐKKD dược': 22,
  'Nơi cấp': 26,
  'Số GPP/GDP': 16,
};

const COLUMNS: SheetColumn[] = CUSTOMER_SHEET_COLUMNS.map((header) => ({
  header,
  key: header,
  width: WIDTHS[header] ?? 14,
  ...(CUSTOMER_DAY_COLUMNS.includes(header) ? { date: 'day' as const } : {}),
}));

export function customerSheetRow(record: CustomerRecord): Record<CustomerSheetColumn, string | Date | null> {
  return {
    'Mã KH': record.code,
    'Tên khách hàng': record.name,
    'Loại hình kinh doanh': record.kind,
    'Số điện thoại': record.phone,
    'Mã số thuế': record.tax_code,
    'Chủ cửa hàng': record.owner_name,
    'Số nhà, đường': record.address.street,
    'Phường/xã': record.address.ward_name,
    // A legacy address keeps its district in the province cell's neighbour text, as it is written.
    'Tỉnh/thành phố':
      record.address.scheme === 'VN_LEGACY'
        ? formatAddress({ ...record.address, street: null, ward_name: null })
        : record.address.province_name,
    'Trạng thái': CUSTOMER_STATUS_LABELS[record.status],
    'Ghi chú': record.note,
    'Số GCN đủ ĐKKD dược': record.licence_number,
    'Nơi cấp': record.licence_issuer,
    'Ngày cấp': excelDay(record.licence_date),
    'Thuốc kiểm soát đặc biệt': record.controlled_scope ? 'Có' : 'Không',
    'Số GPP/GDP': record.gpp_number,
    'Hết hạn GPP/GDP': excelDay(record.gpp_expiry),
    'Mã cơ sở': record.outlet_code,
  };
}

type Query = v.InferOutput<typeof CustomerListQuery> & { scope: SQL | null };

async function* customerRows(db: Db, query: Query) {
  const filters = customerFilters(query);
  let after: string | null = null;
  for (;;) {
    const page = await db
      .select({ customer: customers, staffName: accounts.fullName })
      .from(customers)
      .leftJoin(accounts, eq(accounts.id, customers.staffId))
      .where(and(...filters, after === null ? undefined : gt(customers.id, after)))
      .orderBy(asc(customers.id))
      .limit(BATCH);
    for (const row of page) yield customerSheetRow(toCustomerRecord(row.customer, row.staffName));
    if (page.length < BATCH) break;
    after = page.at(-1)!.customer.id;
  }
}

/** The workbook of the customers matching the filters, streamed; a failure half-way ends the download with an error. */
export function customerSheetResponse(db: Db, query: Query, onError: (error: unknown) => void): Response {
  return xlsxResponse(customerSheetFileName(vietnamDay()), 'Khách hàng', COLUMNS, () => customerRows(db, query), onError);
}
