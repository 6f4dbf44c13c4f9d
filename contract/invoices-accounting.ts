/**
 * Accounting synchronisation with MISA AMIS Kế toán (actdocs.misa.vn ACTOpenAPIHelp, as
 * docs/provider-sources.md reads it): a company connects with the connection code ("mã kết nối") its AMIS administrator creates,
 * maps its customers, variants, warehouses and accounts to AMIS's dictionary, and pushes its
 * records as vouchers ("đề nghị sinh chứng từ"). AMIS answers each push later, on our callback; a
 * record is waiting until then, then synced or failed with AMIS's reason. One voucher per record,
 * whatever the retries: the record's `org_refid` is AMIS's key for it.
 *
 * The voucher sources are a short list (sales orders, import receipts, payments): adding one is a
 * name here and one entry in server/modules/invoices/voucher-sources.ts.
 */
import * as v from 'valibot';
import { bodyObject, companyBodyField, companyQueryField, optionalText, pagingFields, requiredText, uuidField } from './validation';

export const ACCOUNTING_SOURCES = ['order', 'receipt', 'payment'] as const;
export type AccountingSource = (typeof ACCOUNTING_SOURCES)[number];
export const ACCOUNTING_SOURCE_LABELS: Record<AccountingSource, string> = {
  order: 'Đơn hàng bán',
  receipt: 'Phiếu nhập kho',
  payment: 'Phiếu thu',
};

export const SYNC_STATUSES = ['waiting', 'synced', 'failed'] as const;
export type SyncStatus = (typeof SYNC_STATUSES)[number];
export const SYNC_STATUS_LABELS: Record<SyncStatus, string> = {
  waiting: 'Chờ MISA xử lý',
  synced: 'Đã đồng bộ',
  failed: 'Lỗi',
};
export const SYNC_STATUS_COLORS: Record<SyncStatus, string> = { waiting: 'yellow', synced: 'teal', failed: 'red' };

export const MAPPING_KINDS = ['customer', 'variant', 'warehouse', 'account'] as const;
export type MappingKind = (typeof MAPPING_KINDS)[number];
export const MAPPING_KIND_LABELS: Record<MappingKind, string> = {
  customer: 'Khách hàng',
  variant: 'Hàng hóa',
  warehouse: 'Kho',
  account: 'Tài khoản',
};

/** The accounts a voucher posts to, mapped per company, with the chart's numbers as defaults (Thông tư 99/2025 kept Thông tư 200's). */
export const ACCOUNT_ROLES = ['receivable', 'revenue', 'vat_output', 'inventory', 'payable', 'vat_input', 'cash', 'bank'] as const;
export type AccountRole = (typeof ACCOUNT_ROLES)[number];
export const ACCOUNT_ROLE_LABELS: Record<AccountRole, string> = {
  receivable: 'Phải thu của khách hàng',
  revenue: 'Doanh thu bán hàng hóa',
  vat_output: 'Thuế GTGT đầu ra',
  inventory: 'Giá mua hàng hóa (hàng tồn kho)',
  payable: 'Phải trả cho người bán',
  vat_input: 'Thuế GTGT được khấu trừ',
  cash: 'Tiền mặt',
  bank: 'Tiền gửi ngân hàng',
};
export const DEFAULT_ACCOUNTS: Record<AccountRole, string> = {
  receivable: '131',
  revenue: '5111',
  vat_output: '33311',
  inventory: '1561',
  payable: '331',
  vat_input: '1331',
  cash: '1111',
  bank: '1121',
};

export type AmisConnectionRecord = {
  company: number;
  environment: 'production' | 'simulator';
  app_id: string;
  org_company_code: string;
  access_code_hint: string | null;
  /** Where AMIS sends its results (the APICallBack given to MISA). */
  callback_url: string;
  status: 'connected' | 'needs_reconnect' | 'error' | 'disconnected';
  status_message: string | null;
  token_expires_at: string | null;
  checked_at: string | null;
};

