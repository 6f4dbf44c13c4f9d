/**
 * Receipts (product-spec.md §7 "import, export, check, transfer receipts with create, list, detail,
 * status update and print"): what they carry, what a person sends to make or move one, the list's
 * filters and its `bonus`. Lines are typed in a unit of the variant (hộp, vỉ…) and posted in base
 * units; quantities are whole and positive, prices whole đồng.
 */
import * as v from 'valibot';
import { isoDay } from './warehouse';
import { COUNT_MERGES, type CountMerge } from './warehouse-counts';
import { RECEIPT_KINDS, RECEIPT_STATUSES, type LotStatus, type ReceiptKind, type ReceiptStatus } from './warehouse-status';
import { bodyObject, companyBodyField, companyQueryField, idField, optionalText, pagingFields, uuidField } from './validation';

export type ReceiptLineRecord = {
  id: string;
  variant_id: number;
  product_name: string;
  variant_name: string;
  sku: string;
  unit: string;
  factor: number;
  /** Actually received / issued / sent (thực nhập, thực xuất), in `unit`. */
  quantity: number;
  /** Per the source document (theo chứng từ) or requested (yêu cầu), in `unit`; null when not given. */
  document_quantity: number | null;
  /** Transfers: what arrived, in `unit` (null until received). */
  received_quantity: number | null;
  base_quantity: number;
  /** The variant's smallest unit (viên, ml), which `base_quantity` and the picks count in. */
  base_unit: string;
  lot_id: number | null;
  lot_no: string | null;
  manufactured_on: string | null;
  expires_on: string | null;
  /** The lot's status now (Được bán, Biệt trữ, Thu hồi) and why: a lot received expired is in quarantine. Null without a lot. */
  lot_status: LotStatus | null;
  lot_status_reason: string | null;
  /** Price per `unit` (đơn giá): the purchase price of an import, the sale price of an export if any. */
  unit_price: number;
  amount: number;
  /** Stock value the posting moved (cost of goods for exports), đồng; null until posted. */
  cost: number | null;
  /** Checks: on the books when the count started, and counted (sum of the counters' sheets), base units. */
  book_quantity: number | null;
  counted_quantity: number | null;
  /** The lots the posting took or filled (FEFO picks of an export), base units. */
  picks: { lot_id: number; lot_no: string; expires_on: string | null; base_quantity: number }[];
};

export type ReceiptRecord = {
  id: string;
  company: number;
  kind: ReceiptKind;
  code: string;
  status: ReceiptStatus;
  warehouse_id: number;
  warehouse_name: string;
  to_warehouse_id: number | null;
  to_warehouse_name: string | null;
  reason_id: number | null;
  reason: string | null;
  /** Người giao hàng (imports), người nhận hàng (exports), người vận chuyển (transfers). */
  partner_name: string | null;
  partner_address: string | null;
  /** "Theo … số … ngày …": the source document (invoice, order, dispatch order). */
  source_document: string | null;
  order_id: string | null;
  order_code: string | null;
  /** An import bringing back a returned delivery: its lots wait in quarantine. */
  is_return: boolean;
  /** The receipt this one reverses or adjusts (a count's adjustment, a cancelled receipt). */
  reverses_id: string | null;
  /** Checks: how several counters' figures make one (contract/warehouse-counts.ts); null for other kinds. */
  count_merge: CountMerge | null;
  document_date: string;
  note: string | null;
  status_reason: string | null;
  created_by: number;
  created_by_name: string;
  completed_at: string | null;
  completed_by_name: string | null;
  line_count: number;
  total_quantity: number;
  total_amount: number;
  created_at: string;
  updated_at: string;
};

export type ReceiptDetail = ReceiptRecord & {
  lines: ReceiptLineRecord[];
  /** Checks: who counted, with their sheets. */
  counters: { account_id: number; name: string; sheets: number; counted_at: string }[];
  history: { from: ReceiptStatus | null; to: ReceiptStatus; at: string; by: string; reason: string | null }[];
};

