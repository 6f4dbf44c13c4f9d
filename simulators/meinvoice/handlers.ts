/**
 * The calls of meInvoice's simulated API (./index.ts says what each answers; ./publish.ts publishes),
 * one named handler each, in the shapes of simulators/meinvoice/fixtures: auth/token, templates and
 * get-certificates answer PascalCase `{Success, Data, ErrorCode, Errors, CustomData}` (§2–§4), the
 * invoice calls camelCase `{success, errorCode, descriptionErrorCode, errors, data, customData}` (§1.3),
 * the v3 cancel PascalCase again; refusals carry MISA's §15 codes.
 */
import crypto from 'node:crypto';
import type { Context, Next } from 'hono';
import type { SimInvoice } from './index';
import { invoicePdf, invoiceXml } from './meinvoice-files';

/**
 * What the calls share: the tokens handed out (to their tax code), the invoices, the last number of
 * each series, and how many publishes in a row answer a number collision (to try the retry).
 */
export type MeinvoiceWorld = { tokens: Map<string, string>; invoices: SimInvoice[]; numbers: Map<string, number>; collisions: number };

export type Json = Record<string, unknown>;
const WRONG_PASSWORD = 'sai-mat-khau';
const str = (value: unknown) => (typeof value === 'string' ? value : '');

/** The seller meInvoice knows from the account's registration (the request names none, §14.3). */
const SELLERS: Record<string, { legalName: string; address: string }> = {
  '0312345673': { legalName: 'Công ty Dược phẩm An Khang', address: '123 Nguyễn Trãi, Phường Bến Thành, TP. Hồ Chí Minh' },
};
export const sellerOf = (taxCode: string) => SELLERS[taxCode] ?? { legalName: `Đơn vị MST ${taxCode}`, address: '' };

export const answer = (c: Context, body: Json) =>
  c.json({ success: true, errorCode: null, descriptionErrorCode: null, errors: [], customData: null, ...body });
export const refuse = (c: Context, errorCode: string, status: 200 | 401 = 200) =>
  c.json({ success: false, errorCode, descriptionErrorCode: errorCode, errors: [], data: null, customData: null }, status);
const pascal = (c: Context, data: unknown) => c.json({ Success: true, Data: data, ErrorCode: '', Errors: '', CustomData: '' });
const pascalRefuse = (c: Context, code: string) => c.json({ Success: false, Data: null, ErrorCode: code, Errors: '', CustomData: '' });

export const taxCodeOf = (world: MeinvoiceWorld, c: Context) =>
  world.tokens.get((c.req.header('authorization') ?? '').replace(/^Bearer\s+/i, '')) ?? null;
const byTransaction = (world: MeinvoiceWorld, taxCode: string, id: string) =>
  world.invoices.find((invoice) => invoice.TransactionID === id && invoice.TaxCode === taxCode);

/** The account's ký hiệu for a year: two có mã (C) and one không mã (K), form 1. */
export const seriesOf = (year: number) => {
  const yy = String(year % 100).padStart(2, '0');
  return [`C${yy}TAA`, `C${yy}TBB`, `K${yy}TAA`];
};

/** §14.1 Template rows for this year's series (MISA moves the year itself, §1.6). */
function templatesOf(withCode: boolean) {
  const names: Record<string, string> = { TAA: 'Hóa đơn giá trị gia tăng', TBB: 'Hóa đơn giá trị gia tăng (chi nhánh)' };
  return seriesOf(new Date().getFullYear())
    .filter((series) => series.startsWith(withCode ? 'C' : 'K'))
    .map((series) => ({
      IPTemplateID: crypto.randomUUID(),
      CompanyID: 1,
      TemplateName: names[series.slice(3)] ?? 'Hóa đơn giá trị gia tăng',
      InvTemplateNo: '1',
      InvSeries: series,
      OrgInvSeries: series,
      Inactive: false,
      IsInheritFromOldTemplate: false,
      IsSendSummary: false,
      IsTemplatePetrol: false,
      IsMoreVATRate: false,
    }));
}

export const authToken = (world: MeinvoiceWorld) => async (c: Context) => {
  const body = (await c.req.json().catch(() => ({}))) as Json;
  if (!str(body.appid)) return pascalRefuse(c, 'InvalidAppID');
  if (!/^\d{10}(-\d{3})?$/.test(str(body.taxcode))) return pascalRefuse(c, 'InvalidTaxCode');
  if (!str(body.username) || !str(body.password) || body.password === WRONG_PASSWORD) return pascalRefuse(c, 'UnAuthorize');
  const token = crypto.randomBytes(24).toString('base64url');
  world.tokens.set(token, str(body.taxcode));
  return pascal(c, token);
};

/** Every other call needs a token from auth/token; an unknown one is §15's "Sai mã token". */
export const requireToken = (world: MeinvoiceWorld) => async (c: Context, next: Next) => {
  if (!taxCodeOf(world, c)) return refuse(c, 'UnAuthorize', 401);
  return next();
};

