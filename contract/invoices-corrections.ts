/**
 * Correcting a published e-invoice under Nghị định 70/2025 (in force 01/06/2025, amending Điều 19
 * NĐ 123/2020): the rules as data with the text each comes from (docs/invoices.md "Corrections"),
 * and the pure checks the issue dialogs and the server both run. A published invoice is never
 * cancelled any more: it is adjusted (increase, decrease, or information only) or replaced, after a
 * written agreement with a business buyer.
 */
import * as v from 'valibot';
import { addWorkingDays } from './calendar-days';
import { INVOICE_VAT_RATES, invoiceLine, summarize, type InvoiceLine, type InvoiceTotals, type InvoiceVatRate } from './invoices-totals';
import { amountInWords } from './amount-in-words';
import { isIsoDate, optionalText, requiredText } from './validation';

export const INVOICE_CORRECTION_RULES = {
  noCancelAfterPublish: {
    text: 'Hóa đơn đã phát hành không được hủy: sai sót được xử lý bằng hóa đơn điều chỉnh hoặc thay thế',
    source:
      'NĐ 70/2025/NĐ-CP khoản 13 Điều 1 (Điều 19 NĐ 123/2020 sửa đổi); từ 01/06/2025 cơ quan thuế không tiếp nhận thông báo sai sót (Mẫu 04/SS-HĐĐT) có hóa đơn trạng thái Hủy',
  },
  agreementFirst: {
    text: 'Trước khi điều chỉnh hoặc thay thế, người bán và người mua là doanh nghiệp lập văn bản thỏa thuận ghi rõ sai sót; người mua là cá nhân được thông báo',
    source: 'Điều 19 khoản 2 NĐ 123/2020, sửa đổi bởi khoản 13 Điều 1 NĐ 70/2025',
  },
  signedAmounts: {
    text: 'Hóa đơn điều chỉnh tăng ghi số dương, điều chỉnh giảm ghi số âm',
    source: 'Điều 19 khoản 2 điểm b NĐ 123/2020, sửa đổi bởi khoản 13 Điều 1 NĐ 70/2025',
  },
  returnsAdjust: {
    text: 'Người mua trả lại toàn bộ hoặc một phần hàng hóa: người bán lập hóa đơn điều chỉnh giảm',
    source: 'Điều 19 khoản 4 điểm c NĐ 123/2020, sửa đổi bởi khoản 13 Điều 1 NĐ 70/2025',
  },
  oneForSeveral: {
    text: 'Cùng một sai sót trên nhiều hóa đơn của một người mua trong cùng tháng: lập một hóa đơn điều chỉnh kèm bảng kê Mẫu 01/BK-ĐCTT',
    source: 'Điều 19 khoản 2 điểm c NĐ 123/2020, sửa đổi bởi khoản 13 Điều 1 NĐ 70/2025; Mẫu 01/BK-ĐCTT Phụ lục IA',
    maxInvoices: 50,
  },
  signByNextWorkingDay: {
    text: 'Hóa đơn được ký số và gửi cơ quan thuế chậm nhất là ngày làm việc tiếp theo kể từ thời điểm lập',
    source: 'Điều 9 khoản 1 NĐ 123/2020, sửa đổi bởi điểm c khoản 7 Điều 1 NĐ 70/2025',
    workingDays: 1,
  },
} as const;

export const ADJUST_KINDS = ['increase', 'decrease', 'info'] as const;
export type AdjustKind = (typeof ADJUST_KINDS)[number];
export const ADJUST_KIND_LABELS: Record<AdjustKind, string> = {
  increase: 'Điều chỉnh tăng',
  decrease: 'Điều chỉnh giảm',
  info: 'Điều chỉnh thông tin',
};

/** The agreement with the buyer on the error (biên bản thỏa thuận); the scan is uploaded beside it. */
export type InvoiceAgreement = { signed_on: string; buyer_representative: string; error: string; has_scan: boolean };

/** The buyer is a business (it has a tax code of 10 digits, with or without a branch): it must sign an agreement. */
export function isBusinessBuyer(buyer: { tax_code: string | null }): boolean {
  return Boolean(buyer.tax_code && /^\d{10}(-\d{3})?$/.test(buyer.tax_code));
}