export type AccountingSyncRecord = {
  id: string;
  source: AccountingSource;
  source_id: string;
  /** The record's own code (DH000123, PN000004). */
  source_code: string;
  partner_name: string;
  amount: number;
  source_date: string;
  status: SyncStatus;
  error_code: string | null;
  error_message: string | null;
  org_refid: string;
  send_no: number;
  sent_at: string | null;
  synced_at: string | null;
  updated_at: string;
};

/** A record AMIS refused (or that could not be sent) in a push: what the push's summary lists. */
export type SyncFailure = { id: string; source_code: string; partner_name: string; error_message: string | null };

/**
 * A push of many records: what the progress bar counts, and what it came to. `outcome` is success
 * only when something was synced and nothing failed; `summary` says "Đã đồng bộ X/Y, Z lỗi" once
 * AMIS has answered every record, and `failures` lists the refused ones (at most 50).
 */
export type SyncBatchRecord = {
  id: string;
  source: AccountingSource;
  total: number;
  waiting: number;
  synced: number;
  failed: number;
  outcome: 'running' | 'success' | 'failed';
  summary: string;
  failures: SyncFailure[];
  created_at: string;
};

/** The catalogue kinds a voucher names: sent to AMIS first ("Đồng bộ danh mục", step 1). */
export const CATALOGUE_KINDS = ['customer', 'variant', 'warehouse'] as const;
export type CatalogueKind = (typeof CATALOGUE_KINDS)[number];

/** How much of each catalogue kind AMIS has (mapped, or sent with its own code), and whether step 1 is done. */
export type CatalogueStatus = { kinds: Record<CatalogueKind, { total: number; unmapped: number }>; ready: boolean };

export type SyncListBonus = { by_status: Partial<Record<SyncStatus, number>> };

/** A record not pushed yet: what "Đồng bộ" would send. */
export type SyncCandidate = { source_id: string; source_code: string; partner_name: string; amount: number; source_date: string };

export type MappingRecord = {
  kind: MappingKind;
  local_key: string;
  local_code: string;
  local_name: string;
  misa_code: string | null;
  misa_name: string | null;
};

export type DictionaryItem = { code: string; name: string };

export const AMIS_ENVIRONMENTS = ['production', 'simulator'] as const;
export const AMIS_ENVIRONMENT_LABELS: Record<(typeof AMIS_ENVIRONMENTS)[number], string> = {
  production: 'AMIS Kế toán (actapp.misa.vn)',
  simulator: 'Trình giả lập trên máy chủ này',
};

export const AmisConnectionSchema = bodyObject({
  company: companyBodyField,
  environment: v.picklist(AMIS_ENVIRONMENTS, 'Môi trường không hợp lệ'),
  app_id: requiredText('mã ứng dụng (app_id) do MISA cấp', 100),
  org_company_code: requiredText('mã công ty trên AMIS', 100),
  /** Blank on an edit: the stored code stays. */
  access_code: optionalText('mã kết nối', 500),
});
export type AmisConnectionInput = v.InferInput<typeof AmisConnectionSchema>;

const MAX_SYNC = 500;

export const SyncRequestSchema = bodyObject({
  company: companyBodyField,
  source: v.picklist(ACCOUNTING_SOURCES, 'Loại chứng từ không hợp lệ'),
  /** The records to push; absent: every record of the source not pushed yet (up to 500). */
  ids: v.optional(
    v.pipe(
      v.array(uuidField('Chứng từ'), 'Danh sách chứng từ không hợp lệ'),
      v.minLength(1, 'Vui lòng chọn chứng từ'),
      v.maxLength(MAX_SYNC, `Mỗi lần đồng bộ tối đa ${MAX_SYNC} chứng từ`),
    ),
  ),
});

/** synchronize-order-misa/ (product-spec.md §7, under /order/api): orders only. */
export const SyncOrdersSchema = bodyObject({
  company: companyBodyField,
  order_ids: v.optional(
    v.pipe(
      v.array(uuidField('Đơn hàng'), 'Danh sách đơn hàng không hợp lệ'),
      v.minLength(1, 'Vui lòng chọn đơn hàng'),
      v.maxLength(MAX_SYNC, `Mỗi lần đồng bộ tối đa ${MAX_SYNC} đơn`),
    ),
  ),
});

