/**
 * An e-invoice's arithmetic in whole đồng, built from the orders it bills with the cart's
 * own line rule (contract/orders-totals.ts lineAmounts): each line's amount before VAT and its VAT
 * are rounded on their own, exactly as the order was, so an invoice for one order comes to the
 * order's total to the đồng. The per-rate summary a VAT invoice must carry (NĐ 123/2020 art. 10,
 * the `THTTLTSuat` block of the tax authority's XML) sums those lines by rate.
 *
 * Rates: 0, 5, 8 and 10 % from the catalogue; a 0 % line may be invoiced as "not subject to VAT"
 * (KCT) instead, which changes no amount, only what the line declares (docs/invoices.md).
 */
import { amountInWords } from './amount-in-words';
import { lineAmounts } from './orders-totals';

export const INVOICE_VAT_RATES = ['0%', '5%', '8%', '10%', 'KCT'] as const;
/** As meInvoice's `VATRateName` and the XML's `TSuat` write it. */
export type InvoiceVatRate = (typeof INVOICE_VAT_RATES)[number];

export const INVOICE_VAT_RATE_LABELS: Record<InvoiceVatRate, string> = {
  '0%': '0%',
  '5%': '5%',
  '8%': '8%',
  '10%': '10%',
  KCT: 'Không chịu thuế',
};

/** The percent a rate charges (KCT: none). */
export function vatPercent(rate: InvoiceVatRate): number {
  return rate === 'KCT' ? 0 : Number(rate.slice(0, -1));
}

export function invoiceVatRate(percent: number, notSubject: boolean): InvoiceVatRate {
  if (percent === 0) return notSubject ? 'KCT' : '0%';
  const rate = `${percent}%`;
  if (!(INVOICE_VAT_RATES as readonly string[]).includes(rate)) throw new Error(`no invoice VAT rate for ${percent} %`);
  return rate as InvoiceVatRate;
}

/** What an invoice line is made from: an order line as the order stored it. */
export type InvoiceLineSource = {
  order_line_id: string;
  item_code: string;
  item_name: string;
  unit: string;
  quantity: number;
  unit_price: number;
  /** What the order's promotions and the rep's discount took off the line. */
  discount: number;
  vat_percent: number;
  /** A 0 % line invoiced as not subject to VAT (KCT). */
  not_subject: boolean;
  /** A gift at 0 đ: listed, as the law asks of promotional goods, with nothing to pay. */
  is_gift: boolean;
} & MedicineLot;

/**
 * A medicine's lot(s) and expiry as its goods left the warehouse (meInvoice §14.4 LotNo, ExpiryDate;
 * docs/invoices.md "Medicines"): absent on other goods and on goods not yet shipped.
 */
export type MedicineLot = {
  /** The lot numbers, first expiry first, joined with ", ". */
  lot_no?: string;
  /** YYYY-MM-DD: the earliest expiry of those lots. */
  expiry_date?: string;
};

export type InvoiceLine = {
  line_no: number;
  order_line_id: string;
  item_code: string;
  item_name: string;
  unit: string;
  quantity: number;
  unit_price: number;
  /** Quantity × unit price. */
  amount: number;
  discount: number;
  amount_without_vat: number;
  vat_rate: InvoiceVatRate;
  vat_amount: number;
  total: number;
  is_gift: boolean;
} & MedicineLot;

export type RateSummary = { vat_rate: InvoiceVatRate; amount_without_vat: number; vat_amount: number };

export type InvoiceTotals = {
  lines: InvoiceLine[];
  by_rate: RateSummary[];
  total_sale: number;
  total_discount: number;
  total_without_vat: number;
  total_vat: number;
  total: number;
  /** "Một triệu … đồng", the words the invoice prints beside the total (TgTTTBChu). */
  amount_in_words: string;
};

export const GIFT_SUFFIX = ' (hàng khuyến mại không thu tiền)';

export function invoiceLine(source: InvoiceLineSource, lineNo: number): InvoiceLine {
  const amounts = lineAmounts({
    unitPrice: source.unit_price,
    quantity: source.quantity,
    promotion: source.discount,
    vatRate: source.vat_percent,
    vatOn: true,
  });
  return {
    line_no: lineNo,
    order_line_id: source.order_line_id,
    item_code: source.item_code,
    item_name: source.is_gift ? `${source.item_name}${GIFT_SUFFIX}` : source.item_name,
    unit: source.unit,
    quantity: source.quantity,
    unit_price: source.unit_price,
    amount: amounts.gross,
    discount: amounts.promotion,
    amount_without_vat: amounts.net,
    vat_rate: invoiceVatRate(source.vat_percent, source.not_subject),
    vat_amount: amounts.vat,
    total: amounts.total,
    is_gift: source.is_gift,
    ...(source.lot_no ? { lot_no: source.lot_no } : {}),
    ...(source.expiry_date ? { expiry_date: source.expiry_date } : {}),
  };
}

export function invoiceTotals(sources: readonly InvoiceLineSource[]): InvoiceTotals {
  return summarize(sources.map((source, index) => invoiceLine(source, index + 1)));
}

/** The per-rate summary and the totals of invoice lines as they are (an adjustment's may be negative). */
export function summarize(lines: InvoiceLine[]): InvoiceTotals {
  const byRate = new Map<InvoiceVatRate, RateSummary>();
  for (const line of lines) {
    const sum = byRate.get(line.vat_rate) ?? { vat_rate: line.vat_rate, amount_without_vat: 0, vat_amount: 0 };
    sum.amount_without_vat += line.amount_without_vat;
    sum.vat_amount += line.vat_amount;
    byRate.set(line.vat_rate, sum);
  }
  const sum = (pick: (line: InvoiceLine) => number) => lines.reduce((total, line) => total + pick(line), 0);
  const total = sum((line) => line.total);
  return {
    lines,
    by_rate: INVOICE_VAT_RATES.flatMap((rate) => byRate.get(rate) ?? []),
    total_sale: sum((line) => line.amount),
    total_discount: sum((line) => line.discount),
    total_without_vat: sum((line) => line.amount_without_vat),
    total_vat: sum((line) => line.vat_amount),
    total,
    amount_in_words: amountInWords(total, { capitalize: true }),
  };
}