/** Why this invoice may not be cancelled: once published it is adjusted or replaced instead. */
export function cancelRefusal(invoice: { number: string | null; status: string }): string | null {
  if (invoice.number || invoice.status === 'issued')
    return 'Hóa đơn đã phát hành không được hủy (NĐ 70/2025): hãy lập hóa đơn điều chỉnh hoặc thay thế';
  if (invoice.status === 'pending') return 'Hóa đơn đang được gửi tới meInvoice, chưa hủy được';
  return null;
}

/** Why the agreement is not enough for a correction of `original`, issued on `issuedOn`, or null. */
export function agreementRefusal(
  buyer: { tax_code: string | null },
  agreement: Omit<InvoiceAgreement, 'has_scan'> | null,
  days: { issuedOn: string | null; today: string },
): string | null {
  if (!agreement) {
    return isBusinessBuyer(buyer)
      ? 'Người mua là doanh nghiệp: cần biên bản thỏa thuận với người mua ghi rõ sai sót trước khi điều chỉnh hoặc thay thế (NĐ 70/2025)'
      : null;
  }
  if (agreement.signed_on > days.today) return 'Ngày ký biên bản không được sau hôm nay';
  if (days.issuedOn && agreement.signed_on < days.issuedOn) return 'Ngày ký biên bản không được trước ngày lập hóa đơn bị sai';
  return null;
}

/** The last day to sign and send an invoice made on `madeOn` (a Vietnam day). */
export function signDueDay(madeOn: string): string {
  return addWorkingDays(madeOn, INVOICE_CORRECTION_RULES.signByNextWorkingDay.workingDays);
}

/** Not yet signed and sent (pending at the provider or refused) after the day it was due. */
export function signOverdue(invoice: { status: string; made_on: string }, today: string): boolean {
  return (invoice.status === 'pending' || invoice.status === 'failed') && today > signDueDay(invoice.made_on);
}

// ---- several invoices, one adjustment (Mẫu 01/BK-ĐCTT) -------------------------------------------------

/** What the list judges of an invoice. */
export type ListableInvoice = {
  id: string;
  status: string;
  customer_id: string;
  buyer: { tax_code: string | null };
  issued_on: string | null;
  adjusts: unknown;
  replaced_by: unknown;
};

/** Why `other` cannot go on the list of an adjustment of `original`, or null: the same buyer, published in the same month. */
export function listRefusal(original: ListableInvoice, other: ListableInvoice): string | null {
  if (other.id === original.id) return 'Hóa đơn bị điều chỉnh đã có trong bảng kê';
  if (other.status !== 'issued' || other.replaced_by || other.adjusts) return 'Bảng kê chỉ gồm hóa đơn gốc đã phát hành, chưa bị thay thế';
  if (other.customer_id !== original.customer_id || (other.buyer.tax_code ?? '') !== (original.buyer.tax_code ?? ''))
    return 'Bảng kê chỉ gồm hóa đơn của cùng một người mua';
  if (!other.issued_on || !original.issued_on || other.issued_on.slice(0, 7) !== original.issued_on.slice(0, 7))
    return 'Bảng kê chỉ gồm hóa đơn lập trong cùng tháng với hóa đơn bị điều chỉnh';
  return null;
}

/** A line of one invoice cannot stand for several: a listed adjustment carries its own lines (a discount, a price difference). */
export function listedLinesProblem(listed: readonly unknown[], lines: readonly AdjustLineInput[]): string | null {
  if (listed.length === 0) return null;
  return lines.some((line) => line.line_no !== null)
    ? 'Điều chỉnh nhiều hóa đơn: các dòng không gắn với một dòng của hóa đơn gốc (nhập tên hàng, số lượng và đơn giá)'
    : null;
}

// ---- adjustment lines -------------------------------------------------------------------------------

/** A line of an adjustment: a line of the original (`line_no`) or a new one (a discount after the sale). */
export type AdjustLineInput = {
  line_no: number | null;
  item_code: string | null;
  item_name: string;
  unit: string | null;
  quantity: number;
  unit_price: number;
  discount: number;
  vat_rate: InvoiceVatRate;
};