export function templates(c: Context) {
  return pascal(c, JSON.stringify(templatesOf(c.req.query('invoiceWithCode') !== 'false')));
}

export const certificates = (world: MeinvoiceWorld) => (c: Context) => {
  const taxCode = taxCodeOf(world, c)!;
  const year = new Date().getFullYear();
  const certificate = {
    TaxCode: taxCode,
    CertificateSN: `5401${crypto.createHash('sha1').update(taxCode).digest('hex').slice(0, 12).toUpperCase()}`,
    UserName: taxCode,
    AuthOrganizeName: sellerOf(taxCode).legalName,
    EffectiveTime: `${year - 1}-01-01T00:00:00`,
    ExpirationTime: `${year + 2}-01-01T00:00:00`,
  };
  return pascal(c, JSON.stringify([certificate]));
};

/** §14.11 InvoiceStatus: no InvDate and no IsDelete; EInvoiceStatus 2 = hủy, 3/5 thay thế/điều chỉnh, 7/8 bị…. */
function statusOf(invoice: SimInvoice) {
  const own = invoice.ReferenceType === 1 ? 3 : invoice.ReferenceType === 2 ? 5 : 1;
  const eInvoiceStatus = invoice.IsDelete ? 2 : invoice.ReplacedBy ? 7 : invoice.AdjustedBy ? 8 : own;
  return {
    RefID: invoice.RefID,
    InvSeries: invoice.InvSeries,
    InvTempl: invoice.InvTemplateNo,
    BuyerName: invoice.BuyerLegalName,
    BuyerTaxCode: invoice.BuyerTaxCode,
    BuyerCode: null,
    BuyerFullName: null,
    TransactionID: invoice.TransactionID,
    PublishStatus: 1,
    EInvoiceStatus: eInvoiceStatus,
    ReferenceType: invoice.ReferenceType,
    InvoiceCode: invoice.InvCode,
    SourceType: 'API',
    SendTaxStatus: 2,
    PublishedTime: `${invoice.InvDate}T09:00:00`,
    InvNo: invoice.InvNo,
    ReceiverStatus: 0,
    IsSendMail: false,
  };
}

export const status = (world: MeinvoiceWorld) => async (c: Context) => {
  const taxCode = taxCodeOf(world, c)!;
  const keys = (await c.req.json().catch(() => null)) as unknown;
  const inputType = c.req.query('inputType');
  if (!Array.isArray(keys) || (inputType !== '1' && inputType !== '2')) return refuse(c, 'InvalidInvoiceData');
  if (keys.length > 50) return refuse(c, 'InvoiceQuantityTooLarge');
  const byRef = inputType === '2';
  const found = world.invoices.filter(
    (invoice) => invoice.TaxCode === taxCode && keys.includes(byRef ? invoice.RefID : invoice.TransactionID),
  );
  return answer(c, { data: JSON.stringify(found.map(statusOf)) });
};

export const download = (world: MeinvoiceWorld) => async (c: Context) => {
  const taxCode = taxCodeOf(world, c)!;
  const ids = (await c.req.json().catch(() => null)) as unknown;
  const kind = (c.req.query('downloadDataType') ?? '').toLowerCase();
  if (!Array.isArray(ids) || (kind !== 'pdf' && kind !== 'xml')) return refuse(c, 'InvalidInvoiceData');
  const invoices = ids.map((id) => byTransaction(world, taxCode, String(id)));
  if (invoices.some((invoice) => !invoice)) return refuse(c, 'InvalidTransactionID');
  const files = (invoices as SimInvoice[]).map((invoice) => {
    const bytes = kind === 'pdf' ? invoicePdf(invoice) : Buffer.from(invoiceXml(invoice), 'utf8');
    return { TransactionID: invoice.TransactionID, Data: bytes.toString('base64') };
  });
  return answer(c, { data: JSON.stringify(files) });
};

/** v3 `itg/invoicepublished/cancel` (có mã under `/code/`): {TransactionID, InvNo, RefDate, CancelReason}, header CompanyTaxCode. */
export const cancel = (world: MeinvoiceWorld, withCode: boolean) => async (c: Context) => {
  const taxCode = taxCodeOf(world, c)!;
  if (c.req.header('CompanyTaxCode') !== taxCode) return pascalRefuse(c, 'InvalidTaxCode');
  const body = (await c.req.json().catch(() => ({}))) as Json;
  for (const field of ['TransactionID', 'InvNo', 'RefDate', 'CancelReason'])
    if (!str(body[field])) return pascalRefuse(c, `RequireError_${field}`);
  const invoice = byTransaction(world, taxCode, str(body.TransactionID));
  if (!invoice || invoice.InvNo !== str(body.InvNo) || invoice.InvSeries.startsWith('C') !== withCode)
    return pascalRefuse(c, 'InvalidTransactionID');
  invoice.IsDelete = true;
  invoice.DeletedReason ??= str(body.CancelReason);
  return pascal(c, JSON.stringify([invoice.TransactionID]));
};
