/**
 * Per-company switches (product product-spec.md §6). Feature codes turn whole services on; report config keys
 * turn single report pages on. Both are answered by `functiononoff/` as `{is_enabled}`.
 */
export const FEATURE_CODES = ['DLO', 'WHOLESALE', 'CSG', 'ZALO', 'REWARD', 'WAREHOUSE', 'GROUP-ORDER', 'VAT', 'RECEIVABLE'] as const;
export type FeatureCode = (typeof FEATURE_CODES)[number];

export const REPORT_CONFIG_KEYS = [
  'REPORT-CUSTOMER',
  'REPORT-PRODUCT',
  'REPORT-PROMOTION',
  'REPORT-ORDER-REVENUA',
  'REPORT-REGION',
  'REPORT-STAFF',
] as const;
export type ReportConfigKey = (typeof REPORT_CONFIG_KEYS)[number];

export type SwitchCode = FeatureCode | ReportConfigKey;
export const SWITCH_CODES: readonly SwitchCode[] = [...FEATURE_CODES, ...REPORT_CONFIG_KEYS];

export function isSwitchCode(value: unknown): value is SwitchCode {
  return typeof value === 'string' && (SWITCH_CODES as readonly string[]).includes(value);
}

export const SWITCH_LABELS: Record<SwitchCode, string> = {
  DLO: 'Giao hàng (đơn vận chuyển)',
  WHOLESALE: 'Bán sỉ',
  CSG: 'Chính sách giá',
  ZALO: 'Zalo OA',
  REWARD: 'Chương trình khuyến mại',
  WAREHOUSE: 'Quản lý kho',
  'GROUP-ORDER': 'Đơn hàng gộp',
  VAT: 'Thuế VAT',
  RECEIVABLE: 'Công nợ',
  'REPORT-CUSTOMER': 'Báo cáo khách hàng',
  'REPORT-PRODUCT': 'Báo cáo sản phẩm',
  'REPORT-PROMOTION': 'Báo cáo khuyến mại',
  'REPORT-ORDER-REVENUA': 'Báo cáo đơn hàng, doanh thu',
  'REPORT-REGION': 'Báo cáo khu vực',
  'REPORT-STAFF': 'Báo cáo nhân viên',
};

/** The flags of one company as the client keeps them; a switch missing from the map is off. */
export type FeatureFlags = Partial<Record<SwitchCode, boolean>>;
