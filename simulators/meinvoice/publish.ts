/**
 * meInvoice's POST /invoice (SignType 2) as MISA documents it (fixtures/publish-hsm.json,
 * publish-replacement.json, publish-adjustment.json): each InvoiceData item is checked the way
 * MISA's §15 codes name (RequireError_<field>, InvoiceDetail_<field>, BuyerTaxCode_TaxCodeInvalid,
 * InvoiceTemplateNotExist…), a RefID already published answers DuplicateInvoiceRefID with no
 * invoice, and a replacement (ReferenceType 1) or adjustment (2) finds its original by
 * OrgInvSeries + OrgInvNo. Answers are camelCase with publishInvoiceResult as JSON text (§7).
 */
import crypto from 'node:crypto';
import type { Context } from 'hono';
import type { SimInvoice, SimInvoiceLine } from './index';
import { answer, refuse, sellerOf, seriesOf, taxCodeOf, type Json, type MeinvoiceWorld } from './handlers';

const VAT_RATE = /^(0%|5%|8%|10%|KCT|KKKNT|KHAC:\d+(\.\d+)?%)$/;
const num = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : Number.NaN);
const str = (value: unknown) => (typeof value === 'string' ? value : '');
const REQUIRED = ['InvDate', 'PaymentMethodName', 'TotalAmountWithoutVATOC', 'TotalVATAmountOC', 'TotalAmountOC'];

/** §14.4 ExpiryDate is a DateTime: a day (yyyy-MM-dd, as InvDate is sent) or a wall-clock time after it, a real date. */
function isDateTime(value: unknown): boolean {
  const match = typeof value === 'string' ? /^(\d{4})-(\d{2})-(\d{2})(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?)?$/.exec(value) : null;
  if (!match) return false;
  const day = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return day.toISOString().slice(0, 10) === `${match[1]}-${match[2]}-${match[3]}`;
}

const given = (value: unknown) => value !== undefined && value !== null;

function lineProblem(line: Json): string | null {
  for (const field of ['ItemType', 'LineNumber', 'ItemName', 'Quantity', 'UnitPrice', 'AmountWithoutVATOC', 'VATAmountOC'])
    if (line[field] === undefined || line[field] === null || line[field] === '') return `InvoiceDetail_${field}`;
  // §14.4: a note line (ItemType 4) has no rate; every other line names one of the documented rates.
  if (line.ItemType !== 4 && !VAT_RATE.test(str(line.VATRateName))) return 'InvoiceDetail_VATRateName';
  // §14.4 "Số lô" (string) and "Hạn sử dụng" (DateTime) are optional; §15 InvoiceDetail_ names one of the wrong type.
  if (given(line.LotNo) && typeof line.LotNo !== 'string') return 'InvoiceDetail_LotNo';
  if (given(line.ExpiryDate) && !isDateTime(line.ExpiryDate)) return 'InvoiceDetail_ExpiryDate';
  return null;
}

/** Why an InvoiceData item is refused (MISA's §15 codes), or null. */
function problemOf(item: Json, series: readonly string[]): string | null {
  if (!/^[0-9a-f-]{36}$/i.test(str(item.RefID))) return 'RequireError_RefID';
  if (!series.includes(str(item.InvSeries))) return 'InvoiceTemplateNotExist';
  for (const field of REQUIRED) if (item[field] === undefined || item[field] === null || item[field] === '') return `RequireError_${field}`;
  if (typeof item.IsInvoiceSummary !== 'boolean') return 'RequireError_IsInvoiceSummary';
  const taxCode = str(item.BuyerTaxCode);
  if (taxCode && !/^(\d{10}(-\d{3})?|\d{12})$/.test(taxCode)) return 'BuyerTaxCode_TaxCodeInvalid';
  if (taxCode && !str(item.BuyerLegalName)) return 'RequireError_BuyerLegalName';
  if (taxCode && !str(item.BuyerAddress)) return 'RequireError_BuyerAddress';
  const lines = Array.isArray(item.OriginalInvoiceDetail) ? (item.OriginalInvoiceDetail as Json[]) : [];
  if (lines.length === 0) return 'RequireError_OriginalInvoiceDetail';
  for (const line of lines) {
    const problem = lineProblem(line);
    if (problem) return problem;
  }
  const rates = Array.isArray(item.TaxRateInfo) ? (item.TaxRateInfo as Json[]) : [];
  if (rates.length === 0 || rates.some((rate) => !VAT_RATE.test(str(rate.VATRateName)))) return 'TaxRateInfo_VATRateName';
  const sum = (key: string) => lines.reduce((total, line) => total + (num(line[key]) || 0), 0);
  if (sum('AmountWithoutVATOC') !== num(item.TotalAmountWithoutVATOC) || sum('VATAmountOC') !== num(item.TotalVATAmountOC))
    return 'InvalidInvoiceData';
  if (num(item.TotalAmountWithoutVATOC) + num(item.TotalVATAmountOC) !== num(item.TotalAmountOC)) return 'InvalidInvoiceData';
  return null;
}

/** §10: the original named by OrgInvSeries + OrgInvNo, or the code MISA gives when it cannot be replaced/adjusted. */
function originalOf(world: MeinvoiceWorld, taxCode: string, item: Json): SimInvoice | string {
  for (const field of ['OrgInvoiceType', 'OrgInvTemplateNo', 'OrgInvSeries', 'OrgInvNo', 'OrgInvDate', 'InvoiceNote'])
    if (item[field] === undefined || item[field] === null || item[field] === '') return `RequireError_${field}`;
  const original = world.invoices.find(
    (invoice) => invoice.TaxCode === taxCode && invoice.InvSeries === str(item.OrgInvSeries) && invoice.InvNo === str(item.OrgInvNo),
  );
  if (!original) return 'InvalidInvoiceData';
  const replacing = item.ReferenceType === 1;
  if (original.IsDelete || original.ReplacedBy) return replacing ? 'InvoiceCannotReplace' : 'InvoiceCannotAdjust';
  if (replacing && original.AdjustedBy) return 'HasAdjustmentInvoice';
  return original;
}

