/**
 * Our invoice as meInvoice's `InvoiceData` (MISA's integration document, misa.vn/154989 §7, §10, §14;
 * docs/provider-sources.md "MISA meInvoice"): the seller from
 * the settings, the buyer, every line with its rate and amounts, the per-rate summary
 * (`TaxRateInfo`), the totals in figures and in words, and for a replacement the invoice it
 * replaces (ReferenceType 1, NĐ 123/2020 art. 19). Amounts are whole đồng (AmountDecimalDigits 0).
 */
import type { einvoices } from '@server/kernel/db/schema';
import type { MeInvoiceSettings } from './meinvoice-client';

type InvoiceRow = typeof einvoices.$inferSelect;

/** Today in Vietnam (UTC+7), the invoice's date. */
export function vietnamDay(now = new Date()): string {
  return new Date(now.getTime() + 7 * 3600_000).toISOString().slice(0, 10);
}

export function invoiceData(invoice: InvoiceRow, settings: MeInvoiceSettings, original: InvoiceRow | null): Record<string, unknown> {
  const buyer = invoice.buyer;
  const both = (name: string, value: number) => ({ [`${name}OC`]: value, [name]: value });
  return {
    RefID: invoice.refId,
    InvTemplateNo: invoice.templateNo,
    InvSeries: invoice.series,
    InvoiceName: 'Hóa đơn giá trị gia tăng',
    InvDate: vietnamDay(),
    CurrencyCode: 'VND',
    ExchangeRate: 1,
    PaymentMethodName: invoice.paymentMethod,
    IsSendEmail: settings.sendEmail && Boolean(buyer.email),
    ReceiverName: buyer.name ?? buyer.legal_name,
    ReceiverEmail: buyer.email,
    SellerLegalName: settings.sellerLegalName,
    SellerTaxCode: settings.taxCode,
    SellerAddress: settings.sellerAddress,
    SellerPhoneNumber: settings.sellerPhone,
    SellerEmail: settings.sellerEmail,
    SellerBankAccount: settings.sellerBankAccount,
    SellerBankName: settings.sellerBankName,
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
    InvoiceNote: invoice.note,
    ...(original
      ? {
          ReferenceType: 1,
          OrgInvTemplateNo: original.templateNo,
          OrgInvSeries: original.series,
          OrgInvNo: original.number,
          OrgInvDate: original.issuedOn,
          OrgTransactionID: original.transactionId,
          ReferenceReason: invoice.replaceReason,
        }
      : {}),
    OriginalInvoiceDetail: invoice.lines.map((line) => ({
      ItemType: 1,
      LineNumber: line.line_no,
      SortOrder: line.line_no,
      ItemCode: line.item_code,
      ItemName: line.item_name,
      UnitName: line.unit,
      Quantity: line.quantity,
      UnitPrice: line.unit_price,
      DiscountRate: line.amount > 0 ? Math.round((line.discount / line.amount) * 10_000) / 100 : 0,
      ...both('DiscountAmount', line.discount),
      ...both('Amount', line.amount),
      ...both('AmountWithoutVAT', line.amount_without_vat),
      VATRateName: line.vat_rate,
      ...both('VATAmount', line.vat_amount),
      IsPromotion: line.is_gift,
    })),
    TaxRateInfo: invoice.byRate.map((rate) => ({
      VATRateName: rate.vat_rate,
      AmountWithoutVATOC: rate.amount_without_vat,
      VATAmountOC: rate.vat_amount,
    })),
    OptionUserDefined: {
      MainCurrency: 'VND',
      AmountDecimalDigits: '0',
      QuantityDecimalDigits: '0',
      UnitPriceDecimalDigits: '0',
      CoefficientDecimalDigits: '2',
    },
  };
}
