/**
 * Our invoice as meInvoice's `InvoiceData` (MISA's integration document, misa.vn/154989 §10, §14.3–14.9;
 * simulators/meinvoice/fixtures/publish-hsm.json; docs/provider-sources.md "MISA meInvoice"): the
 * buyer, every line with its rate and amounts, the per-rate summary (`TaxRateInfo`), the totals in
 * figures and in words, and for a replacement (ReferenceType 1) or an adjustment (ReferenceType 2) the
 * invoice it refers to by form, series, number and date with the reason in `InvoiceNote` (§10). A
 * medicine's line carries its lots and expiry (§14.4 LotNo, ExpiryDate) once its goods have left.
 * Only fields §14.3 documents are sent: MISA takes the seller from the account and the form from the
 * series, and a field with no value is left out. Amounts are whole đồng (AmountDecimalDigits 0).
 */
import { vietnamDay } from '@contract/price-policy';
import type { einvoices } from '@server/kernel/db/schema';

type InvoiceRow = typeof einvoices.$inferSelect;

/**
 * §14.4 gives ItemName no length and neither the fixtures nor the simulator hold one: 500 characters
 * is our own cap, kept by the note line below and by a medicine's name (invoice-draft.ts medicineLine).
 */
export const ITEM_NAME_MAX = 500;

/** §14.3 ReferenceType: 1 thay thế, 2 điều chỉnh, with the invoice replaced or adjusted and why. */
export type InvoiceReference = { type: 1 | 2; original: InvoiceRow; reason: string };

/** The fields §10 adds for a replacement or an adjustment; OrgInvoiceType 1 = an NĐ 123 invoice (all of ours). */
function referenceFields(reference: InvoiceReference) {
  const { original } = reference;
  return {
    ReferenceType: reference.type,
    OrgInvoiceType: 1,
    OrgInvTemplateNo: original.templateNo,
    // §10: the ký hiệu without its form digit, 6 characters (we store it so; a 7-character one is cut).
    OrgInvSeries: original.series.length === 7 ? original.series.slice(1) : original.series,
    OrgInvNo: original.number,
    OrgInvDate: original.issuedOn,
    InvoiceNote: reference.reason,
  };
}

/**
 * An information-only adjustment carries no goods: one note line (§14.4 ItemType 4, "ghi chú,
 * diễn giải") saying what it corrects, and the original's rates at zero for §14.3's TaxRateInfo.
 */
function noteLine(reference: InvoiceReference) {
  return {
    ItemType: 4,
    LineNumber: 1,
    SortOrder: 1,
    ItemName: `Điều chỉnh thông tin của hóa đơn số ${reference.original.number ?? ''}: ${reference.reason}`.slice(0, ITEM_NAME_MAX),
    Quantity: 0,
    UnitPrice: 0,
    AmountOC: 0,
    Amount: 0,
    DiscountRate: 0,
    DiscountAmountOC: 0,
    DiscountAmount: 0,
    AmountWithoutVATOC: 0,
    AmountWithoutVAT: 0,
    // The fixture marks the rate required on every line: the original's first.
    VATRateName: reference.original.byRate[0]?.vat_rate ?? '0%',
    VATAmountOC: 0,
    VATAmount: 0,
  };
}

function zeroRates(original: InvoiceRow) {
  return original.byRate.map((rate) => ({ ...rate, amount_without_vat: 0, vat_amount: 0 }));
}

/** JSON without the fields that have no value: MISA documents them as optional, not as nullable. */
function withoutEmpty<T extends Record<string, unknown>>(fields: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(fields).filter(([, value]) => value !== null && value !== undefined && value !== ''),
  ) as Partial<T>;
}

export function invoiceData(
  invoice: InvoiceRow,
  settings: { sendEmail: boolean },
  reference: InvoiceReference | null = null,
): Record<string, unknown> {
  const buyer = invoice.buyer;
  const both = (name: string, value: number) => ({ [`${name}OC`]: value, [name]: value });
  return withoutEmpty({
    RefID: invoice.refId,
    InvSeries: invoice.series,
    // Ngày lập: the day in Vietnam when it is sent (02/12 at 03:08 there is 01/12 in UTC).
    InvDate: vietnamDay(),
    CurrencyCode: 'VND',
    ExchangeRate: 1,
    PaymentMethodName: invoice.paymentMethod,
    IsSendEmail: settings.sendEmail && Boolean(buyer.email),
    ReceiverName: buyer.name ?? buyer.legal_name,
    ReceiverEmail: buyer.email,
    BuyerLegalName: buyer.legal_name,
    BuyerTaxCode: buyer.tax_code,
    BuyerAddress: buyer.address,
    BuyerCode: buyer.code,
    BuyerFullName: buyer.name,
    BuyerPhoneNumber: buyer.phone,
    BuyerEmail: buyer.email,
    ...both('TotalSaleAmount', invoice.totalSale),
    ...both('TotalDiscountAmount', invoice.totalDiscount),
    ...both('TotalAmountWithoutVAT', invoice.totalWithoutVat),
    ...both('TotalVATAmount', invoice.totalVat),
    ...both('TotalAmount', invoice.total),
    TotalAmountInWords: invoice.amountInWords,
    // §14.3 lists InvoiceNote only as the reason of a replacement/adjustment: our own note stays with us.
    ...(reference ? referenceFields(reference) : {}),
    OriginalInvoiceDetail:
      invoice.lines.length === 0 && reference
        ? [noteLine(reference)]
        : invoice.lines.map((line) =>
            withoutEmpty({
              // §14.4: 1 hàng hóa thường, 2 khuyến mại.
              ItemType: line.is_gift ? 2 : 1,
              LineNumber: line.line_no,
              SortOrder: line.line_no,
              ItemCode: line.item_code,
              ItemName: line.item_name,
              UnitName: line.unit,
              // §14.4 "Số lô", "Hạn sử dụng" (DateTime, sent as the bare day InvDate is): a medicine's, once shipped.
              LotNo: line.lot_no,
              ExpiryDate: line.expiry_date,
              Quantity: line.quantity,
              UnitPrice: line.unit_price,
              // A decrease's amounts are negative (contract/invoices-corrections.ts signedAmounts); the rate is not.
              DiscountRate: line.amount !== 0 ? Math.round((line.discount / line.amount) * 10_000) / 100 : 0,
              ...both('DiscountAmount', line.discount),
              ...both('Amount', line.amount),
              ...both('AmountWithoutVAT', line.amount_without_vat),
              VATRateName: line.vat_rate,
              ...both('VATAmount', line.vat_amount),
            }),
          ),
    TaxRateInfo: (invoice.byRate.length === 0 && reference ? zeroRates(reference.original) : invoice.byRate).map((rate) => ({
      VATRateName: rate.vat_rate,
      AmountWithoutVATOC: rate.amount_without_vat,
      VATAmountOC: rate.vat_amount,
    })),
    OptionUserDefined: {
      MainCurrency: 'VND',
      AmountDecimalDigits: '0',
      AmountOCDecimalDigits: '0',
      QuantityDecimalDigits: '0',
      UnitPriceOCDecimalDigits: '0',
      UnitPriceDecimalDigits: '0',
      CoefficientDecimalDigits: '2',
      ExchangRateDecimalDigits: '0',
    },
  });
}
