/** The invoices module's public face (e-invoices and accounting, docs/invoices.md). */
export { INVOICE_JOB_HANDLERS } from './invoice-jobs';
export { invoiceRoutes } from './invoices.routes';
export { issueInvoice } from './invoice-write';
export type { MeInvoiceSettings } from './meinvoice-client';