/** The receipt list's `bonus`: counts per status and totals of every matching receipt. */
export type ReceiptListBonus = { by_status: Partial<Record<ReceiptStatus, number>>; total_amount: number; total_quantity: number };

const quantity = (label: string) =>
  v.pipe(
    v.number(`${label} phải là số`),
    v.integer(`${label} phải là số nguyên`),
    v.minValue(1, `${label} phải lớn hơn 0`),
    v.maxValue(1_000_000_000, `${label} quá lớn`),
  );
const money = (label: string) =>
  v.pipe(
    v.number(`${label} phải là số`),
    v.integer(`${label} phải là số nguyên (đồng)`),
    v.minValue(0, `${label} không được âm`),
    v.maxValue(100_000_000_000, `${label} quá lớn`),
  );

export const ReceiptLineInputSchema = v.object(
  {
    variant_id: idField('sản phẩm'),
    unit: v.pipe(
      v.string('Đơn vị tính không hợp lệ'),
      v.trim(),
      v.nonEmpty('Vui lòng chọn đơn vị tính'),
      v.maxLength(40, 'Đơn vị tính quá dài'),
    ),
    quantity: quantity('Số lượng'),
    document_quantity: v.optional(v.nullable(quantity('Số lượng theo chứng từ')), null),
    unit_price: v.optional(money('Đơn giá'), 0),
    /** An existing lot (exports, transfers, counts); imports may name a lot by its number instead. */
    lot_id: v.optional(v.nullable(idField('lô')), null),
    lot_no: optionalText('số lô', 60),
    manufactured_on: v.optional(v.nullable(isoDay('Ngày sản xuất')), null),
    expires_on: v.optional(v.nullable(isoDay('Hạn dùng')), null),
  },
  'Dòng phiếu không hợp lệ',
);
export type ReceiptLineInput = v.InferOutput<typeof ReceiptLineInputSchema>;

export const MAX_RECEIPT_LINES = 1000;

export const ReceiptInputSchema = bodyObject({
  company: companyBodyField,
  warehouse: v.optional(v.nullable(idField('kho')), null),
  to_warehouse: v.optional(v.nullable(idField('kho nhận')), null),
  reason: v.optional(v.nullable(idField('lý do chuyển kho')), null),
  partner_name: optionalText('người giao/nhận', 120),
  partner_address: optionalText('địa chỉ', 255),
  source_document: optionalText('chứng từ gốc', 200),
  document_date: isoDay('Ngày chứng từ'),
  note: optionalText('ghi chú', 1000),
  lines: v.pipe(
    v.array(ReceiptLineInputSchema, 'Danh sách hàng không hợp lệ'),
    v.maxLength(MAX_RECEIPT_LINES, `Mỗi phiếu tối đa ${MAX_RECEIPT_LINES} dòng`),
  ),
  /** Create it straight as pending (Chờ duyệt) or completed (Hoàn thành), if the role may. */
  status: v.optional(v.picklist(['draft', 'pending', 'completed'], 'Trạng thái không hợp lệ'), 'draft'),
});
export type ReceiptInput = v.InferInput<typeof ReceiptInputSchema>;

/** A check (kiểm kho) starts from the books: all of a warehouse, or some of its variants. */
export const CheckInputSchema = bodyObject({
  company: companyBodyField,
  warehouse: v.optional(v.nullable(idField('kho')), null),
  document_date: isoDay('Ngày kiểm kê'),
  note: optionalText('ghi chú', 1000),
  count_merge: v.optional(v.picklist(COUNT_MERGES, 'Cách gộp số đếm không hợp lệ'), 'sum'),
  /** The variants to count; empty: everything the warehouse holds. */
  variants: v.pipe(
    v.optional(v.array(idField('sản phẩm'), 'Danh sách sản phẩm không hợp lệ'), []),
    v.maxLength(5000, 'Quá nhiều sản phẩm'),
  ),
});

