/**
 * The calls of meInvoice's simulated integration API (./index.ts says what each answers), one named
 * handler each, with the checks meInvoice makes of an invoice before it publishes it.
 */
import crypto from 'node:crypto';
import type { Context, Next } from 'hono';
import type { SimInvoice, SimInvoiceLine } from './index';
import { invoicePdf, invoiceXml } from './meinvoice-files';

/** What the calls share: the tokens handed out (to their tax code), the invoices, the last number of each series. */
export type MeinvoiceWorld = { tokens: Map<string, string>; invoices: SimInvoice[]; numbers: Map<string, number> };

const VAT_RATE_NAMES = ['0%', '5%', '8%', '10%', 'KCT', 'KKKNT'];
const WRONG_PASSWORD = 'sai-mat-khau';

type Json = Record<string, unknown>;
const num = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : Number.NaN);
const str = (value: unknown) => (typeof value === 'string' ? value : '');

const answer = (c: Context, body: Json, status: 200 | 400 | 401 = 200) =>
  c.json({ success: true, errorCode: null, descriptionErrorCode: null, ...body }, status);
const refuse = (c: Context, errorCode: string, status: 200 | 400 | 401 = 200) =>
  c.json({ success: false, errorCode, descriptionErrorCode: errorCode, data: null }, status);
const taxCodeOf = (world: MeinvoiceWorld, c: Context) =>
  world.tokens.get((c.req.header('authorization') ?? '').replace(/^Bearer\s+/i, '')) ?? null;
const byTransaction = (world: MeinvoiceWorld, id: string) => world.invoices.find((invoice) => invoice.TransactionID === id);

function templatesOf(year: number) {
  const yy = String(year % 100).padStart(2, '0');
  return [
    {
      IPTemplateID: crypto.randomUUID(),
      InvTemplateNo: '1',
      InvSeries: `C${yy}TAA`,
      TemplateName: 'Hóa đơn giá trị gia tăng',
      IsInvoiceWithCode: true,
    },
    {
      IPTemplateID: crypto.randomUUID(),
      InvTemplateNo: '1',
      InvSeries: `C${yy}TBB`,
      TemplateName: 'Hóa đơn giá trị gia tăng (chi nhánh)',
      IsInvoiceWithCode: true,
    },
    {
      IPTemplateID: crypto.randomUUID(),
      InvTemplateNo: '1',
      InvSeries: `K${yy}TAA`,
      TemplateName: 'Hóa đơn giá trị gia tăng không mã',
      IsInvoiceWithCode: false,
    },
  ];
}

/** Why an InvoiceData item is refused (meInvoice's error codes), or null. */
function problemOf(item: Json, series: readonly string[]): string | null {
  if (!/^[0-9a-f-]{36}$/i.test(str(item.RefID))) return 'InvalidRefID';
  if (!series.includes(str(item.InvSeries))) return 'InvSeriesNotExist';
  if (!str(item.BuyerLegalName) && !str(item.BuyerFullName)) return 'InvalidBuyerName';
  const taxCode = str(item.BuyerTaxCode);
  if (taxCode && !/^(\d{10}(-\d{3})?|\d{12})$/.test(taxCode)) return 'InvalidTaxCode';
  const lines = Array.isArray(item.OriginalInvoiceDetail) ? (item.OriginalInvoiceDetail as Json[]) : [];
  if (lines.length === 0) return 'InvalidInvoiceDetail';
  if (lines.some((line) => !VAT_RATE_NAMES.includes(str(line.VATRateName)))) return 'InvalidVATRateName';
  const sum = (key: string) => lines.reduce((total, line) => total + num(line[key]), 0);
  if (sum('AmountWithoutVATOC') !== num(item.TotalAmountWithoutVATOC)) return 'InvalidTotalAmountWithoutVAT';
  if (sum('VATAmountOC') !== num(item.TotalVATAmountOC)) return 'InvalidTotalVATAmount';
  if (num(item.TotalAmountWithoutVATOC) + num(item.TotalVATAmountOC) !== num(item.TotalAmountOC)) return 'InvalidTotalAmount';
  if (!str(item.TotalAmountInWords)) return 'InvalidTotalAmountInWords';
  return null;
}

