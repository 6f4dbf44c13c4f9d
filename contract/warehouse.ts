/**
 * Warehouses and stock (product-spec.md §2 "Warehouse", §7 "Warehouse (/warehouse/api)"): the
 * warehouses, lots (the spec's "shipments") with expiry, stock per warehouse and lot with its value,
 * accounting periods, transfer reasons, settings, and what reaches the phones. Receipts are in
 * contract/warehouse-receipts.ts, their statuses in warehouse-status.ts, the ledger arithmetic in
 * warehouse-ledger.ts. Decisions: docs/warehouse.md.
 *
 * With the WAREHOUSE service off a company has one (default) warehouse: imports, exports, counts
 * and the stock view work on it; with it on, several warehouses, transfers between them and the
 * warehouse a person works in.
 */
import * as v from 'valibot';
import { defineSyncDomain } from './sync';
import { DEFAULT_SHORT_DATED_DAYS, MAX_SHORT_DATED_DAYS, SHORT_DATED_RULES, type ShortDatedRule } from './warehouse-expiry';
import { EXPIRY_WINDOWS } from './warehouse-ledger';
import { LOT_STATUSES, type LotStatus } from './warehouse-status';
import {
  bodyObject,
  companyBodyField,
  companyQueryField,
  idField,
  isIsoDate,
  optionalText,
  pagingFields,
  requiredText,
  uuidField,
} from './validation';

export type WarehouseRecord = {
  id: number;
  company: number;
  code: string;
  name: string;
  address: string | null;
  /** The warehouse used while the WAREHOUSE service is off, and the one orders ship from by default. */
  is_default: boolean;
  is_active: boolean;
  keeper_id: number | null;
  keeper_name: string | null;
  note: string | null;
  created_at: string;
  updated_at: string;
};

/** A lot (số lô) of a variant: its dates and status hold in every warehouse it lies in. */
export type LotRecord = {
  id: number;
  company: number;
  variant_id: number;
  product_name: string;
  variant_name: string;
  sku: string;
  base_unit: string;
  lot_no: string;
  manufactured_on: string | null;
  expires_on: string | null;
  status: LotStatus;
  status_reason: string | null;
  /** On hand in every warehouse together, base units. */
  quantity: number;
  days_to_expiry: number | null;
  created_at: string;
};

export type LotBalance = {
  lot_id: number;
  lot_no: string;
  manufactured_on: string | null;
  expires_on: string | null;
  status: LotStatus;
  quantity: number;
  days_to_expiry: number | null;
};

/** A row of the stock view: one variant in one warehouse, with its lots and value. */
export type StockRow = {
  warehouse_id: number;
  warehouse_name: string;
  variant_id: number;
  product_name: string;
  variant_name: string;
  sku: string;
  base_unit: string;
  on_hand: number;
  reserved: number;
  /** What orders may still take: sellable lots less what orders hold. */
  available: number;
  value: number;
  average_cost: number;
  nearest_expiry: string | null;
  lots: LotBalance[];
};

/** The stock view's `bonus`: its totals over every matching row, not only the page. */
export type StockBonus = { variants: number; on_hand: number; value: number; near_expiry_lots: number; expired_lots: number };

export type PeriodRecord = {
  /** The month, YYYY-MM. */
  month: string;
  status: 'open' | 'closed';
  closed_at: string | null;
  closed_by_name: string | null;
  /** Value of the stock carried into the next month when closed (đồng). */
  closing_value: number | null;
};

export type TransferReasonRecord = { id: number; company: number; title: string; is_active: boolean };

/** The accounting regime of the printed forms (docs/warehouse.md "Forms"): TT 99/2025 from 2026, or TT 133/2016. */
export const ACCOUNTING_REGIMES = ['TT99', 'TT133'] as const;
export type AccountingRegime = (typeof ACCOUNTING_REGIMES)[number];
export const ACCOUNTING_REGIME_LABELS: Record<AccountingRegime, string> = {
  TT99: 'Thông tư 99/2025/TT-BTC',
  TT133: 'Thông tư 133/2016/TT-BTC',
};

export type WarehouseSettings = {
  regime: AccountingRegime;
  /** Đơn vị, Bộ phận: the header lines of the forms. */
  unit_name: string | null;
  department: string | null;
  /** The form numbers printed on the receipts (Mẫu số 01-VT…), settings rather than constants. */
  import_form: string;
  export_form: string;
  check_form: string;
  transfer_form: string;
  /** Receiving (contract/warehouse-expiry.ts): a lot with this many days or fewer left is short-dated (cận hạn). */
  short_dated_days: number;
  /** Where short-dated goods land; expired goods always land in quarantine. */
  short_dated_rule: ShortDatedRule;
};

export const DEFAULT_WAREHOUSE_SETTINGS: Omit<WarehouseSettings, 'unit_name' | 'department'> = {
  regime: 'TT99',
  import_form: '01-VT',
  export_form: '02-VT',
  check_form: '05-VT',
  transfer_form: '03PXK-VCNB',
  short_dated_days: DEFAULT_SHORT_DATED_DAYS,
  short_dated_rule: 'usable',
};