export const ReceiptStatusSchema = bodyObject({
  company: companyBodyField,
  status: v.picklist(RECEIPT_STATUSES, 'Trạng thái không hợp lệ'),
  reason: optionalText('lý do', 500),
  /** Receiving a transfer: what arrived per line (in the line's unit); lines left out arrived in full. */
  received: v.optional(
    v.pipe(
      v.array(
        v.object({
          line_id: uuidField('Dòng phiếu'),
          quantity: v.pipe(
            v.number('Số lượng phải là số'),
            v.integer('Số lượng phải là số nguyên'),
            v.minValue(0, 'Số lượng không được âm'),
          ),
        }),
        'Số lượng nhận không hợp lệ',
      ),
      v.maxLength(MAX_RECEIPT_LINES, 'Quá nhiều dòng'),
    ),
    [],
  ),
});

export const ReceiptListQuery = v.object({
  company: companyQueryField,
  ...pagingFields(),
  search: v.optional(v.pipe(v.string(), v.maxLength(100, 'Từ khóa tìm kiếm quá dài'))),
  status: v.optional(v.picklist(RECEIPT_STATUSES, 'Trạng thái không hợp lệ')),
  warehouse: v.optional(v.pipe(v.string(), v.regex(/^\d{1,9}$/, 'Kho không hợp lệ'), v.transform(Number))),
  date_from: v.optional(isoDay('Từ ngày')),
  date_to: v.optional(isoDay('Đến ngày')),
});

/** `import-receipt-return-order/`: goods of a delivered order come back; lines left out return in full. */
export const ReturnOrderSchema = bodyObject({
  company: companyBodyField,
  order: uuidField('Đơn hàng'),
  warehouse: v.optional(v.nullable(idField('kho')), null),
  document_date: isoDay('Ngày nhập'),
  note: optionalText('ghi chú', 1000),
  lines: v.optional(
    v.pipe(
      v.array(
        v.object({
          line_id: uuidField('Dòng đơn hàng'),
          quantity: v.pipe(v.number(), v.integer('Số lượng phải là số nguyên'), v.minValue(0, 'Số lượng không được âm')),
        }),
      ),
      v.maxLength(MAX_RECEIPT_LINES, 'Quá nhiều dòng'),
    ),
    [],
  ),
});

/** An open count as a phone keeps it (the `stock_check` entity): what to count, never the book figures. */
export type StockCheckRecord = {
  id: string;
  company: number;
  code: string;
  warehouse_id: number;
  warehouse_name: string;
  document_date: string;
  status: ReceiptStatus;
  count_merge: CountMerge;
  lines: {
    variant_id: number;
    product_name: string;
    variant_name: string;
    sku: string;
    base_unit: string;
    lot_id: number | null;
    lot_no: string | null;
    expires_on: string | null;
  }[];
  updated_at: string;
};

export function receiptPaths(kind: ReceiptKind) {
  return {
    list: `/warehouse/api/${kind}receipt/`,
    one: (id: string) => `/warehouse/api/${kind}receipt/${id}/`,
    status: (id: string) => `/warehouse/api/updatestatus${kind}receipt/${id}/`,
    print: (id: string) => `/warehouse/api/print${kind}receipt/${id}/`,
    export: `/warehouse/api/${kind}receipt/export/`,
  };
}

export const isReceiptKind = (value: string): value is ReceiptKind => (RECEIPT_KINDS as readonly string[]).includes(value);

/** `print{kind}receipt/{id}/`: the receipt with the header lines and form number its page prints. */
export type ReceiptPrint = {
  receipt: ReceiptDetail;
  /** Mẫu số (01-VT, 02-VT…), from the company's settings. */
  form: string;
  /** The accounting regime the form follows, in words. */
  regime: string;
  unit_name: string;
  department: string | null;
  company: { title: string; address: string | null; tax_code: string | null };
};