const lineOf = (line: Json): SimInvoiceLine => ({
  ItemCode: str(line.ItemCode),
  ItemName: str(line.ItemName),
  UnitName: str(line.UnitName),
  LotNo: str(line.LotNo) || null,
  ExpiryDate: str(line.ExpiryDate).slice(0, 10) || null,
  Quantity: num(line.Quantity),
  UnitPrice: num(line.UnitPrice),
  Amount: num(line.AmountOC),
  DiscountAmount: num(line.DiscountAmountOC) || 0,
  AmountWithoutVAT: num(line.AmountWithoutVATOC),
  VATRateName: str(line.VATRateName),
  VATAmount: num(line.VATAmountOC),
});

/** The invoice meInvoice publishes for an accepted item, numbered `next` in its series. */
function invoiceOf(item: Json, taxCode: string, next: number, original: SimInvoice | null): SimInvoice {
  const series = str(item.InvSeries);
  const seller = sellerOf(taxCode);
  return {
    RefID: str(item.RefID),
    TransactionID: crypto.randomBytes(6).toString('hex').toUpperCase(),
    TaxCode: taxCode,
    InvTemplateNo: '1',
    InvSeries: series,
    InvNo: String(next).padStart(8, '0'),
    InvDate: str(item.InvDate).slice(0, 10),
    InvCode: series.startsWith('C')
      ? `M1-${series.slice(1, 3)}-${crypto.randomBytes(3).toString('hex').toUpperCase()}-${String(next).padStart(11, '0')}`
      : null,
    SellerLegalName: seller.legalName,
    SellerAddress: seller.address,
    BuyerLegalName: str(item.BuyerLegalName) || str(item.BuyerFullName),
    BuyerTaxCode: str(item.BuyerTaxCode) || null,
    BuyerAddress: str(item.BuyerAddress),
    PaymentMethodName: str(item.PaymentMethodName),
    Lines: (item.OriginalInvoiceDetail as Json[]).map(lineOf),
    TaxRateInfo: Array.isArray(item.TaxRateInfo) ? (item.TaxRateInfo as SimInvoice['TaxRateInfo']) : [],
    TotalAmountWithoutVAT: num(item.TotalAmountWithoutVATOC),
    TotalVATAmount: num(item.TotalVATAmountOC),
    TotalAmount: num(item.TotalAmountOC),
    TotalAmountInWords: str(item.TotalAmountInWords) || `${num(item.TotalAmountOC)} đồng`,
    ReferenceType: original ? num(item.ReferenceType) : 0,
    OrgTransactionID: original?.TransactionID ?? null,
    InvoiceNote: original ? str(item.InvoiceNote) : null,
    ReplacedBy: null,
    AdjustedBy: null,
    IsDelete: false,
    DeletedReason: null,
  };
}

/** One InvoiceData item: DuplicateInvoiceRefID for a RefID already published, a refusal, or a new invoice. */
function publishOne(world: MeinvoiceWorld, taxCode: string, item: Json) {
  const refId = str(item.RefID);
  if (world.invoices.some((invoice) => invoice.RefID === refId && invoice.TaxCode === taxCode))
    return { RefID: refId, ErrorCode: 'DuplicateInvoiceRefID', DescriptionErrorCode: 'Trùng RefID của hóa đơn' };
  const series = str(item.InvSeries);
  const problem = problemOf(item, seriesOf(Number(`20${series.slice(1, 3)}`)));
  if (problem) return { RefID: refId, ErrorCode: problem, DescriptionErrorCode: problem };
  let original: SimInvoice | null = null;
  if (item.ReferenceType === 1 || item.ReferenceType === 2) {
    const found = originalOf(world, taxCode, item);
    if (typeof found === 'string') return { RefID: refId, ErrorCode: found, DescriptionErrorCode: found };
    original = found;
  }
  if (world.collisions > 0) {
    // A number taken by another workstation at the same moment (§15): MISA says to send it again.
    world.collisions -= 1;
    return { RefID: refId, ErrorCode: 'InvoiceNumberNotCotinuous', DescriptionErrorCode: 'Số hóa đơn không liên tục' };
  }
  const key = `${taxCode}:${series}`;
  const next = (world.numbers.get(key) ?? 0) + 1;
  world.numbers.set(key, next);
  const invoice = invoiceOf(item, taxCode, next, original);
  if (original && item.ReferenceType === 1) original.ReplacedBy = invoice.TransactionID;
  if (original && item.ReferenceType === 2) original.AdjustedBy = invoice.TransactionID;
  world.invoices.push(invoice);
  const { RefID, TransactionID, InvSeries, InvNo, InvDate } = invoice;
  return { RefID, TransactionID, InvSeries, InvNo, InvDate, ErrorCode: null, DescriptionErrorCode: null };
}

export const publish = (world: MeinvoiceWorld) => async (c: Context) => {
  const taxCode = taxCodeOf(world, c)!;
  const body = (await c.req.json().catch(() => null)) as Json | null;
  const items = body && Array.isArray(body.InvoiceData) ? (body.InvoiceData as Json[]) : null;
  if (!items || items.length === 0 || body?.SignType !== 2) return refuse(c, 'InvalidInvoiceData');
  if (items.length > 30) return refuse(c, 'InvoiceQuantityTooLarge');
  const results = items.map((item) => publishOne(world, taxCode, item));
  return answer(c, { createInvoiceResult: null, publishInvoiceResult: JSON.stringify(results) });
};
