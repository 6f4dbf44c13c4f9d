/**
 * The close-out report of a campaign as Excel, for the authority: one row per customer and lot with
 * shipped, returned and still out as number cells and the campaign's dates as date cells (they sort
 * and subtract in Excel), the notices each customer got and the return receipts; manual exports to
 * someone who is not a customer follow, so nothing that left with the lot is missing from the file.
 */
import { recallSheetFileName, RECALL_STATUS_LABELS, type RecallDetail } from '@contract/pharma-recalls';
import { vietnamDay } from '@contract/price-policy';
import { excelDay, excelMoment, xlsxResponse, type SheetColumn } from '@server/kernel/xlsx';

const COLUMNS: SheetColumn[] = [
  { header: 'Đợt thu hồi', key: 'code', width: 12 },
  { header: 'Mức độ', key: 'level', width: 8 },
  { header: 'Số quyết định', key: 'decision', width: 18 },
  { header: 'Ngày quyết định', key: 'decisionDate', width: 14, date: 'day' },
  { header: 'Hạn hoàn thành', key: 'deadline', width: 14, date: 'day' },
  { header: 'Trạng thái đợt', key: 'status', width: 14 },
  { header: 'Mã khách hàng', key: 'customerCode', width: 14 },
  { header: 'Khách hàng', key: 'customerName', width: 30 },
  { header: 'Số điện thoại', key: 'phone', width: 14 },
  { header: 'Nhân viên phụ trách', key: 'rep', width: 22 },
  { header: 'Sản phẩm', key: 'product', width: 28 },
  { header: 'Số lô', key: 'lotNo', width: 14 },
  { header: 'Hạn dùng', key: 'expiresOn', width: 12, date: 'day' },
  { header: 'Đơn vị tính', key: 'unit', width: 10 },
  { header: 'Đã giao', key: 'shipped', width: 10, money: true },
  { header: 'Đã thu hồi', key: 'returned', width: 10, money: true },
  { header: 'Còn lại', key: 'outstanding', width: 10, money: true },
  { header: 'Quá hạn', key: 'overdue', width: 10 },
  { header: 'Phiếu nhập trả', key: 'receipts', width: 22 },
  { header: 'Thông báo', key: 'notices', width: 50 },
  { header: 'Đóng đợt lúc', key: 'closedAt', width: 16, date: 'moment' },
  { header: 'Ghi chú đóng đợt', key: 'closeNote', width: 30 },
];

/** The sheet's rows: customers by lot, then the other recipients. */
export function recallSheetRows(detail: RecallDetail): Record<string, unknown>[] {
  const head = {
    code: detail.code,
    level: detail.level,
    decision: detail.decision_number,
    decisionDate: excelDay(detail.decision_date),
    deadline: excelDay(detail.deadline),
    status: RECALL_STATUS_LABELS[detail.status],
    closedAt: detail.closed_at ? excelMoment(detail.closed_at) : null,
    closeNote: detail.close_note,
  };
  const lots = new Map(detail.lots.map((lot) => [lot.lot_id, lot]));
  const rows: Record<string, unknown>[] = [];
  for (const customer of detail.customers) {
    const notices = detail.notices
      .filter((notice) => notice.customer_id === customer.customer_id)
      .map((notice) => `${notice.channel === 'app' ? 'Ứng dụng' : 'ZNS'}: ${notice.detail}`)
      .join('; ');
    for (const entry of customer.lots) {
      const lot = lots.get(entry.lot_id);
      rows.push({
        ...head,
        customerCode: customer.customer_code,
        customerName: customer.customer_name,
        phone: customer.customer_phone,
        rep: customer.rep_name,
        product: lot?.product_name ?? '',
        lotNo: entry.lot_no,
        expiresOn: excelDay(lot?.expires_on),
        unit: lot?.base_unit ?? '',
        shipped: entry.shipped,
        returned: entry.returned,
        outstanding: Math.max(0, entry.shipped - entry.returned),
        overdue: customer.overdue && entry.returned < entry.shipped ? 'Quá hạn' : '',
        receipts: detail.returns
          .filter((back) => back.customer_id === customer.customer_id && back.lot_id === entry.lot_id)
          .map((back) => back.receipt_code)
          .join(', '),
        notices,
      });
    }
  }
  for (const other of detail.other_recipients)
    rows.push({
      ...head,
      customerName: other.partner_name ?? 'Xuất kho không theo đơn',
      lotNo: other.lot_no,
      shipped: other.quantity,
      receipts: other.receipt_code,
      notices: 'Không phải khách hàng của đơn hàng: không gửi thông báo',
    });
  return rows;
}

export function recallSheetResponse(detail: RecallDetail, onError: (error: unknown) => void): Response {
  const rows = recallSheetRows(detail);
  return xlsxResponse(
    recallSheetFileName(detail.code, vietnamDay()),
    'Thu hồi',
    COLUMNS,
    async function* () {
      yield* rows;
    },
    onError,
  );
}
