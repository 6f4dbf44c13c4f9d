/**
 * The warehouse side of the browser tests: what the real server holds — the stock of a
 * variant per warehouse with its lots, the warehouses, a receipt — read through the API the office
 * screens use, to check what a page shows against it. Nothing here changes stock.
 */
import { expect } from 'vitest';
import { warehousePaths, type StockRow, type WarehouseRecord } from '@contract/warehouse';
import { receiptPaths, type ReceiptDetail } from '@contract/warehouse-receipts';
import type { ReceiptKind } from '@contract/warehouse-status';
import { ean13 } from '@server/seed/ean13';
import { api, type Office } from './orders-api';

/**
 * A unit's barcode in the demo catalogue (server/seed/demo-catalogue.ts): units are numbered in
 * seed order across An Khang's products (tests/support/orders-api.ts DEMO_BARCODES).
 */
export const demoUnitBarcode = (unit: number) => ean13(`8936045${String(unit).padStart(5, '0')}`);

/** The company's warehouses; the default one first. */
export async function serverWarehouses(office: Office): Promise<WarehouseRecord[]> {
  const answer = await api<WarehouseRecord[]>(office.baseUrl, `${warehousePaths.warehouses}?company=${office.companyId}&limit=200`, {
    token: office.token,
  });
  expect(answer.status, answer.body.message).toBe(200);
  return [...answer.body.data].sort((a, b) => Number(b.is_default) - Number(a.is_default));
}

/** A variant's stock row in one warehouse (on hand, held, available, its lots), or null when never stocked there. */
export async function serverStock(office: Office, variant: { id: number; code: string }, warehouseId: number): Promise<StockRow | null> {
  const answer = await api<StockRow[]>(
    office.baseUrl,
    `${warehousePaths.inventory}?company=${office.companyId}&search=${encodeURIComponent(variant.code)}&warehouse=${warehouseId}&limit=50`,
    { token: office.token },
  );
  expect(answer.status, answer.body.message).toBe(200);
  return answer.body.data.find((row) => row.variant_id === variant.id && row.warehouse_id === warehouseId) ?? null;
}

/** One receipt as the office reads it. */
export async function serverReceipt(office: Office, kind: ReceiptKind, id: string): Promise<ReceiptDetail> {
  const answer = await api<ReceiptDetail>(office.baseUrl, `${receiptPaths(kind).one(id)}?company=${office.companyId}`, {
    token: office.token,
  });
  expect(answer.status, answer.body.message).toBe(200);
  return answer.body.data;
}
