/**
 * MISA meInvoice's integration API (docs/invoices.md; shapes as public clients call it, see
 * docs/provider-sources.md "MISA meInvoice"), under `/meinvoice/api/integration`:
 * - POST auth/token {appid, taxcode, username, password} → {success, data: token};
 * - GET invoice/templates → the account's templates and series;
 * - POST invoice {SignType, InvoiceData[]} → publishes; one invoice per RefID (a RefID sent again
 *   answers ErrorCode InvoiceDuplicated and publishes nothing);
 * - POST invoice/status?inputType=1|2 [TransactionID | RefID] → where each stands;
 * - POST invoice/download?downloadDataType=pdf|xml [TransactionID] → the files, base64;
 * - POST invoice/cancel {TransactionID, CancelReason} → cancels (again: still cancelled).
 * Every account is accepted except the password "sai-mat-khau", to try a refused sign-in.
 */
import crypto from 'node:crypto';
import { Hono, type Context } from 'hono';
import type { SimulatorContext, Simulator } from '../host';
import { invoicePdf, invoiceXml } from './meinvoice-files';

export type SimInvoiceLine = {
  ItemCode: string;
  ItemName: string;
  UnitName: string;
  Quantity: number;
  UnitPrice: number;
  Amount: number;
  DiscountAmount: number;
  AmountWithoutVAT: number;
  VATRateName: string;
  VATAmount: number;
};

export type SimInvoice = {
  RefID: string;
  TransactionID: string;
  TaxCode: string;
  InvTemplateNo: string;
  InvSeries: string;
  InvNo: string;
  InvDate: string;
  InvCode: string | null;
  SellerLegalName: string;
  SellerAddress: string;
  BuyerLegalName: string;
  BuyerTaxCode: string | null;
  BuyerAddress: string;
  PaymentMethodName: string;
  Lines: SimInvoiceLine[];
  TaxRateInfo: { VATRateName: string; AmountWithoutVATOC: number; VATAmountOC: number }[];
  TotalAmountWithoutVAT: number;
  TotalVATAmount: number;
  TotalAmount: number;
  TotalAmountInWords: string;
  ReferenceType: number;
  OrgTransactionID: string | null;
  ReplacedBy: string | null;
  IsDelete: boolean;
  DeletedReason: string | null;
};

const VAT_RATE_NAMES = ['0%', '5%', '8%', '10%', 'KCT', 'KKKNT'];
const WRONG_PASSWORD = 'sai-mat-khau';

type Json = Record<string, unknown>;
const num = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : Number.NaN);
const str = (value: unknown) => (typeof value === 'string' ? value : '');

