/**
 * What a printed order shows (invoice-style A4/A5 sheet, 80 mm receipt): numbered lines, the
 * totals, VAT by rate and the amount in words. Figures are the order's own (the server priced each
 * line in whole đồng); the lines are added up again so a sheet whose lines disagree with its
 * total is caught rather than printed.
 */
import type { OrderRecord } from '@contract/orders';
import { amountInWords } from '@contract/amount-in-words';

import type { PrintFormat } from './order-print-format';
import { lineName } from '@/lib/line-name';

export { parsePrintFormat, PRINT_FORMATS, type PrintFormat } from './order-print-format';

export const PRINT_FORMAT_LABELS: Record<PrintFormat, string> = {
  a4: 'Hóa đơn A4',
  a5: 'Hóa đơn A5',
  receipt80: 'Phiếu 80mm',
};

/** The @page rule of each format: paper size and margins the browser's print dialog starts with. */
export function pageRule(format: PrintFormat): string {
  switch (format) {
    case 'a4':
      return '@page { size: A4 portrait; margin: 12mm 12mm 14mm; }';
    case 'a5':
      return '@page { size: A5 portrait; margin: 8mm; }';
    case 'receipt80':
      // Roll paper: the page is as long as the receipt.
      return '@page { size: 80mm auto; margin: 0; }';
  }
}

/** Width of the sheet on screen (the preview) and on paper. */
export const SHEET_WIDTH: Record<PrintFormat, string> = { a4: '186mm', a5: '132mm', receipt80: '72mm' };

export type PrintLine = {
  no: number;
  name: string;
  sku: string;
  unit: string;
  quantity: number;
  unitPrice: number;
  discount: number;
  /** "10%" or "" when the order has no VAT. */
  vatLabel: string;
  vat: number;
  total: number;
};

export type PrintTotals = {
  /** Goods before discounts. */
  subtotal: number;
  /** Taken off by promotion programmes. */
  promotion: number;
  discount: number;
  vat: number;
  total: number;
  /** VAT grouped by rate, for the sheet's tax lines ("Thuế VAT 5%", "Thuế VAT 10%"). */
  vatByRate: { rate: number; base: number; vat: number }[];
  /** "Một triệu hai trăm nghìn đồng" — starts the "Bằng chữ:" line. */
  words: string;
  /** False when the lines do not add up to the order's total (the sheet says so). */
  consistent: boolean;
  itemCount: number;
};

/** The printed line name (src/lib/line-name.ts), for the screens that import it from here. */
export { lineName };

/** A gift line says so on paper; a line's discount column counts its promotions too. */
export function printLines(order: Pick<OrderRecord, 'lines' | 'vat_on'>): PrintLine[] {
  return order.lines.map((line, index) => ({
    no: index + 1,
    name: line.is_gift ? `${lineName(line)} (hàng khuyến mại)` : lineName(line),
    sku: line.sku,
    unit: line.unit,
    quantity: line.quantity,
    unitPrice: line.unit_price,
    discount: line.discount_amount + (line.promotion_amount ?? 0),
    vatLabel: order.vat_on ? `${line.vat_rate}%` : '',
    vat: line.vat_amount,
    total: line.line_total,
  }));
}

export function printTotals(
  order: Pick<OrderRecord, 'lines' | 'vat_on' | 'subtotal' | 'discount_total' | 'vat_total' | 'total'> &
    Partial<Pick<OrderRecord, 'promotion_total'>>,
): PrintTotals {
  // Orders kept on a device from before promotions have no promotion_total.
  const promotion = order.promotion_total ?? 0;
  const rates = new Map<number, { base: number; vat: number }>();
  let lineSum = 0;
  let quantity = 0;
  for (const line of order.lines) {
    lineSum += line.line_total;
    quantity += line.quantity;
    if (order.vat_on && line.vat_rate > 0) {
      const entry = rates.get(line.vat_rate) ?? { base: 0, vat: 0 };
      entry.base += line.line_total - line.vat_amount;
      entry.vat += line.vat_amount;
      rates.set(line.vat_rate, entry);
    }
  }
  return {
    subtotal: order.subtotal,
    promotion,
    discount: order.discount_total,
    vat: order.vat_total,
    total: order.total,
    vatByRate: [...rates.entries()].sort(([a], [b]) => a - b).map(([rate, entry]) => ({ rate, ...entry })),
    words: amountInWords(order.total, { capitalize: true }),
    consistent: lineSum === order.total && order.subtotal - promotion - order.discount_total + order.vat_total === order.total,
    itemCount: quantity,
  };
}
