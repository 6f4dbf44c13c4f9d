/** The office screens, in one file loaded on first use (../office-screens.tsx); its chunk's name keeps it out of the precache (scripts/office-chunks.ts). */
export { ReceiptDetailPage } from './receipt-detail-page';
export { ReceiptFormPage } from './receipt-form-page';
export { ReceiptListView } from './receipt-list-view';
export { ReceiptPrintView } from './receipt-print-view';
export { WarehouseHub } from './warehouse-hub';
