/**
 * A sheet of stock imported as one import receipt (contract/warehouse-sheet.ts: POST
 * importreceipt/import/ answers the receipt made, or every refused row, and nothing was written),
 * and the sheet's template. Apart from ./receipt-api.ts so that the import dialog, loaded on its
 * own, brings no other receipt call with it.
 */
import { stockSheetPaths, type StockImportAnswer, type StockSheetRow } from '@contract/warehouse-sheet';
import { apiRequest } from '@/api/client';
import { downloadFile } from '@/api/files';

export type StockImportInput = {
  warehouse: number | null;
  document_date: string;
  opening: boolean;
  partner_name: string | null;
  rows: StockSheetRow[];
};

/** Posting up to a thousand lines at once: longer than an ordinary call may take. */
const IMPORT_TIMEOUT_MS = 120_000;

export function importStockSheet(companyId: number, input: StockImportInput, signal?: AbortSignal) {
  return apiRequest<StockImportAnswer>(stockSheetPaths.import, {
    method: 'POST',
    body: { ...input, company: companyId },
    redirectOnForbidden: false,
    signal,
    timeoutMs: IMPORT_TIMEOUT_MS,
  });
}

export function downloadStockTemplate(companyId: number): Promise<string> {
  return downloadFile(stockSheetPaths.template, { company: companyId }, 'mau-nhap-kho.xlsx');
}