function templatesOf(year: number) {
  const yy = String(year % 100).padStart(2, '0');
  return [
    { IPTemplateID: crypto.randomUUID(), InvTemplateNo: '1', InvSeries: `C${yy}TAA`, TemplateName: 'Hóa đơn giá trị gia tăng', IsInvoiceWithCode: true },
    { IPTemplateID: crypto.randomUUID(), InvTemplateNo: '1', InvSeries: `C${yy}TBB`, TemplateName: 'Hóa đơn giá trị gia tăng (chi nhánh)', IsInvoiceWithCode: true },
    { IPTemplateID: crypto.randomUUID(), InvTemplateNo: '1', InvSeries: `K${yy}TAA`, TemplateName: 'Hóa đơn giá trị gia tăng không mã', IsInvoiceWithCode: false },
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

export function meinvoiceSimulator(context: SimulatorContext): Simulator & { invoices: () => SimInvoice[] } {
  const app = new Hono({ strict: false });
  const tokens = new Map<string, string>();
  let invoices: SimInvoice[] = [];
  const numbers = new Map<string, number>();

  const answer = (c: Context, body: Json, status: 200 | 400 | 401 = 200) => c.json({ success: true, errorCode: null, descriptionErrorCode: null, ...body }, status);
  const refuse = (c: Context, errorCode: string, status: 200 | 400 | 401 = 200) => c.json({ success: false, errorCode, descriptionErrorCode: errorCode, data: null }, status);
  const taxCodeOf = (c: Context) => tokens.get((c.req.header('authorization') ?? '').replace(/^Bearer\s+/i, '')) ?? null;
  const byTransaction = (id: string) => invoices.find((invoice) => invoice.TransactionID === id);

  app.post('/api/integration/auth/token', async (c) => {
    const body = (await c.req.json().catch(() => ({}))) as Json;
    if (!str(body.appid)) return refuse(c, 'InvalidAppID');
    if (!/^\d{10}(-\d{3})?$/.test(str(body.taxcode))) return refuse(c, 'InvalidTaxCode');
    if (!str(body.username) || !str(body.password) || body.password === WRONG_PASSWORD) return refuse(c, 'UnAuthorize');
    const token = crypto.randomBytes(24).toString('base64url');
    tokens.set(token, str(body.taxcode));
    return answer(c, { data: token });
  });

  // Every call below needs a token from auth/token.
  app.use('/api/integration/invoice/*', async (c, next) => {
    if (!taxCodeOf(c)) return refuse(c, 'UnAuthorize', 401);
    return next();
  });
  app.use('/api/integration/invoice', async (c, next) => {
    if (!taxCodeOf(c)) return refuse(c, 'UnAuthorize', 401);
    return next();
  });

  app.get('/api/integration/invoice/templates', (c) => {
    const year = Number(c.req.query('year')) || new Date().getFullYear();
    return answer(c, { data: JSON.stringify(templatesOf(year)) });
  });

  app.post('/api/integration/invoice', async (c) => {
    const taxCode = taxCodeOf(c)!;
    const body = (await c.req.json().catch(() => null)) as Json | null;
    const items = body && Array.isArray(body.InvoiceData) ? (body.InvoiceData as Json[]) : null;
    if (!items || items.length === 0) return refuse(c, 'InvalidInvoiceData', 400);
    const results = items.map((item) => {
      const refId = str(item.RefID);
      const existing = invoices.find((invoice) => invoice.RefID === refId && invoice.TaxCode === taxCode);
      if (existing) return { RefID: refId, TransactionID: existing.TransactionID, ErrorCode: 'InvoiceDuplicated' };
      const series = str(item.InvSeries);
      const problem = problemOf(item, templatesOf(Number(`20${series.slice(1, 3)}`)).map((template) => template.InvSeries));
      if (problem) return { RefID: refId, ErrorCode: problem };
      const key = `${taxCode}:${series}`;
      const next = (numbers.get(key) ?? 0) + 1;
      numbers.set(key, next);
      const lines = (item.OriginalInvoiceDetail as Json[]).map((line) => ({
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
      }));
      const orgTransaction = num(item.ReferenceType) === 1 ? str(item.OrgTransactionID) || null : null;
      const invoice: SimInvoice = {
        RefID: refId,
        TransactionID: crypto.randomBytes(6).toString('hex').toUpperCase(),
        TaxCode: taxCode,
        InvTemplateNo: str(item.InvTemplateNo) || '1',
        InvSeries: series,
        InvNo: String(next).padStart(8, '0'),
        InvDate: new Date().toISOString().slice(0, 10),
        InvCode: series.startsWith('C') ? `M1-${series.slice(1, 3)}-${crypto.randomBytes(3).toString('hex').toUpperCase()}-${String(next).padStart(11, '0')}` : null,
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
      if (orgTransaction) {
        const original = byTransaction(orgTransaction);
        if (original) original.ReplacedBy = invoice.TransactionID;
      }
      invoices.push(invoice);
      const { RefID, TransactionID, InvTemplateNo, InvSeries, InvNo, InvDate, InvCode } = invoice;
      return { RefID, TransactionID, InvTemplateNo, InvSeries, InvNo, InvDate, InvCode, ErrorCode: null };
    });
    return answer(c, { publishInvoiceResult: JSON.stringify(results) });
  });

  app.post('/api/integration/invoice/status', async (c) => {
    const taxCode = taxCodeOf(c)!;
    const keys = (await c.req.json().catch(() => [])) as unknown;
    if (!Array.isArray(keys)) return refuse(c, 'InvalidData', 400);
    const byRef = c.req.query('inputType') === '2';
    const found = invoices.filter((invoice) => invoice.TaxCode === taxCode && keys.includes(byRef ? invoice.RefID : invoice.TransactionID));
    return answer(c, {
      data: JSON.stringify(
        found.map((invoice) => ({
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
        })),
      ),
    });
  });

  app.post('/api/integration/invoice/download', async (c) => {
    const taxCode = taxCodeOf(c)!;
    const ids = (await c.req.json().catch(() => [])) as unknown;
    const kind = (c.req.query('downloadDataType') ?? '').toLowerCase();
    if (!Array.isArray(ids) || (kind !== 'pdf' && kind !== 'xml')) return refuse(c, 'InvalidData', 400);
    const files = ids.map((id) => {
      const invoice = byTransaction(String(id));
      if (!invoice || invoice.TaxCode !== taxCode) return { TransactionID: id, Data: null, ErrorCode: 'InvoiceNotFound' };
      const bytes = kind === 'pdf' ? invoicePdf(invoice) : Buffer.from(invoiceXml(invoice), 'utf8');
      return { TransactionID: id, Data: bytes.toString('base64'), ErrorCode: null };
    });
    return answer(c, { data: JSON.stringify(files) });
  });

  app.post('/api/integration/invoice/cancel', async (c) => {
    const taxCode = taxCodeOf(c)!;
    const body = (await c.req.json().catch(() => ({}))) as Json;
    const invoice = byTransaction(str(body.TransactionID));
    if (!invoice || invoice.TaxCode !== taxCode) return refuse(c, 'InvoiceNotFound');
    if (!str(body.CancelReason)) return refuse(c, 'InvalidCancelReason');
    invoice.IsDelete = true;
    invoice.DeletedReason ??= str(body.CancelReason);
    return answer(c, { data: null });
  });

  return {
    app,
    invoices: () => invoices,
    state: () => ({ baseUrl: context.baseUrl, invoices }),
    reset: () => {
      invoices = [];
      tokens.clear();
      numbers.clear();
    },
  };
}
