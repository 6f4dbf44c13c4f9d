/**
 * Requests the isolation matrix cannot draw from the contract alone, so that these routes get past
 * validation and reach their company check instead of answering 400 and proving nothing: bodies
 * whose fields depend on each other (an order's lines, a KPI month), query keys a route requires
 * (a region, a barcode), a schema that lives in the server (order create) and multipart uploads.
 * Each is written with the ids of the company that sends it; the test points them at the other one.
 */
import { TINY_PNG } from './seed-tenant';

export type Multipart = { kind: 'multipart'; fields: Record<string, string>; file: { name: string; type: string; bytes: Uint8Array } };
export type KnownInput = { query?: Record<string, string | number>; body?: unknown | Multipart };

/** Ids of one company's records, per table (support/tenant-data.ts idPools), plus `barcodes` and a variant on sale with its unit. */
export type Tables = Record<string, (string | number)[]>;

/** Real .xlsx files (the import templates with one row filled in), so the imports read them. */
export type Sheets = { staff: Uint8Array; revenue: Uint8Array };

const UUIDS = ['01890a5d-ac96-774b-bcce-b302099a80a1', '01890a5d-ac96-774b-bcce-b302099a80a2', '01890a5d-ac96-774b-bcce-b302099a80a3'];
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export function isMultipart(body: unknown): body is Multipart {
  return typeof body === 'object' && body !== null && (body as Multipart).kind === 'multipart';
}

export function toFormData(body: Multipart): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(body.fields)) form.append(key, value);
  // A copy backed by a plain ArrayBuffer, as Blob wants.
  form.append('file', new Blob([body.file.bytes.slice()], { type: body.file.type }), body.file.name);
  return form;
}