const lineOf = (line: Json): SimInvoiceLine => ({
  ItemCode: str(line.ItemCode),
  ItemName: str(line.ItemName),
  UnitName: str(line.UnitName),
  Quantity: num(line.Quantity),
  UnitPrice: num(line.UnitPrice),
  Amount: num(line.AmountOC),
  DiscountAmount: num(line.DiscountAmountOC) || 0,
  AmountWithoutVAT: num(line.AmountWithoutVATOC),
  VATRateName: str(line.VATRateName),
  VATAmount: num(line.VATAmountOC),
});

/** The invoice meInvoice publishes for an accepted item, numbered `next` in its series. */
function invoiceOf(item: Json, taxCode: string, next: number): SimInvoice {
  const series = str(item.InvSeries);
  const lines = (item.OriginalInvoiceDetail as Json[]).map(lineOf);
  const orgTransaction = num(item.ReferenceType) === 1 ? str(item.OrgTransactionID) || null : null;
  return {
    RefID: str(item.RefID),
    TransactionID: crypto.randomBytes(6).toString('hex').toUpperCase(),
    TaxCode: taxCode,
    InvTemplateNo: str(item.InvTemplateNo) || '1',
    InvSeries: series,
    InvNo: String(next).padStart(8, '0'),
    InvDate: new Date().toISOString().slice(0, 10),
    InvCode: series.startsWith('C')
      ? `M1-${series.slice(1, 3)}-${crypto.randomBytes(3).toString('hex').toUpperCase()}-${String(next).padStart(11, '0')}`
      : null,
    SellerLegalName: str(item.SellerLegalName),
    SellerAddress: str(item.SellerAddress),
    BuyerLegalName: str(item.BuyerLegalName) || str(item.BuyerFullName),
    BuyerTaxCode: str(item.BuyerTaxCode) || null,
    BuyerAddress: str(item.BuyerAddress),
    PaymentMethodName: str(item.PaymentMethodName),
    Lines: lines,
    TaxRateInfo: Array.isArray(item.TaxRateInfo) ? (item.TaxRateInfo as SimInvoice['TaxRateInfo']) : [],
    TotalAmountWithoutVAT: num(item.TotalAmountWithoutVATOC),
    TotalVATAmount: num(item.TotalVATAmountOC),
    TotalAmount: num(item.TotalAmountOC),
    TotalAmountInWords: str(item.TotalAmountInWords),
    ReferenceType: num(item.ReferenceType) || 0,
    OrgTransactionID: orgTransaction,
    ReplacedBy: null,
    IsDelete: false,
    DeletedReason: null,
  };
}

/** One InvoiceData item: the invoice its RefID already has, a refusal, or a new invoice (replacing its original). */
function publishOne(world: MeinvoiceWorld, taxCode: string, item: Json) {
  const refId = str(item.RefID);
  const existing = world.invoices.find((invoice) => invoice.RefID === refId && invoice.TaxCode === taxCode);
  if (existing) return { RefID: refId, TransactionID: existing.TransactionID, ErrorCode: 'InvoiceDuplicated' };
  const series = str(item.InvSeries);
  const problem = problemOf(
    item,
    templatesOf(Number(`20${series.slice(1, 3)}`)).map((template) => template.InvSeries),
  );
  if (problem) return { RefID: refId, ErrorCode: problem };
  const key = `${taxCode}:${series}`;
  const next = (world.numbers.get(key) ?? 0) + 1;
  world.numbers.set(key, next);
  const invoice = invoiceOf(item, taxCode, next);
  if (invoice.OrgTransactionID) {
    const original = byTransaction(world, invoice.OrgTransactionID);
    if (original) original.ReplacedBy = invoice.TransactionID;
  }
  world.invoices.push(invoice);
  const { RefID, TransactionID, InvTemplateNo, InvSeries, InvNo, InvDate, InvCode } = invoice;
  return { RefID, TransactionID, InvTemplateNo, InvSeries, InvNo, InvDate, InvCode, ErrorCode: null };
}

