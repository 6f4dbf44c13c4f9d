/**
 * A receipt being written (import, export, transfer): its header and lines as typed, the edits a
 * line goes through (a product added by search or scan, its unit, quantities, price, lot), the
 * checks made before sending, and the body of POST/PUT {kind}receipt/ (contract/warehouse-receipts.ts).
 * Quantities and prices are kept as the digits typed; the server is authoritative and answers
 * per-line field errors (`lines.3.unit`), which `lineFieldErrors` puts back on their line.
 */
import type { VariantUnit } from '@contract/products';
import type { ReceiptDetail, ReceiptInput } from '@contract/warehouse-receipts';
import type { ReceiptKind } from '@contract/warehouse-status';
import { rowKeys } from '@/lib/row-keys';
import type { FieldErrors } from '@/lib/issue-fields';
import { lineName } from '@/lib/line-name';

/** The catalogue facts a line needs (from the device's mirror of the catalogue). */
export type LineVariant = {
  id: number;
  name: string;
  sku: string;
  units: readonly Pick<VariantUnit, 'unit' | 'factor' | 'price'>[];
  /** A product with a registration number (thuốc): imports need its lot and expiry. */
  isMedicine: boolean;
  /** A medicine's registration (drug master, docs/pharma.md): receiving it after its expiry is warned of. */
  registration?: { number: string | null; expiry: string | null } | null;
};

export type LineDraft = {
  key: string;
  variant: LineVariant;
  unit: string;
  quantity: string;
  /** Theo chứng từ (imports) or yêu cầu (exports, transfers). */
  documentQuantity: string;
  unitPrice: string;
  /** Exports and transfers: a lot chosen by hand (else first-expiry-first-out when posted). */
  lotId: number | null;
  /** Imports: the lot received. */
  lotNo: string;
  manufacturedOn: string | null;
  expiresOn: string | null;
};

export type ReceiptDraft = {
  warehouse: number | null;
  toWarehouse: number | null;
  reason: number | null;
  partnerName: string;
  partnerAddress: string;
  sourceDocument: string;
  documentDate: string;
  note: string;
  lines: LineDraft[];
};

export type { FieldErrors };

const newKey = rowKeys('line-');

export function emptyDraft(today: string, warehouse: number | null): ReceiptDraft {
  return {
    warehouse,
    toWarehouse: null,
    reason: null,
    partnerName: '',
    partnerAddress: '',
    sourceDocument: '',
    documentDate: today,
    note: '',
    lines: [],
  };
}

const digits = (value: number | null | undefined) => (value === null || value === undefined ? '' : String(value));

/** A draft receipt from the server, its lines matched to the device's catalogue (a missing variant keeps the line's own unit). */
export function draftFromRecord(detail: ReceiptDetail, variants: ReadonlyMap<number, LineVariant>): ReceiptDraft {
  return {
    warehouse: detail.warehouse_id,
    toWarehouse: detail.to_warehouse_id,
    reason: detail.reason_id,
    partnerName: detail.partner_name ?? '',
    partnerAddress: detail.partner_address ?? '',
    sourceDocument: detail.source_document ?? '',
    documentDate: detail.document_date,
    note: detail.note ?? '',
    lines: detail.lines.map((line) => ({
      key: newKey(),
      variant: variants.get(line.variant_id) ?? {
        id: line.variant_id,
        name: lineName(line),
        sku: line.sku,
        units: [{ unit: line.unit, factor: line.factor, price: 0 }],
        isMedicine: false,
      },
      unit: line.unit,
      quantity: digits(line.quantity),
      documentQuantity: digits(line.document_quantity),
      unitPrice: line.unit_price ? String(line.unit_price) : '',
      lotId: detail.kind === 'import' ? null : line.lot_id,
      lotNo: line.lot_no ?? '',
      manufacturedOn: line.manufactured_on,
      expiresOn: line.expires_on,
    })),
  };
}

/**
 * Adds one of a unit of a variant: the last line of the same variant and unit without a lot picked
 * by hand gets one more (a scanned box of the same delivery); otherwise a new line of 1 at the bottom.
 */
export function addVariant(draft: ReceiptDraft, variant: LineVariant, unit: string): ReceiptDraft {
  const same = draft.lines.findLast((line) => line.variant.id === variant.id && line.unit === unit && line.lotId === null);
  if (same) return updateLine(draft, same.key, { quantity: String((Number(same.quantity) || 0) + 1) });
  const line: LineDraft = {
    key: newKey(),
    variant,
    unit,
    quantity: '1',
    documentQuantity: '',
    unitPrice: '',
    lotId: null,
    lotNo: '',
    manufacturedOn: null,
    expiresOn: null,
  };
  return { ...draft, lines: [...draft.lines, line] };
}

/** Another line of the same product and unit under this one, for a second lot of it. */
export function splitLine(draft: ReceiptDraft, key: string): ReceiptDraft {
  const index = draft.lines.findIndex((line) => line.key === key);
  if (index < 0) return draft;
  const source = draft.lines[index]!;
  const copy: LineDraft = {
    ...source,
    key: newKey(),
    quantity: '',
    documentQuantity: '',
    lotId: null,
    lotNo: '',
    manufacturedOn: null,
    expiresOn: null,
  };
  return { ...draft, lines: [...draft.lines.slice(0, index + 1), copy, ...draft.lines.slice(index + 1)] };
}

