/**
 * The columns of each report table, one definition for the screen (which shows, hides and orders
 * them, saved per person: table views) and the server's Excel export (which writes exactly the
 * columns shown, in the order shown, with these headers).
 */
export type CellKind = 'text' | 'money' | 'number' | 'percent' | 'day' | 'yesno' | 'decimal';
export type ReportColumn = { key: string; label: string; kind: CellKind; hidden?: boolean };

const col = (key: string, label: string, kind: CellKind = 'text', hidden = false): ReportColumn => ({ key, label, kind, hidden });

export const REPORT_TABLES = {
  'report-orders': [
    col('label', 'Thời gian'),
    col('orders', 'Số đơn', 'number'),
    col('revenue', 'Doanh thu', 'money'),
    col('prev_orders', 'Số đơn kỳ trước', 'number', true),
    col('prev_revenue', 'Doanh thu kỳ trước', 'money'),
    col('growth', 'Tăng trưởng', 'percent'),
  ],
  'report-products': [
    col('code', 'Mã'),
    col('name', 'Tên'),
    col('unit', 'Đơn vị'),
    col('category', 'Danh mục', 'text', true),
    col('brand', 'Thương hiệu', 'text', true),
    col('quantity', 'Số lượng', 'number'),
    col('revenue', 'Doanh thu', 'money'),
    col('orders', 'Số đơn', 'number'),
    col('share', 'Tỷ trọng', 'percent'),
  ],
  'report-employee': [
    col('code', 'Mã NV'),
    col('name', 'Nhân viên'),
    col('region', 'Khu vực'),
    col('revenue', 'Doanh thu', 'money'),
    col('orders', 'Số đơn', 'number'),
    col('customers', 'Khách hàng mua', 'number'),
    col('visits', 'Lượt ghé thăm', 'number'),
    col('visits_with_order', 'Ghé thăm có đơn', 'number', true),
    col('strike_rate', 'Tỷ lệ thành công', 'percent'),
    col('minutes_per_visit', 'Phút mỗi lần ghé', 'decimal'),
    col('sku_per_order', 'SKU mỗi đơn', 'decimal', true),
    col('avg_order_value', 'Giá trị TB mỗi đơn', 'money', true),
    col('kpi_revenue_target', 'KPI doanh thu', 'money', true),
    col('kpi_attainment', 'Đạt KPI', 'percent'),
    col('planned_calls', 'Lượt theo tuyến', 'number'),
    col('planned_done', 'Đã ghé theo tuyến', 'number', true),
    col('route_compliance', 'Tuân thủ tuyến', 'percent'),
    col('unplanned_visits', 'Ghé ngoài tuyến', 'number'),
    col('place_flagged', 'Check-in cần xem lại', 'number', true),
  ],
  'report-region': [
    col('name', 'Tên'),
    col('region', 'Thuộc khu vực', 'text', true),
    col('revenue', 'Doanh thu', 'money'),
    col('prev_revenue', 'Doanh thu kỳ trước', 'money'),
    col('growth', 'Tăng trưởng', 'percent'),
    col('orders', 'Số đơn', 'number'),
    col('customers', 'Khách hàng mua', 'number'),
    col('reps', 'Nhân viên bán', 'number'),
  ],
  'report-customer': [
    col('code', 'Mã KH'),
    col('name', 'Khách hàng'),
    col('type', 'Nhóm'),
    col('level', 'Cấp độ', 'text', true),
    col('province', 'Tỉnh/thành', 'text', true),
    col('staff', 'Nhân viên phụ trách', 'text', true),
    col('revenue', 'Doanh thu', 'money'),
    col('orders', 'Số đơn', 'number'),
    col('first_day', 'Đơn đầu tiên', 'day', true),
    col('last_day', 'Đơn gần nhất', 'day'),
    col('days_since', 'Số ngày chưa mua', 'number'),
    col('is_new', 'Khách mới', 'yesno'),
  ],
  'report-customer-types': [
    col('name', 'Nhóm'),
    col('customers', 'Số khách hàng', 'number'),
    col('buyers', 'Khách có đơn', 'number'),
    col('new_buyers', 'Khách mới', 'number'),
    col('returning_buyers', 'Khách quay lại', 'number'),
    col('revenue', 'Doanh thu', 'money'),
    col('orders', 'Số đơn', 'number'),
  ],
  'report-promotions': [
    col('code', 'Mã CT'),
    col('name', 'Chương trình'),
    col('state', 'Trạng thái', 'text', true),
    col('starts_on', 'Bắt đầu', 'day', true),
    col('ends_on', 'Kết thúc', 'day', true),
    col('orders', 'Số đơn', 'number'),
    col('customers', 'Số khách hàng', 'number'),
    col('discount', 'Tiền giảm', 'money'),
    col('gift_value', 'Giá trị quà tặng', 'money'),
    col('gift_quantity', 'Số lượng quà', 'number', true),
    col('revenue', 'Doanh thu đơn áp dụng CT', 'money'),
    col('budget', 'Ngân sách', 'number', true),
    col('budget_used', 'Đã dùng', 'number', true),
    col('budget_share', 'Đã dùng ngân sách', 'percent'),
  ],
} as const satisfies Record<string, readonly ReportColumn[]>;

export type ReportTable = keyof typeof REPORT_TABLES;
export const REPORT_TABLE_NAMES = Object.keys(REPORT_TABLES) as ReportTable[];

export function isReportTable(name: string): name is ReportTable {
  return (REPORT_TABLE_NAMES as string[]).includes(name);
}

export function reportColumns(table: ReportTable): readonly ReportColumn[] {
  return REPORT_TABLES[table];
}

/** The columns a person starts with: every column not marked hidden, in the table's order. */
export function defaultReportView(table: ReportTable): string[] {
  return reportColumns(table)
    .filter((column) => !column.hidden)
    .map((column) => column.key);
}

/** A saved view kept to the columns that still exist, in its order; the defaults when nothing is left. */
export function knownReportView(table: ReportTable, saved: readonly string[] | null | undefined): string[] {
  const keys = new Set(reportColumns(table).map((column) => column.key));
  const kept = [...new Set((saved ?? []).filter((key) => keys.has(key)))];
  return kept.length > 0 ? kept : defaultReportView(table);
}