/** `checkservice/`: whether the WAREHOUSE service is on, and the company's default warehouse. */
export type WarehouseService = { is_enabled: boolean; default_warehouse: WarehouseRecord };

/** Stock of one variant as a phone sees it (the `stock` entity of the pull). */
export type StockAvailability = {
  id: number;
  company: number;
  variant_id: number;
  /** Sellable in every warehouse together, base units. */
  available: number;
  /** Per warehouse id. */
  by_warehouse: Record<string, number>;
  /** Where an order ships from when the person has chosen no warehouse. */
  default_warehouse_id: number;
  /**
   * The sellable lots with an expiry, the nearest first (at most STOCK_LOTS_MIRRORED), for the
   * phone's "lots to move" (contract/visits-suggest.ts); absent on rows mirrored before.
   */
  lots?: StockLotToSell[];
  updated_at: string;
};

/** A sellable lot as a phone mirrors it: its number, expiry and what is left to sell, in base units. */
export type StockLotToSell = { lot_no: string; expires_on: string; available: number };
export const STOCK_LOTS_MIRRORED = 3;

// ---- Inputs ---------------------------------------------------------------------------------------

export const isoDay = (label: string) =>
  v.pipe(
    v.string(`${label} không hợp lệ`),
    v.regex(/^\d{4}-\d{2}-\d{2}$/, `${label} không hợp lệ (YYYY-MM-DD)`),
    v.check(isIsoDate, `${label} không hợp lệ (YYYY-MM-DD)`),
  );
const optionalDay = (label: string) => v.optional(v.nullable(isoDay(label)), null);
const queryDigits = (label: string) => v.optional(v.pipe(v.string(), v.regex(/^\d{1,9}$/, `${label} không hợp lệ`), v.transform(Number)));
const querySearch = v.optional(v.pipe(v.string(), v.maxLength(100, 'Từ khóa tìm kiếm quá dài')));

export const WarehouseInputSchema = bodyObject({
  company: companyBodyField,
  code: optionalText('mã kho', 30),
  name: requiredText('tên kho', 120),
  address: optionalText('địa chỉ kho', 255),
  keeper_id: v.optional(v.nullable(idField('thủ kho')), null),
  note: optionalText('ghi chú', 500),
  is_active: v.optional(v.boolean('Trạng thái không hợp lệ'), true),
});
export type WarehouseInput = v.InferInput<typeof WarehouseInputSchema>;

export const WarehouseListQuery = v.object({
  company: companyQueryField,
  ...pagingFields(),
  search: querySearch,
  active: v.optional(v.picklist(['true', 'false'], 'Trạng thái không hợp lệ')),
});

export const InventoryQuery = v.object({
  company: companyQueryField,
  ...pagingFields(),
  search: querySearch,
  warehouse: queryDigits('Kho'),
  /** Lots expiring within this many days (30, 60, 90), expired ones included. */
  expiring: v.optional(
    v.pipe(v.picklist(EXPIRY_WINDOWS.map(String) as [string, ...string[]], 'Khoảng hạn dùng không hợp lệ'), v.transform(Number)),
  ),
  lot_status: v.optional(v.picklist(LOT_STATUSES, 'Trạng thái lô không hợp lệ')),
  /** Leave out rows with nothing on hand. */
  in_stock: v.optional(v.picklist(['true', 'false'], 'Giá trị không hợp lệ')),
});

/** `inventoryview/`: a stock card of one variant (or one lot), or the xuất-nhập-tồn summary of a period. */
export const InventoryViewQuery = v.object({
  company: companyQueryField,
  ...pagingFields(500),
  mode: v.optional(v.picklist(['card', 'summary'], 'Kiểu báo cáo không hợp lệ'), 'summary'),
  warehouse: queryDigits('Kho'),
  variant: queryDigits('Sản phẩm'),
  lot: queryDigits('Lô'),
  search: querySearch,
  date_from: isoDay('Từ ngày'),
  date_to: isoDay('Đến ngày'),
});

export const ShipmentsQuery = v.object({
  company: companyQueryField,
  ...pagingFields(),
  search: querySearch,
  variant: queryDigits('Sản phẩm'),
  status: v.optional(v.picklist(LOT_STATUSES, 'Trạng thái lô không hợp lệ')),
  expiring: InventoryQuery.entries.expiring,
});

export const LotStatusSchema = bodyObject({
  company: companyBodyField,
  status: v.picklist(LOT_STATUSES, 'Trạng thái lô không hợp lệ'),
  reason: optionalText('lý do', 500),
});

export const LotDatesSchema = bodyObject({
  company: companyBodyField,
  manufactured_on: optionalDay('Ngày sản xuất'),
  expires_on: optionalDay('Hạn dùng'),
});

