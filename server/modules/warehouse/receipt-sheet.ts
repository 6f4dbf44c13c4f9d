/** A receipt list as an .xlsx (`{kind}receipt/export/`): one row per receipt of the filter. */
import type * as v from 'valibot';
import type { ReceiptListQuery } from '@contract/warehouse-receipts';
import { RECEIPT_KIND_LABELS, RECEIPT_STATUS_LABELS, type ReceiptKind } from '@contract/warehouse-status';
import { vietnamDay } from '@contract/price-policy';
import { STOCK_SHEET_COLUMNS } from '@contract/warehouse-sheet';
import type { Db } from '@server/kernel/db/client';
import { excelDay, xlsxResponse, type SheetColumn } from '@server/kernel/xlsx';
import { listReceipts } from './receipts.repo';

const COLUMNS: SheetColumn[] = [
  { header: 'Số phiếu', key: 'code', width: 12 },
  { header: 'Ngày chứng từ', key: 'date', width: 14, date: 'day' },
  { header: 'Trạng thái', key: 'status', width: 14 },
  { header: 'Kho', key: 'warehouse', width: 20 },
  { header: 'Kho nhận', key: 'to_warehouse', width: 20 },
  { header: 'Người giao/nhận', key: 'partner', width: 28 },
  { header: 'Chứng từ gốc', key: 'source', width: 24 },
  { header: 'Số dòng', key: 'lines', width: 8 },
  { header: 'Số lượng (đơn vị cơ bản)', key: 'quantity', width: 14, money: true },
  { header: 'Thành tiền', key: 'amount', width: 16, money: true },
  { header: 'Người lập', key: 'creator', width: 22 },
  { header: 'Ghi chú', key: 'note', width: 30 },
];

const PAGE = 500;

export function receiptSheet(
  db: Db,
  kind: ReceiptKind,
  query: v.InferOutput<typeof ReceiptListQuery>,
  onError: (error: unknown) => void,
): Response {
  const filter = {
    companyId: query.company,
    kind,
    search: query.search,
    status: query.status,
    warehouse: query.warehouse,
    dateFrom: query.date_from,
    dateTo: query.date_to,
  };
  return xlsxResponse(
    `${RECEIPT_KIND_LABELS[kind].toLowerCase().replace(/\s+/g, '-')}-${vietnamDay().replace(/-/g, '')}.xlsx`
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/đ/g, 'd'),
    RECEIPT_KIND_LABELS[kind],
    COLUMNS,
    async function* () {
      for (let page = 1; ; page += 1) {
        const { rows } = await listReceipts(db, filter, { page, limit: PAGE });
        for (const receipt of rows)
          yield {
            code: receipt.code,
            date: excelDay(receipt.document_date),
            status: RECEIPT_STATUS_LABELS[receipt.status],
            warehouse: receipt.warehouse_name,
            to_warehouse: receipt.to_warehouse_name,
            partner: receipt.partner_name,
            source: receipt.source_document,
            lines: receipt.line_count,
            quantity: receipt.total_quantity,
            amount: receipt.total_amount,
            creator: receipt.created_by_name,
            note: receipt.note,
          };
        if (rows.length < PAGE) return;
      }
    },
    onError,
  );
}

/** The days are date cells, as Excel would make of a typed day; the import reads them or DD/MM/YYYY text. */
const TEMPLATE_DAYS = new Set<string>(['Ngày sản xuất', 'Hạn dùng']);

const TEMPLATE_COLUMNS: SheetColumn[] = STOCK_SHEET_COLUMNS.map((header) => ({
  header,
  key: header,
  width: header === 'Mã hàng' ? 16 : 14,
  ...(TEMPLATE_DAYS.has(header) ? { date: 'day' as const } : {}),
}));

/** The import sheet with its columns and one example row (a medicine: lot and expiry required). */
export function stockTemplate(): Response {
  return xlsxResponse(
    'mau-nhap-kho.xlsx',
    'Nhập kho',
    TEMPLATE_COLUMNS,
    async function* () {
      yield {
        'Mã hàng': 'HAPACOL500-VI',
        'Đơn vị tính': 'hộp',
        'Số lượng': 10,
        'Đơn giá': 95000,
        'Số lô': 'A2511',
        'Ngày sản xuất': excelDay('2025-11-01'),
        'Hạn dùng': excelDay('2028-11-01'),
      };
    },
    () => undefined,
  );
}
