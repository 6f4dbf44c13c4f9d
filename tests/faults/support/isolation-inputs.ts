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
      return { body: { company, month: '2026-05', targets: [{ region: first('regions'), account: null, revenue: 1_000_000 }] } };
    // The warehouse routes (issue 12), so they too reach their company check (issue 20).
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
    // Promotions (issue 13): a programme the checks accept, and the programme a query names.
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
    // Reports (issue 15): the query keys a report call requires besides its filter.
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