export const PeriodCloseSchema = bodyObject({
  company: companyBodyField,
  month: v.pipe(v.string('Tháng không hợp lệ'), v.regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Tháng không hợp lệ (YYYY-MM)')),
});

export const ReasonInputSchema = bodyObject({ company: companyBodyField, title: requiredText('lý do chuyển kho', 120) });

export const WarehouseSettingsSchema = bodyObject({
  company: companyBodyField,
  regime: v.picklist(ACCOUNTING_REGIMES, 'Chế độ kế toán không hợp lệ'),
  unit_name: optionalText('tên đơn vị', 200),
  department: optionalText('bộ phận', 200),
  import_form: requiredText('mẫu phiếu nhập', 30),
  export_form: requiredText('mẫu phiếu xuất', 30),
  check_form: requiredText('mẫu biên bản kiểm kê', 30),
  transfer_form: requiredText('mẫu phiếu chuyển kho', 30),
  short_dated_days: v.optional(
    v.pipe(
      v.number('Số ngày cận hạn phải là số'),
      v.integer('Số ngày cận hạn phải là số nguyên'),
      v.minValue(0, 'Số ngày cận hạn không được âm'),
      v.maxValue(MAX_SHORT_DATED_DAYS, `Số ngày cận hạn tối đa ${MAX_SHORT_DATED_DAYS}`),
    ),
    DEFAULT_SHORT_DATED_DAYS,
  ),
  short_dated_rule: v.optional(v.picklist(SHORT_DATED_RULES, 'Cách nhập hàng cận hạn không hợp lệ'), 'usable'),
});

/** A lot recall's "who received lot X": every customer an export of the lot went to. */
export type LotRecipient = {
  receipt_id: string;
  receipt_code: string;
  document_date: string;
  order_id: string | null;
  order_code: string | null;
  customer_name: string | null;
  customer_phone: string | null;
  partner_name: string | null;
  quantity: number;
};

export const warehousePaths = {
  warehouses: '/warehouse/api/warehouse/',
  warehouse: (id: number | string) => `/warehouse/api/warehouse/${id}/`,
  service: '/warehouse/api/checkservice/',
  settings: '/warehouse/api/settings/',
  inventory: '/warehouse/api/inventory/',
  inventoryExport: '/warehouse/api/inventory/export/',
  inventoryView: '/warehouse/api/inventoryview/',
  shipments: '/warehouse/api/shipments/',
  shipment: (id: number | string) => `/warehouse/api/shipments/${id}/`,
  shipmentStatus: (id: number | string) => `/warehouse/api/shipments/${id}/status/`,
  periods: '/warehouse/api/accountperiod/',
  period: (month: string) => `/warehouse/api/accountperiod/${month}/`,
  reasons: '/warehouse/api/reasontransfer/',
  reason: (id: number | string) => `/warehouse/api/reasontransfer/${id}/`,
  returnOrder: '/warehouse/api/import-receipt-return-order/',
  ledgerCheck: '/warehouse/api/ledgercheck/',
} as const;

/** A count a phone sends (op `stock.count`): what one counter counted on one sheet of a check receipt. */
export const StockCountSchema = v.object(
  {
    receiptId: uuidField('Phiếu kiểm kho'),
    /** One sheet of one counter: sending it again (a retry) replaces nothing and adds nothing. */
    sheetId: uuidField('Tờ kiểm'),
    lines: v.pipe(
      v.array(
        v.object({
          variantId: idField('sản phẩm'),
          lotId: v.optional(v.nullable(idField('lô')), null),
          quantity: v.pipe(
            v.number('Số lượng phải là số'),
            v.integer('Số lượng phải là số nguyên'),
            v.minValue(0, 'Số lượng không được âm'),
            v.maxValue(1_000_000_000, 'Số lượng quá lớn'),
          ),
        }),
        'Danh sách đếm không hợp lệ',
      ),
      v.minLength(1, 'Chưa đếm sản phẩm nào'),
      v.maxLength(2000, 'Mỗi tờ kiểm tối đa 2.000 dòng'),
    ),
    note: optionalText('ghi chú', 500),
  },
  'Dữ liệu kiểm kho không hợp lệ',
);
export type StockCountPayload = v.InferOutput<typeof StockCountSchema>;

/** What warehouses sync with the phones (contract/sync-domains.ts): stock per variant, open counts, counting. */
export const warehouseSync = defineSyncDomain({
  name: 'warehouse',
  entities: ['stock', 'stock_check'],
  // The cart shows what is left to sell; counting needs the counts. Not behind WAREHOUSE: with it
  // off the company still keeps stock in its default warehouse (docs/warehouse.md "The switch"), and
  // the API still answers its inventory and takes its counts.
  reads: {
    stock: {
      anyOf: [
        ['warehouse', 'view'],
        ['warehouse', 'create'],
        ['orders', 'create'],
      ],
    },
    stock_check: {
      anyOf: [
        ['warehouse', 'view'],
        ['warehouse', 'create'],
      ],
    },
  },
  ops: {
    'stock.count': { schema: StockCountSchema, label: 'Kiểm kho', permission: ['warehouse', 'create'] },
  },
});