export const authToken = (world: MeinvoiceWorld) => async (c: Context) => {
  const body = (await c.req.json().catch(() => ({}))) as Json;
  if (!str(body.appid)) return refuse(c, 'InvalidAppID');
  if (!/^\d{10}(-\d{3})?$/.test(str(body.taxcode))) return refuse(c, 'InvalidTaxCode');
  if (!str(body.username) || !str(body.password) || body.password === WRONG_PASSWORD) return refuse(c, 'UnAuthorize');
  const token = crypto.randomBytes(24).toString('base64url');
  world.tokens.set(token, str(body.taxcode));
  return answer(c, { data: token });
};

/** Every invoice call needs a token from auth/token. */
export const requireToken = (world: MeinvoiceWorld) => async (c: Context, next: Next) => {
  if (!taxCodeOf(world, c)) return refuse(c, 'UnAuthorize', 401);
  return next();
};

export function templates(c: Context) {
  const year = Number(c.req.query('year')) || new Date().getFullYear();
  return answer(c, { data: JSON.stringify(templatesOf(year)) });
}

export const publish = (world: MeinvoiceWorld) => async (c: Context) => {
  const taxCode = taxCodeOf(world, c)!;
  const body = (await c.req.json().catch(() => null)) as Json | null;
  const items = body && Array.isArray(body.InvoiceData) ? (body.InvoiceData as Json[]) : null;
  if (!items || items.length === 0) return refuse(c, 'InvalidInvoiceData', 400);
  const results = items.map((item) => publishOne(world, taxCode, item));
  return answer(c, { publishInvoiceResult: JSON.stringify(results) });
};

const statusOf = (invoice: SimInvoice) => ({
  RefID: invoice.RefID,
  TransactionID: invoice.TransactionID,
  InvTemplateNo: invoice.InvTemplateNo,
  InvSeries: invoice.InvSeries,
  InvNo: invoice.InvNo,
  InvDate: invoice.InvDate,
  InvoiceCode: invoice.InvCode,
  PublishStatus: 1,
  ReferenceType: invoice.ReferenceType,
  SendTaxStatus: 1,
  IsDelete: invoice.IsDelete,
  DeletedReason: invoice.DeletedReason,
});

export const status = (world: MeinvoiceWorld) => async (c: Context) => {
  const taxCode = taxCodeOf(world, c)!;
  const keys = (await c.req.json().catch(() => [])) as unknown;
  if (!Array.isArray(keys)) return refuse(c, 'InvalidData', 400);
  const byRef = c.req.query('inputType') === '2';
  const found = world.invoices.filter(
    (invoice) => invoice.TaxCode === taxCode && keys.includes(byRef ? invoice.RefID : invoice.TransactionID),
  );
  return answer(c, { data: JSON.stringify(found.map(statusOf)) });
};

export const download = (world: MeinvoiceWorld) => async (c: Context) => {
  const taxCode = taxCodeOf(world, c)!;
  const ids = (await c.req.json().catch(() => [])) as unknown;
  const kind = (c.req.query('downloadDataType') ?? '').toLowerCase();
  if (!Array.isArray(ids) || (kind !== 'pdf' && kind !== 'xml')) return refuse(c, 'InvalidData', 400);
  const files = ids.map((id) => {
    const invoice = byTransaction(world, String(id));
    if (!invoice || invoice.TaxCode !== taxCode) return { TransactionID: id, Data: null, ErrorCode: 'InvoiceNotFound' };
    const bytes = kind === 'pdf' ? invoicePdf(invoice) : Buffer.from(invoiceXml(invoice), 'utf8');
    return { TransactionID: id, Data: bytes.toString('base64'), ErrorCode: null };
  });
  return answer(c, { data: JSON.stringify(files) });
};

export const cancel = (world: MeinvoiceWorld) => async (c: Context) => {
  const taxCode = taxCodeOf(world, c)!;
  const body = (await c.req.json().catch(() => ({}))) as Json;
  const invoice = byTransaction(world, str(body.TransactionID));
  if (!invoice || invoice.TaxCode !== taxCode) return refuse(c, 'InvoiceNotFound');
  if (!str(body.CancelReason)) return refuse(c, 'InvalidCancelReason');
  invoice.IsDelete = true;
  invoice.DeletedReason ??= str(body.CancelReason);
  return answer(c, { data: null });
};