export function updateLine(draft: ReceiptDraft, key: string, patch: Partial<Omit<LineDraft, 'key' | 'variant'>>): ReceiptDraft {
  return { ...draft, lines: draft.lines.map((line) => (line.key === key ? { ...line, ...patch } : line)) };
}

export function removeLine(draft: ReceiptDraft, key: string): ReceiptDraft {
  return { ...draft, lines: draft.lines.filter((line) => line.key !== key) };
}

const factorOf = (line: LineDraft, unit: string) => line.variant.units.find((candidate) => candidate.unit === unit)?.factor ?? 1;

/** Another unit for a line: the price typed follows (per hộp of 10 vỉ is ten times the price per vỉ). */
export function changeUnit(draft: ReceiptDraft, key: string, unit: string): ReceiptDraft {
  const line = draft.lines.find((candidate) => candidate.key === key);
  if (!line || line.unit === unit) return draft;
  const price = Number(line.unitPrice);
  const scaled =
    line.unitPrice === '' || !Number.isFinite(price) ? '' : String(Math.round((price * factorOf(line, unit)) / factorOf(line, line.unit)));
  return updateLine(draft, key, { unit, unitPrice: scaled });
}

export const lineAmount = (line: Pick<LineDraft, 'quantity' | 'unitPrice'>) => (Number(line.quantity) || 0) * (Number(line.unitPrice) || 0);

export function draftTotals(draft: ReceiptDraft): { lines: number; quantity: number; amount: number } {
  return draft.lines.reduce(
    (sum, line) => ({ lines: sum.lines + 1, quantity: sum.quantity + (Number(line.quantity) || 0), amount: sum.amount + lineAmount(line) }),
    { lines: 0, quantity: 0, amount: 0 },
  );
}

const positive = (text: string) => /^\d{1,10}$/.test(text) && Number(text) > 0;

/** What is wrong before sending, keyed like the server's fields; empty when the draft may be sent. */
export function checkDraft(draft: ReceiptDraft, kind: ReceiptKind): FieldErrors {
  const errors: FieldErrors = {};
  if (!draft.documentDate) errors.document_date = 'Vui lòng chọn ngày chứng từ';
  if (kind === 'transfer') {
    if (!draft.toWarehouse) errors.to_warehouse = 'Vui lòng chọn kho nhận';
    else if (draft.toWarehouse === draft.warehouse) errors.to_warehouse = 'Kho nhận phải khác kho xuất';
  }
  if (draft.lines.length === 0) errors.lines = 'Chưa có dòng hàng nào';
  draft.lines.forEach((line, index) => {
    const at = `lines.${index}`;
    if (!positive(line.quantity)) errors[`${at}.quantity`] = 'Số lượng phải lớn hơn 0';
    if (line.documentQuantity !== '' && !positive(line.documentQuantity)) errors[`${at}.document_quantity`] = 'Phải lớn hơn 0';
    if (kind !== 'import') return;
    if (line.variant.isMedicine && !line.lotNo.trim()) errors[`${at}.lot_no`] = 'Thuốc cần số lô';
    if (line.variant.isMedicine && !line.expiresOn) errors[`${at}.expires_on`] = 'Thuốc cần hạn dùng';
    if (line.manufacturedOn && line.expiresOn && line.expiresOn <= line.manufacturedOn)
      errors[`${at}.expires_on`] = 'Hạn dùng phải sau ngày sản xuất';
  });
  return errors;
}

/** The errors of one line, by field name (`lines.3.unit` → `unit`). */
export function lineFieldErrors(errors: FieldErrors, index: number): Record<string, string> {
  const prefix = `lines.${index}.`;
  return Object.fromEntries(
    Object.entries(errors)
      .filter(([key]) => key.startsWith(prefix))
      .map(([key, message]) => [key.slice(prefix.length), message]),
  );
}

const text = (value: string) => value.trim() || null;

/** The body of POST/PUT {kind}receipt/ (without the company), with the status to create it in. */
export function receiptInput(
  draft: ReceiptDraft,
  kind: ReceiptKind,
  status: 'draft' | 'pending' | 'completed',
): Omit<ReceiptInput, 'company'> {
  return {
    warehouse: draft.warehouse,
    to_warehouse: kind === 'transfer' ? draft.toWarehouse : null,
    reason: kind === 'transfer' ? draft.reason : null,
    partner_name: text(draft.partnerName),
    partner_address: text(draft.partnerAddress),
    source_document: text(draft.sourceDocument),
    document_date: draft.documentDate,
    note: text(draft.note),
    status,
    lines: draft.lines.map((line) => ({
      variant_id: line.variant.id,
      unit: line.unit,
      quantity: Number(line.quantity),
      document_quantity: line.documentQuantity === '' ? null : Number(line.documentQuantity),
      unit_price: Number(line.unitPrice) || 0,
      ...(kind === 'import'
        ? { lot_id: null, lot_no: text(line.lotNo), manufactured_on: line.manufacturedOn, expires_on: line.expiresOn }
        : { lot_id: line.lotId, lot_no: null, manufactured_on: null, expires_on: null }),
    })),
  };
}
