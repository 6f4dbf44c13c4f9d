/**
 * The files meInvoice gives for a published invoice: the PDF a buyer reads and the XML the tax
 * authority keeps (TT 78/2021, Quyết định 1450/QĐ-TCT: HDon › DLHDon › TTChung, NDHDon › NBan,
 * NMua, DSHHDVu, TToan; MCCQT for an invoice with the authority's code).
 */
import { escapeXml, textPdf } from '../documents';
import type { SimInvoice, SimInvoiceLine } from './index';

const money = (value: number) => value.toLocaleString('vi-VN');

/** A medicine's lot and expiry under its name, as meInvoice's printed invoice shows §14.4's fields. */
const lotText = (line: SimInvoiceLine) =>
  [line.LotNo && ` | So lo: ${line.LotNo}`, line.ExpiryDate && ` | HSD: ${line.ExpiryDate}`].filter(Boolean).join('');

export function invoicePdf(invoice: SimInvoice): Buffer {
  return textPdf([
    'HOA DON GIA TRI GIA TANG',
    `Mau so: ${invoice.InvTemplateNo}   Ky hieu: ${invoice.InvSeries}   So: ${invoice.InvNo}   Ngay: ${invoice.InvDate}`,
    invoice.InvCode ? `Ma cua co quan thue: ${invoice.InvCode}` : 'Hoa don khong co ma cua co quan thue',
    `Don vi ban hang: ${invoice.SellerLegalName}`,
    `Ma so thue: ${invoice.TaxCode}   Dia chi: ${invoice.SellerAddress}`,
    `Don vi mua hang: ${invoice.BuyerLegalName}`,
    `Ma so thue: ${invoice.BuyerTaxCode ?? ''}   Dia chi: ${invoice.BuyerAddress}`,
    `Hinh thuc thanh toan: ${invoice.PaymentMethodName}`,
    '',
    ...invoice.Lines.map(
      (line, index) =>
        `${index + 1}. ${line.ItemName}${lotText(line)} | ${line.UnitName} | ${line.Quantity} x ${money(line.UnitPrice)} | ${money(line.AmountWithoutVAT)} | VAT ${line.VATRateName}: ${money(line.VATAmount)}`,
    ),
    '',
    ...invoice.TaxRateInfo.map(
      (rate) => `Thue suat ${rate.VATRateName}: tien hang ${money(rate.AmountWithoutVATOC)}, tien thue ${money(rate.VATAmountOC)}`,
    ),
    `Cong tien hang: ${money(invoice.TotalAmountWithoutVAT)}`,
    `Tien thue GTGT: ${money(invoice.TotalVATAmount)}`,
    `Tong tien thanh toan: ${money(invoice.TotalAmount)}`,
    `So tien viet bang chu: ${invoice.TotalAmountInWords}`,
    invoice.IsDelete ? `DA HUY: ${invoice.DeletedReason ?? ''}` : '',
  ]);
}

export function invoiceXml(invoice: SimInvoice): string {
  const tag = (name: string, value: string | number | null) => `<${name}>${escapeXml(String(value ?? ''))}</${name}>`;
  const lines = invoice.Lines.map(
    (line, index) =>
      `<HHDVu>${tag('TChat', 1)}${tag('STT', index + 1)}${tag('MHHDVu', line.ItemCode)}${tag('THHDVu', line.ItemName)}${tag('DVTinh', line.UnitName)}` +
      `${tag('SLuong', line.Quantity)}${tag('DGia', line.UnitPrice)}${tag('STCKhau', line.DiscountAmount)}${tag('ThTien', line.AmountWithoutVAT)}${tag('TSuat', line.VATRateName)}</HHDVu>`,
  ).join('');
  const rates = invoice.TaxRateInfo.map(
    (rate) =>
      `<LTSuat>${tag('TSuat', rate.VATRateName)}${tag('ThTien', rate.AmountWithoutVATOC)}${tag('TThue', rate.VATAmountOC)}</LTSuat>`,
  ).join('');
  return (
    `<?xml version="1.0" encoding="UTF-8"?><HDon><DLHDon Id="data"><TTChung>${tag('PBan', '2.0.1')}${tag('THDon', 'Hóa đơn giá trị gia tăng')}` +
    `${tag('KHMSHDon', invoice.InvTemplateNo)}${tag('KHHDon', invoice.InvSeries)}${tag('SHDon', invoice.InvNo)}${tag('NLap', invoice.InvDate)}` +
    `${tag('DVTTe', 'VND')}${tag('TGia', 1)}${tag('HTTToan', invoice.PaymentMethodName)}${tag('MSTTCGP', '0101243150')}</TTChung>` +
    `<NDHDon><NBan>${tag('Ten', invoice.SellerLegalName)}${tag('MST', invoice.TaxCode)}${tag('DChi', invoice.SellerAddress)}</NBan>` +
    `<NMua>${tag('Ten', invoice.BuyerLegalName)}${tag('MST', invoice.BuyerTaxCode)}${tag('DChi', invoice.BuyerAddress)}</NMua>` +
    `<DSHHDVu>${lines}</DSHHDVu><TToan><THTTLTSuat>${rates}</THTTLTSuat>${tag('TgTCThue', invoice.TotalAmountWithoutVAT)}` +
    `${tag('TgTThue', invoice.TotalVATAmount)}${tag('TgTTTBSo', invoice.TotalAmount)}${tag('TgTTTBChu', invoice.TotalAmountInWords)}</TToan></NDHDon></DLHDon>` +
    `${invoice.InvCode ? tag('MCCQT', invoice.InvCode) : ''}</HDon>`
  );
}