export const SyncRetrySchema = bodyObject({
  company: companyBodyField,
  /** Absent: every failed record. */
  ids: v.optional(
    v.pipe(v.array(uuidField('Bản ghi đồng bộ'), 'Danh sách không hợp lệ'), v.maxLength(MAX_SYNC, `Tối đa ${MAX_SYNC} bản ghi`)),
  ),
});

export const SyncListQuery = v.object({
  company: companyQueryField,
  ...pagingFields(),
  source: v.optional(v.picklist(ACCOUNTING_SOURCES, 'Loại chứng từ không hợp lệ')),
  status: v.optional(v.picklist(SYNC_STATUSES, 'Trạng thái không hợp lệ')),
  search: v.optional(v.pipe(v.string(), v.maxLength(100, 'Từ khóa tìm kiếm quá dài'))),
  batch: v.optional(uuidField('Lượt đồng bộ')),
  /** One record's row (an order's page). */
  record: v.optional(uuidField('Chứng từ')),
});

export const CandidatesQuery = v.object({
  company: companyQueryField,
  source: v.picklist(ACCOUNTING_SOURCES, 'Loại chứng từ không hợp lệ'),
});

export const MappingListQuery = v.object({
  company: companyQueryField,
  ...pagingFields(),
  kind: v.picklist(MAPPING_KINDS, 'Loại danh mục không hợp lệ'),
  search: v.optional(v.pipe(v.string(), v.maxLength(100, 'Từ khóa tìm kiếm quá dài'))),
});

export const MappingSaveSchema = bodyObject({
  company: companyBodyField,
  kind: v.picklist(MAPPING_KINDS, 'Loại danh mục không hợp lệ'),
  items: v.pipe(
    v.array(
      v.object({
        local_key: v.pipe(v.string('Mã không hợp lệ'), v.trim(), v.nonEmpty('Mã không hợp lệ'), v.maxLength(100, 'Mã quá dài')),
        /** Blank: the mapping is removed (the record's own code is used). */
        misa_code: optionalText('mã trên AMIS', 100),
        misa_name: optionalText('tên trên AMIS', 255),
      }),
      'Danh sách ánh xạ không hợp lệ',
    ),
    v.minLength(1, 'Không có gì để lưu'),
    v.maxLength(500, 'Mỗi lần lưu tối đa 500 dòng'),
  ),
});

export const DictionaryQuery = v.object({ company: companyQueryField, kind: v.picklist(MAPPING_KINDS, 'Loại danh mục không hợp lệ') });

export const CataloguePushSchema = bodyObject({ company: companyBodyField });

export const DictionaryPushSchema = bodyObject({
  company: companyBodyField,
  kind: v.picklist(['customer', 'variant', 'warehouse'], 'Loại danh mục không hợp lệ'),
});

export const accountingPaths = {
  connection: '/invoice/api/amis/connection/',
  syncs: '/invoice/api/amis/sync/',
  candidates: '/invoice/api/amis/sync/candidates/',
  retry: '/invoice/api/amis/sync/retry/',
  batch: (id: string) => `/invoice/api/amis/batch/${id}/`,
  mappings: '/invoice/api/amis/mappings/',
  dictionary: '/invoice/api/amis/dictionary/',
  pushDictionary: '/invoice/api/amis/dictionary/push/',
  /** Step 1: how much of the catalogue AMIS has, and sending all of it. */
  catalogue: '/invoice/api/amis/catalogue/',
  pushCatalogue: '/invoice/api/amis/catalogue/push/',
  /** product-spec.md §7 "synchronize-order-misa", under the orders' prefix. */
  syncOrders: '/order/api/synchronize-order-misa/',
  callback: (connectionId: number, token: string) => `/invoice/api/amis-callback/${connectionId}/${token}/`,
} as const;