/** The name a discount after the sale goes by (chiết khấu thương mại). */
export const AFTER_SALE_DISCOUNT_NAME = 'Chiết khấu thương mại';

/**
 * The lines that give back `quantity` of each original line (hàng trả lại): the unit price of the
 * sale, and the share of the line's discount the returned quantity carried.
 */
export function returnLines(original: readonly InvoiceLine[], returned: ReadonlyMap<number, number>): AdjustLineInput[] {
  return original.flatMap((line) => {
    const quantity = returned.get(line.line_no) ?? 0;
    if (quantity <= 0 || line.is_gift) return [];
    return [
      {
        line_no: line.line_no,
        item_code: line.item_code,
        item_name: line.item_name,
        unit: line.unit,
        quantity,
        unit_price: line.unit_price,
        discount: Math.round((Math.abs(line.discount) * quantity) / line.quantity),
        vat_rate: line.vat_rate,
      },
    ];
  });
}

/**
 * Goods the warehouse took back from the invoice's orders (return receipts) that no decrease has
 * adjusted yet (returnsAdjust), per line of the original, and the receipts they came with.
 */
export type InvoiceReturns = {
  lines: { line_no: number; quantity: number }[];
  receipts: { code: string; document_date: string }[];
};

/** Per line of the original: returned through the warehouse less what decreases already took off it. */
export function returnsToAdjust(
  original: readonly InvoiceLine[],
  returnedByOrderLine: ReadonlyMap<string, number>,
  leftByLine: ReadonlyMap<number, number>,
): InvoiceReturns['lines'] {
  return original.flatMap((line) => {
    if (line.is_gift || !line.order_line_id) return [];
    const decreased = line.quantity - (leftByLine.get(line.line_no) ?? line.quantity);
    const quantity = Math.min(line.quantity, returnedByOrderLine.get(line.order_line_id) ?? 0) - decreased;
    return quantity > 0 ? [{ line_no: line.line_no, quantity }] : [];
  });
}

/** An adjustment's totals: increases positive, decreases negative (signedAmounts), info-only all zero. */
export function adjustmentTotals(kind: AdjustKind, inputs: readonly AdjustLineInput[]): InvoiceTotals {
  const sign = kind === 'decrease' ? -1 : 1;
  const lines = inputs.map((input, index): InvoiceLine => {
    const line = invoiceLine(
      {
        order_line_id: '',
        item_code: input.item_code ?? '',
        item_name: input.item_name,
        unit: input.unit ?? '',
        quantity: input.quantity,
        unit_price: input.unit_price,
        discount: input.discount,
        vat_percent: input.vat_rate === 'KCT' ? 0 : Number(input.vat_rate.slice(0, -1)),
        not_subject: input.vat_rate === 'KCT',
        is_gift: false,
      },
      index + 1,
    );
    const signed = (value: number) => (value === 0 ? 0 : sign * value);
    return {
      ...line,
      amount: signed(line.amount),
      discount: signed(line.discount),
      amount_without_vat: signed(line.amount_without_vat),
      vat_amount: signed(line.vat_amount),
      total: signed(line.total),
    };
  });
  const totals = summarize(lines);
  const words = amountInWords(Math.abs(totals.total), { capitalize: totals.total >= 0 });
  return { ...totals, amount_in_words: totals.total < 0 ? `Giảm ${words}` : words };
}

/**
 * Why a decrease takes more than is left: per VAT rate, the original's amount before VAT plus its
 * adjustments so far must stay at or above zero, and a line of the original cannot give back more
 * than was sold (less what earlier adjustments gave back).
 */
export function decreaseRefusal(
  left: { byRate: ReadonlyMap<InvoiceVatRate, number>; byLine: ReadonlyMap<number, number> },
  totals: Pick<InvoiceTotals, 'by_rate'>,
  inputs: readonly AdjustLineInput[],
): string | null {
  for (const input of inputs) {
    if (input.line_no === null) continue;
    const quantity = left.byLine.get(input.line_no);
    if (quantity === undefined) return `Dòng ${input.line_no} không có trong hóa đơn gốc`;
    if (input.quantity > quantity) return `Dòng ${input.line_no} (${input.item_name}) chỉ còn ${quantity} để điều chỉnh giảm`;
  }
  for (const rate of totals.by_rate) {
    if ((left.byRate.get(rate.vat_rate) ?? 0) + rate.amount_without_vat < 0)
      return `Điều chỉnh giảm vượt quá giá trị còn lại của hóa đơn ở thuế suất ${rate.vat_rate}`;
  }
  return null;
}

