/**
 * What a printed receipt shows (forms 01-VT, 02-VT and the internal transfer note; docs/vietnam.md
 * "Printing"): numbered lines with their lots, the price basis of each kind, the "Cộng" row and the
 * total in words. An import prints the purchase price typed; an export or a transfer the cost the
 * posting took (giá xuất kho) once it is posted, before that the price typed if any, else blank
 * (an issue note may be printed without prices: the cost is known when the stock leaves).
 */
import type { ReceiptDetail, ReceiptLineRecord } from '@contract/warehouse-receipts';
import type { ReceiptKind } from '@contract/warehouse-status';
import { amountInWords } from '@contract/amount-in-words';
import { formatDate } from '@/lib/dates';
import { lineName } from '@/lib/line-name';

export const FORM_TITLES: Record<ReceiptKind, string> = {
  import: 'PHIẾU NHẬP KHO',
  export: 'PHIẾU XUẤT KHO',
  check: 'BIÊN BẢN KIỂM KÊ VẬT TƯ, CÔNG CỤ, SẢN PHẨM, HÀNG HÓA',
  transfer: 'PHIẾU XUẤT KHO KIÊM VẬN CHUYỂN NỘI BỘ',
};

export type PrintRow = {
  no: number;
  name: string;
  sku: string;
  unit: string;
  /** Theo chứng từ (imports) / yêu cầu (exports). */
  documentQuantity: number | null;
  /** Thực nhập / thực xuất. */
  quantity: number;
  /** Transfers: thực nhập (null until received). */
  receivedQuantity: number | null;
  unitPrice: number | null;
  amount: number | null;
  /** "Lô AK2501 – HD 08/04/2028", one per lot the line took or brought. */
  lots: string[];
};

export type PrintTotals = {
  documentQuantity: number;
  quantity: number;
  receivedQuantity: number;
  amount: number;
  /** "Bảy triệu một trăm … đồng", or '' when nothing is priced. */
  words: string;
};

/** The printed line name (src/lib/line-name.ts), for the screens that import it from here. */
export { lineName };

export function lotLabel(lotNo: string | null, expiresOn: string | null): string {
  return [lotNo ? `Lô ${lotNo}` : '', expiresOn ? `HD ${formatDate(expiresOn)}` : ''].filter(Boolean).join(' – ');
}

function lotsOf(line: ReceiptLineRecord): string[] {
  const picked = line.picks.length > 0 ? line.picks.filter((pick) => pick.lot_no) : [];
  // A transfer posts out of one warehouse and into the other: each lot once.
  const seen = new Set<string>();
  const fromPicks = picked
    .filter((pick) => !seen.has(pick.lot_no) && seen.add(pick.lot_no))
    .map((pick) => lotLabel(pick.lot_no, pick.expires_on));
  if (fromPicks.length > 0) return fromPicks;
  const own = lotLabel(line.lot_no, line.expires_on);
  return own ? [own] : [];
}

function priced(kind: ReceiptKind, line: ReceiptLineRecord): { unitPrice: number | null; amount: number | null } {
  if (kind === 'import') return { unitPrice: line.unit_price, amount: line.amount };
  if (line.cost !== null && line.quantity > 0) return { unitPrice: Math.round(line.cost / line.quantity), amount: line.cost };
  if (line.unit_price > 0) return { unitPrice: line.unit_price, amount: line.amount };
  return { unitPrice: null, amount: null };
}

export function printRows(receipt: Pick<ReceiptDetail, 'kind' | 'lines'>): PrintRow[] {
  return receipt.lines.map((line, index) => ({
    no: index + 1,
    name: lineName(line),
    sku: line.sku,
    unit: line.unit,
    documentQuantity: line.document_quantity,
    quantity: line.quantity,
    receivedQuantity: line.received_quantity,
    ...priced(receipt.kind, line),
    lots: lotsOf(line),
  }));
}

export function printTotals(rows: readonly PrintRow[]): PrintTotals {
  const sum = (pick: (row: PrintRow) => number | null) => rows.reduce((total, row) => total + (pick(row) ?? 0), 0);
  const amount = sum((row) => row.amount);
  return {
    documentQuantity: sum((row) => row.documentQuantity),
    quantity: sum((row) => row.quantity),
    receivedQuantity: sum((row) => row.receivedQuantity),
    amount,
    words: amount > 0 ? amountInWords(amount, { capitalize: true }) : '',
  };
}

/** "Ngày 21 tháng 11 năm 2026", as dates are written on Vietnamese documents. */
export function documentDate(iso: string): string {
  const [year, month, dayOfMonth] = iso.slice(0, 10).split('-');
  return year && month && dayOfMonth ? `Ngày ${dayOfMonth} tháng ${month} năm ${year}` : '';
}
