/**
 * An Excel sheet of stock (contract/warehouse-sheet.ts) made into one completed import receipt:
 * each row's product (by its variant code), unit, quantity, price and lot are checked and every
 * refusal is reported with its row and column; with any refusal nothing is written.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { ReceiptLineInput } from '@contract/warehouse-receipts';
import type { StockImportAnswer, StockImportError, StockSheetColumn, StockSheetRow } from '@contract/warehouse-sheet';
import { isIsoDate } from '@contract/validation';
import type { Db } from '@server/kernel/db/client';
import { variants } from '@server/kernel/db/schema';
import { HttpError } from '@server/kernel/errors';
import { createReceipt } from './receipt-create';
import { receiptRecord } from './receipts.repo';
import { usableWarehouse } from './warehouses.repo';

const text = (value: unknown): string => (value === null || value === undefined ? '' : String(value).trim());

/** A whole number from a cell: 1.000 and 1,000 read as a thousand (Vietnamese or English grouping). */
function wholeNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isInteger(value) ? value : null;
  const raw = text(value).replace(/[.,\s](?=\d{3}(\D|$))/g, '');
  return /^-?\d+$/.test(raw) ? Number(raw) : null;
}

/** A date from a cell: YYYY-MM-DD, or DD/MM/YYYY as Vietnamese people write it. */
function isoDate(value: unknown): string | null | 'bad' {
  const raw = text(value);
  if (!raw) return null;
  const vn = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(raw);
  const day = vn ? `${vn[3]}-${vn[2]!.padStart(2, '0')}-${vn[1]!.padStart(2, '0')}` : raw.slice(0, 10);
  return isIsoDate(day) ? day : 'bad';
}

export async function importStockSheet(
  tx: Db,
  input: {
    companyId: number;
    accountId: number;
    warehouseId: number | null;
    documentDate: string;
    opening: boolean;
    partnerName: string | null;
    sourceDocument: string | null;
    rows: readonly StockSheetRow[];
  },
): Promise<StockImportAnswer> {
  const errors: StockImportError[] = [];
  const refuse = (row: number, field: StockSheetColumn, message: string) => errors.push({ row, field, message });
  const codes = [...new Set(input.rows.map((row) => text(row['Mã hàng']).toUpperCase()).filter(Boolean))];
  const known = codes.length
    ? await tx
        .select({ id: variants.id, code: variants.code })
        .from(variants)
        .where(and(eq(variants.companyId, input.companyId), inArray(variants.code, codes)))
    : [];
  const byCode = new Map(known.map((row) => [row.code.toUpperCase(), row.id]));
  const lines: (ReceiptLineInput & { row: number })[] = [];
  for (const [index, row] of input.rows.entries()) {
    const at = row._row ?? index + 2;
    const code = text(row['Mã hàng']).toUpperCase();
    const variantId = byCode.get(code);
    if (!code) refuse(at, 'Mã hàng', 'Thiếu mã hàng');
    else if (variantId === undefined) refuse(at, 'Mã hàng', `Không có sản phẩm mã ${code}`);
    const unit = text(row['Đơn vị tính']);
    if (!unit) refuse(at, 'Đơn vị tính', 'Thiếu đơn vị tính');
    const quantity = wholeNumber(row['Số lượng']);
    if (quantity === null || quantity <= 0) refuse(at, 'Số lượng', 'Số lượng phải là số nguyên lớn hơn 0');
    const price = row['Đơn giá'] === null || row['Đơn giá'] === undefined || text(row['Đơn giá']) === '' ? 0 : wholeNumber(row['Đơn giá']);
    if (price === null || price < 0) refuse(at, 'Đơn giá', 'Đơn giá phải là số tiền không âm');
    const madeOn = isoDate(row['Ngày sản xuất']);
    if (madeOn === 'bad') refuse(at, 'Ngày sản xuất', 'Ngày sản xuất không hợp lệ (DD/MM/YYYY)');
    const expiresOn = isoDate(row['Hạn dùng']);
    if (expiresOn === 'bad') refuse(at, 'Hạn dùng', 'Hạn dùng không hợp lệ (DD/MM/YYYY)');
    if (
      variantId === undefined ||
      !unit ||
      quantity === null ||
      quantity <= 0 ||
      price === null ||
      price < 0 ||
      madeOn === 'bad' ||
      expiresOn === 'bad'
    )
      continue;
    lines.push({
      row: at,
      variant_id: variantId,
      unit,
      quantity,
      document_quantity: quantity,
      unit_price: price,
      lot_id: null,
      lot_no: text(row['Số lô']) || null,
      manufactured_on: madeOn,
      expires_on: expiresOn,
    });
  }
  if (errors.length > 0) return { created: 0, updated: 0, errors, receipt_id: null, code: null };
  const warehouse = await usableWarehouse(tx, input.companyId, input.warehouseId);
  try {
    const id = await tx.transaction((savepoint) =>
      createReceipt(savepoint, {
        companyId: input.companyId,
        kind: 'import',
        header: {
          warehouseId: warehouse.id,
          partnerName: input.partnerName,
          sourceDocument: input.sourceDocument ?? (input.opening ? 'Tồn đầu kỳ (nhập từ Excel)' : 'Nhập từ Excel'),
          documentDate: input.documentDate,
        },
        lines: lines.map(({ row: _row, ...line }) => line),
        accountId: input.accountId,
        status: 'completed',
      }),
    );
    const record = await receiptRecord(tx, input.companyId, id);
    return { created: lines.length, updated: 0, errors: [], receipt_id: id, code: record?.code ?? null };
  } catch (error) {
    // A line the receipt refused (a unit the product lacks, a medicine without its lot): named by its row.
    if (error instanceof HttpError && error.status === 400 && error.fields) {
      const [field, message] = Object.entries(error.fields)[0] ?? [];
      const line = field ? lines[Number(/^lines\.(\d+)/.exec(field)?.[1] ?? -1)] : undefined;
      if (line) {
        const column: StockSheetColumn = field!.endsWith('.unit')
          ? 'Đơn vị tính'
          : field!.includes('lot')
            ? 'Số lô'
            : field!.includes('expires')
              ? 'Hạn dùng'
              : 'Mã hàng';
        return {
          created: 0,
          updated: 0,
          errors: [{ row: line.row, field: column, message: message ?? error.message }],
          receipt_id: null,
          code: null,
        };
      }
    }
    throw error;
  }
}