// ---- what a person sends ------------------------------------------------------------------------------

const isoDay = (label: string) => v.pipe(v.string(`${label} không hợp lệ`), v.check(isIsoDate, `${label} không hợp lệ`));

export const AgreementSchema = v.optional(
  v.nullable(
    v.object(
      {
        signed_on: isoDay('Ngày ký biên bản'),
        buyer_representative: requiredText('người đại diện bên mua', 200),
        error: requiredText('nội dung sai sót', 500),
      },
      'Biên bản thỏa thuận không hợp lệ',
    ),
  ),
  null,
);

const wholeNumber = (label: string, min: number, max: number) =>
  v.pipe(
    v.number(`${label} không hợp lệ`),
    v.integer(`${label} phải là số nguyên`),
    v.minValue(min, `${label} phải từ ${min}`),
    v.maxValue(max, `${label} quá lớn`),
  );

export const AdjustLineSchema = v.object(
  {
    line_no: v.optional(v.nullable(wholeNumber('Dòng của hóa đơn gốc', 1, 10_000)), null),
    item_code: optionalText('mã hàng', 50),
    item_name: requiredText('tên hàng hóa, dịch vụ', 500),
    unit: optionalText('đơn vị tính', 50),
    quantity: wholeNumber('Số lượng', 1, 1_000_000),
    unit_price: wholeNumber('Đơn giá', 0, 10_000_000_000),
    discount: v.optional(wholeNumber('Chiết khấu', 0, 10_000_000_000), 0),
    vat_rate: v.picklist(INVOICE_VAT_RATES, 'Thuế suất không hợp lệ'),
  },
  'Dòng điều chỉnh không hợp lệ',
);

export const MAX_ADJUST_LINES = 200;

/** Fields of an adjustment beside `company`, `buyer` (contract/invoices.ts InvoiceAdjustSchema puts them together). */
export const adjustFields = {
  kind: v.picklist(ADJUST_KINDS, 'Loại điều chỉnh không hợp lệ'),
  reason: requiredText('lý do điều chỉnh', 500),
  agreement: AgreementSchema,
  lines: v.optional(
    v.pipe(
      v.array(AdjustLineSchema, 'Danh sách dòng điều chỉnh không hợp lệ'),
      v.maxLength(MAX_ADJUST_LINES, `Một hóa đơn điều chỉnh có tối đa ${MAX_ADJUST_LINES} dòng`),
    ),
    [],
  ),
  /** Other invoices of the buyer, the same month, with the same error: listed on Mẫu 01/BK-ĐCTT. */
  listed: v.optional(
    v.pipe(
      v.array(v.pipe(v.string('Hóa đơn trong bảng kê không hợp lệ'), v.uuid('Hóa đơn trong bảng kê không hợp lệ'))),
      v.maxLength(INVOICE_CORRECTION_RULES.oneForSeveral.maxInvoices, 'Bảng kê có tối đa 50 hóa đơn'),
      v.check((ids) => new Set(ids).size === ids.length, 'Một hóa đơn được chọn hai lần trong bảng kê'),
    ),
    [],
  ),
};

/** An increase or a decrease changes amounts (at least one line, no amount past zero); info-only carries no line. */
export function adjustLinesProblem(kind: AdjustKind, lines: readonly AdjustLineInput[]): string | null {
  if (kind === 'info') return lines.length > 0 ? 'Điều chỉnh thông tin không có dòng hàng' : null;
  if (lines.length === 0) return 'Vui lòng nhập ít nhất một dòng điều chỉnh';
  const over = lines.find((line) => line.discount > line.quantity * line.unit_price);
  if (over) return `Chiết khấu của "${over.item_name}" lớn hơn thành tiền`;
  if (lines.every((line) => line.quantity * line.unit_price - line.discount <= 0)) return 'Số tiền điều chỉnh phải lớn hơn 0';
  return null;
}
