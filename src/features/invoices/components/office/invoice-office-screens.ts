/** The e-invoice and accounting office in one file (../invoice-screens.tsx loads it; scripts/office-chunks.ts keeps it out of the precache). */
export { AccountingPage } from './accounting-page';
export { InvoiceDetailPage } from './invoice-detail-page';
export { InvoiceListView } from './invoice-list-view';
export { InvoiceSettingsPage } from './invoice-settings-page';
export { OrderInvoicePart } from './order-invoice-part';
