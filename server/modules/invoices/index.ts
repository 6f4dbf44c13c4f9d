/** The invoices module's public face (e-invoices and accounting, docs/invoices.md). */
export { accountingRoutes, misaOrderRoutes } from './accounting.routes';
export { amisCallbackRoutes } from './amis-callback.routes';
export { AMIS_JOB_HANDLERS } from './amis-jobs';
export { INVOICE_JOB_HANDLERS } from './invoice-jobs';
export { invoiceRoutes, isAgreementUpload } from './invoices.routes';
export { issueInvoice } from './invoice-write';
export type { MeInvoiceSettings } from './meinvoice-client';
export type { AmisSettings } from './amis-client';