/** The input for a route ("METHOD /api/path"), or null when the contract-driven search suffices. */
export function knownInput(route: string, company: number, tables: Tables, serial: number, sheets: Sheets): KnownInput | null {
  const first = (table: string) => tables[table]?.[0];
  const phone = `0938${String(100_000 + serial).slice(-6)}`;
  const sheet = (name: string, bytes: Uint8Array): Multipart => ({
    kind: 'multipart',
    fields: { company: String(company) },
    file: { name, type: XLSX, bytes },
  });
  switch (route) {
    case 'POST /api/account/api/employee/admin/create':
    case 'POST /api/account/api/employee/create_staff':
      return { body: { company, phone, full_name: 'Nhân viên kiểm tra cách ly', password: 'CachLy@2026' } };
    case 'POST /api/account/api/employee/inactive_staff':
      return { body: { company, account: first('accounts'), is_active: true } };
    case 'POST /api/account/api/import-data-sales':
      return { body: sheet('nhan-vien.xlsx', sheets.staff) };
    case 'POST /api/account/api/import-revenua-sales':
      return { body: sheet('doanh-so.xlsx', sheets.revenue) };
    case 'POST /api/product/api/product/:id{[0-9]+}/images':
      return {
        body: { kind: 'multipart', fields: { company: String(company) }, file: { name: 'anh.png', type: 'image/png', bytes: TINY_PNG } },
      };
    case 'POST /api/customer/api/customer-import':
      // A row that reaches the writes (a new customer with its licence), so the company check is what answers.
      return {
        body: {
          company,
          rows: [
            {
              _row: 2,
              'Mã KH': null,
              'Tên khách hàng': `Nhà thuốc Cách Ly ${serial}`,
              'Số GCN đủ ĐKKD dược': 'CL-01',
              'Ngày cấp': '01/02/2025',
            },
          ],
        },
      };
    case 'POST /api/customer/api/customer/:id/licence-scan':
      return {
        body: {
          kind: 'multipart',
          fields: { company: String(company) },
          file: { name: 'giay-phep.png', type: 'image/png', bytes: TINY_PNG },
        },
      };
    case 'PUT /api/product/api/updatevariantwholesale':
      return { body: { company, items: [{ variant_id: first('saleVariants'), unit: first('units'), wholesale_price: 10_000 }] } };
    case 'GET /api/product/api/scanproduct':
      return { query: { barcode: first('barcodes') ?? '8930000000000' } };
    case 'POST /api/order/api/ordercompany':
      return {
        body: {
          company,
          orderId: UUIDS[serial % 3],
          localNo: `ISO-${String(1000 + (serial % 9000))}-1`,
          customerId: first('customers'),
          lines: [
            {
              lineId: UUIDS[(serial + 1) % 3],
              variantId: first('saleVariants'),
              unit: first('units'),
              quantity: 1,
              quotedUnitPrice: 100_000_000_000,
            },
          ],
          quotedTotal: 0,
          createdAt: new Date().toISOString(),
        },
      };
    case 'GET /api/region/api/getstaff':
    case 'GET /api/region/api/getcustomer':
    case 'GET /api/region/api/getorder':
      return { query: { region: first('regions') ?? 1 } };
    case 'POST /api/region/api/configkpi':
      // The company's own target: a region id would be gone once the matrix has tried the region's
      // DELETE with Minh Phát's ids earlier in the run.
      return { body: { company, month: '2026-05', targets: [{ region: null, account: null, revenue: 1_000_000 }] } };
    // The warehouse routes, so they too reach their company check.
    case 'POST /api/visit/api/plans':
    case 'PUT /api/visit/api/plans/:id':
      // A stop whose weekdays fit its frequency (contract/visits-plans.ts stopProblem), for the company's own member and customer.
      return {
        body: {
          company,
          account_id: first('accounts') ?? 1,
          name: 'Tuyến kiểm tra cách ly',
          effective_from: '2026-01-05',
          stops: [{ customer_id: first('customers') ?? UUIDS[0], frequency: 'F4', weekdays: [1], weeks: [] }],
        },
      };
    case 'PUT /api/visit/api/suggestions/settings':
      // Must-carry ids are checked against the company's catalogue: none, so the call reaches its company check.
      return { body: { company, must_carry: [], idle_days: 30, push_expiry_days: 90 } };
    case 'GET /api/visit/api/visits/positions':
      // A rep's day with positions (contract/visits-positions.ts): a member and a day are required.
      return { query: { account: first('accounts') ?? 1, date: '2026-11-20' } };
    case 'GET /api/attendance/api/timesheet':
    case 'GET /api/attendance/api/timesheet/export':
      return { query: { month: '2026-11' } };
    case 'GET /api/warehouse/api/inventoryview':
      return { query: { date_from: '2026-01-01', date_to: '2026-12-31' } };
    case 'POST /api/warehouse/api/importreceipt':
    case 'PUT /api/warehouse/api/importreceipt/:id':
    case 'POST /api/warehouse/api/exportreceipt':
    case 'PUT /api/warehouse/api/exportreceipt/:id':
    case 'POST /api/warehouse/api/transferreceipt':
    case 'PUT /api/warehouse/api/transferreceipt/:id':
      return {
        body: { company, document_date: '2026-11-20', lines: [{ variant_id: first('saleVariants'), unit: first('units'), quantity: 1 }] },
      };
    case 'POST /api/warehouse/api/checkreceipt/:id/count':
      // The path's receipt is compared with receiptId only after the company check.
      return {
        body: {
          company,
          receiptId: UUIDS[serial % 3],
          sheetId: UUIDS[(serial + 1) % 3],
          lines: [{ variantId: first('saleVariants'), quantity: 1 }],
        },
      };
    case 'POST /api/warehouse/api/import-receipt-return-order':
      return { body: { company, order: first('orders') ?? UUIDS[0], document_date: '2026-11-20' } };
    // Recall campaigns: bodies whose fields depend on each other (a lot campaign names its lot).
    case 'POST /api/pharma/api/recalls':
      return {
        body: {
          company,
          scope: 'lot',
          lot_id: first('stock_lots') ?? 1,
          level: 2,
          decision_number: '1/QĐ-QLD',
          decision_date: '2026-11-20',
          reason: 'Kiểm tra cách ly',
        },
      };
    case 'POST /api/pharma/api/recalls/:id{[0-9]+}/returns':
      return {
        body: {
          company,
          customer_id: first('customers') ?? UUIDS[0],
          lot_id: first('stock_lots') ?? 1,
          quantity: 1,
          document_date: '2026-11-20',
        },
      };
    case 'PUT /api/pharma/api/recalls/:id{[0-9]+}/close':
      return { body: { company, note: 'Kiểm tra cách ly' } };
    // Promotions: a programme the checks accept, and the programme a query names.
    case 'POST /api/promotion/api/promotion':
    case 'PUT /api/promotion/api/promotion/:id{[0-9]+}':
      return {
        body: {
          company,
          name: 'Chương trình kiểm tra cách ly',
          kind: 'order_total',
          starts_on: '2026-12-01',
          ends_on: '2026-12-31',
          tiers: [{ threshold: 1_000_000, reward: 'percent', value: 5 }],
        },
      };
    case 'GET /api/promotion/api/promotionvalue':
    case 'GET /api/promotion/api/getpromotionvariant':
      return { query: { promotion: first('promotions') ?? 1 } };
    // Order types: a type the checks accept, and the member a call names.
    case 'POST /api/service/api/insert_or_update_type':
      return { body: { company, code: `CL${serial % 100}`, name: 'Loại đơn kiểm tra cách ly' } };
    case 'GET /api/service/api/using_type_for_user':
      return { query: { account: first('accounts') ?? 1 } };
    case 'POST /api/service/api/using_type_for_user':
    case 'PUT /api/service/api/using_type_for_user':
      return { body: { company, account: first('accounts') ?? 1, type_ids: [] } };
    // Packages: a running voucher and a package the seed has.
    case 'POST /api/service/api/check-vourcher':
      return { body: { company, code: 'CHAOMUNG2026', package: 1, months: 1 } };
    case 'POST /api/service/api/register-package':
      return { body: { company, package: 1, months: 1 } };
    // Receivables: a customer or an order the query names, a period in order, rising
    // aging bounds, a bank of the NAPAS list, a payment of the company.
    case 'POST /api/order/api/orderpayment':
      return { body: { company, customer: first('customers'), amount: 10_000, method: 'cash', confirmed: false } };
    case 'PUT /api/order/api/orderpayment/:id/cancel':
      return { body: { company, reason: 'Kiểm tra cách ly' } };
    case 'GET /api/order/api/receivableinfo':
    case 'GET /api/order/api/paymenthistory':
    case 'GET /api/order/api/receivableledger':
      return { query: { customer: first('customers') ?? UUIDS[0]! } };
    case 'GET /api/order/api/receivablestatement':
    case 'GET /api/order/api/receivablestatement/export':
      return { query: { customer: first('customers') ?? UUIDS[0]!, date_from: '2026-01-01', date_to: '2026-12-31' } };
    case 'PUT /api/order/api/receivablesetting':
      return { body: { company, credit_policy: 'warn', default_credit_days: 30, aging_bounds: [30, 60, 90] } };
    case 'PUT /api/order/api/creditlimit/:customer':
    case 'PUT /api/order/api/creditlimitstaff/:account':
      return { body: { company, credit_limit: 1_000_000, credit_days: 30 } };
    case 'POST /api/bank/api/card':
    case 'PUT /api/bank/api/card/:id{[0-9]+}':
      return {
        body: {
          company,
          bank_bin: '970436',
          account_number: `00710${String(100_000 + serial).slice(-6)}`,
          account_name: 'Kiểm tra cách ly',
        },
      };
    // Delivery: an order's booking, quotes and labels, a carrier account, self delivery.
    case 'POST /api/order/api/orderdlo':
      return {
        body: {
          company,
          order: first('orders') ?? UUIDS[0],
          connection_id: first('provider_connections') ?? 1,
          service_id: '53320',
          fee: 25_000,
          parcel: PARCEL,
          cod_amount: 0,
          receiver_method: 'cho_xem',
        },
      };
    case 'POST /api/order/api/transportpartner':
      return { body: { company, order: first('orders') ?? UUIDS[0], parcel: PARCEL, cod_amount: 0 } };
    case 'POST /api/order/api/printtag':
      return { body: { company, deliveries: [first('delivery_orders') ?? UUIDS[0]!], size: 'a5' } };
    case 'POST /api/order/api/connecttransportpartner':
      return {
        body: { company, carrier: 'ghn', environment: 'simulator', account_key: '885', token: 'token-kiem-tra-cach-ly', sender: SENDER },
      };
    case 'POST /api/order/api/connectaccountkafa':
      return { body: { company, fee: 10_000, shipper_ids: [], sender: SENDER } };
    case 'GET /api/order/api/orderdlo/draft':
      return { query: { order: first('orders') ?? UUIDS[0]! } };
    case 'GET /api/order/api/getlisttimedelivery':
      return { query: { connection: first('provider_connections') ?? 1 } };
    // E-invoices and accounting: the query keys a route requires, and bodies its checks accept.
    case 'GET /api/invoice/api/einvoice/orders':
      return { query: { customer: first('customers') ?? UUIDS[0]! } };
    case 'GET /api/invoice/api/amis/mappings':
    case 'GET /api/invoice/api/amis/dictionary':
      return { query: { kind: 'customer' } };
    case 'GET /api/invoice/api/amis/sync/candidates':
      return { query: { source: 'order' } };
    case 'POST /api/invoice/api/einvoice/preview':
      return { body: { company, order_ids: [first('orders') ?? UUIDS[0]!] } };
    case 'POST /api/invoice/api/einvoice':
      return { body: { company, order_ids: [first('orders') ?? UUIDS[0]!], buyer: ISOLATION_BUYER } };
    case 'POST /api/invoice/api/einvoice/:id/cancel':
      return { body: { company, reason: 'Kiểm tra cách ly' } };
    case 'POST /api/invoice/api/einvoice/:id/replace':
      return { body: { company, reason: 'Kiểm tra cách ly', buyer: ISOLATION_BUYER, agreement: ISOLATION_AGREEMENT } };
    case 'POST /api/invoice/api/einvoice/:id/adjust':
      return {
        body: {
          company,
          kind: 'decrease',
          reason: 'Kiểm tra cách ly',
          agreement: ISOLATION_AGREEMENT,
          lines: [{ line_no: null, item_name: 'Chiết khấu thương mại', quantity: 1, unit_price: 1_000, vat_rate: '10%' }],
        },
      };
    case 'POST /api/invoice/api/einvoice/:id/agreement':
      return {
        body: {
          kind: 'multipart',
          fields: { company: String(company) },
          file: { name: 'bien-ban.png', type: 'image/png', bytes: TINY_PNG },
        },
      };
    case 'PUT /api/invoice/api/einvoice-settings':
      // The simulator environment: no outside call, whatever the test server runs.
      return {
        body: {
          company,
          environment: 'simulator',
          app_id: 'app-cach-ly',
          tax_code: '0100109106',
          username: 'cachly',
          password: 'CachLy@2026',
          template_no: '1',
          series: 'C26TAA',
          seller_legal_name: 'Công ty kiểm tra cách ly',
          seller_address: '1 Lê Lợi, Hà Nội',
        },
      };
    case 'PUT /api/invoice/api/amis/connection':
      return { body: { company, environment: 'simulator', app_id: 'app-cach-ly', org_company_code: 'CACHLY', access_code: 'ma-cach-ly' } };
    case 'PUT /api/invoice/api/amis/mappings':
      return { body: { company, kind: 'warehouse', items: [{ local_key: String(first('warehouses') ?? 1), misa_code: 'KHO-CACH-LY' }] } };
    case 'POST /api/invoice/api/amis/dictionary/push':
      return { body: { company, kind: 'customer' } };
    case 'POST /api/invoice/api/amis/sync':
      // Every completed order not pushed yet (`ids` would be read as products' ids here).
      return { body: { company, source: 'order' } };
    case 'POST /api/order/api/synchronize-order-misa':
      return { body: { company, order_ids: [first('orders') ?? UUIDS[0]!] } };
    // Zalo OA: bodies past validation, aimed at the company's OA, template and follower.
    case 'POST /api/zalo-oa/zalo-oas':
      return { body: { company, environment: 'production', app_id: '1234567890', app_secret: 'bi-mat-thu' } };
    case 'PUT /api/zalo-oa/zalo-oas/:id{[0-9]+}':
      return { body: { company, label: 'OA kiểm tra cách ly' } };
    case 'POST /api/zalo-oa/submit-new-oa':
      return { body: { company, name: 'OA kiểm tra cách ly', sector: 'Khác', phone } };
    case 'GET /api/zalo-oa/followers':
    case 'GET /api/zalo-oa/templates':
      return { query: { oa: first('zalo_oas') ?? 1 } };
    case 'POST /api/zalo-oa/followers/sync':
    case 'POST /api/zalo-oa/templates/sync':
      return { body: { company, oa: first('zalo_oas') } };
    case 'PUT /api/zalo-oa/followers/:id{[0-9]+}':
      return { body: { company, customer: first('customers') } };
    case 'PUT /api/zalo-oa/templates/:id{[0-9]+}':
      return { body: { company, bindings: { customer_name: { field: 'customer.name' } } } };
    case 'GET /api/zalo-oa/templates/:id{[0-9]+}/preview':
      return { query: { customer: first('customers') ?? UUIDS[0]! } };
    case 'POST /api/zalo-oa/messages':
      return {
        body: {
          company,
          kind: 'zns',
          id: UUIDS[serial % 3],
          oa: first('zalo_oas'),
          template: first('zalo_templates'),
          phone,
          customer: first('customers'),
        },
      };
    case 'POST /api/zalo-oa/send-multiple/audience':
    case 'POST /api/zalo-oa/send-multiple':
      return {
        body: {
          company,
          oa: first('zalo_oas'),
          template: first('zalo_templates'),
          source: 'followers',
          name: 'Chiến dịch kiểm tra cách ly',
        },
      };
    // Reports: the query keys a report call requires besides its filter.
    case 'GET /api/report/api/product-detail':
      return { query: { variant: first('saleVariants') ?? 1 } };
    case 'GET /api/report/api/orders':
      return { query: { report: 'orders', measure: 'all' } };
    case 'GET /api/report/api/table-view':
      return { query: { view: 'report-products' } };
    case 'PUT /api/report/api/table-view':
      return { body: { company, view: 'report-products', columns: ['name', 'revenue'] } };
    case 'GET /api/report/api/export':
      return { query: { table: 'report-products', columns: 'name,revenue' } };
    case 'GET /api/order/api/reportrevenuecustomer':
      return { query: { customer: first('customers') ?? UUIDS[0]! } };
    default:
      return null;
  }
}

const PARCEL = { weight_grams: 500, length_cm: 20, width_cm: 15, height_cm: 10 };
const SENDER = { name: 'Kho kiểm tra', phone: '0901234567', address: '1 Lê Lợi', province: 'Hà Nội', ward: 'Phường Hoàn Kiếm' };
const ISOLATION_BUYER = { legal_name: 'Nhà thuốc kiểm tra cách ly', tax_code: '0100109106', address: '1 Lê Lợi, Hà Nội' };
/** The agreement a business buyer's correction needs (contract/invoices-corrections.ts), signed today. */
const ISOLATION_AGREEMENT = {
  signed_on: new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10),
  buyer_representative: 'Người kiểm tra cách ly',
  error: 'Sai đơn giá',
};
