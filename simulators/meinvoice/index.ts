/**
 * MISA meInvoice's API (docs/invoices.md; shapes from MISA's documents in ./fixtures, mismatches in
 * docs/provider-sources.md "MISA meInvoice"), under `/meinvoice`:
 * - POST api/integration/auth/token {appid, taxcode, username, password} → {Success, Data: token};
 * - GET api/integration/invoice/templates?invoiceWithCode&ticket → this year's templates (PascalCase);
 * - GET api/integration/invoice/get-certificates → the account's HSM certificate (PascalCase);
 * - POST api/integration/invoice {SignType 2, CertificateSN, InvoiceData[]} → publishes (./publish.ts);
 *   a RefID sent again answers ErrorCode DuplicateInvoiceRefID and publishes nothing; ReferenceType 1/2
 *   replaces/adjusts the invoice named by OrgInvSeries + OrgInvNo;
 * - POST api/integration/invoice/status?inputType=1|2 [TransactionID | RefID] → §14.11 InvoiceStatus;
 * - POST api/integration/invoice/download?downloadDataType=pdf|xml [TransactionID] → the files, base64;
 * - POST api/v3/itg/invoicepublished/cancel (không mã) and api/v3/code/itg/invoicepublished/cancel
 *   (có mã) {TransactionID, InvNo, RefDate, CancelReason} → cancels (again: still cancelled).
 * Every account is accepted except the password "sai-mat-khau", to try a refused sign-in.
 */
import { Hono } from 'hono';
import type { SimulatorContext, Simulator } from '../host';
import { authToken, cancel, certificates, download, requireToken, status, templates, type MeinvoiceWorld } from './handlers';
import { publish } from './publish';

export type SimInvoiceLine = {
  ItemCode: string;
  ItemName: string;
  UnitName: string;
  /** §14.4 "Số lô" and "Hạn sử dụng" (the day), as sent; null when the line carries none. */
  LotNo: string | null;
  ExpiryDate: string | null;
  Quantity: number;
  UnitPrice: number;
  Amount: number;
  DiscountAmount: number;
  AmountWithoutVAT: number;
  VATRateName: string;
  VATAmount: number;
};

export type SimInvoice = {
  RefID: string;
  TransactionID: string;
  TaxCode: string;
  InvTemplateNo: string;
  InvSeries: string;
  InvNo: string;
  InvDate: string;
  InvCode: string | null;
  SellerLegalName: string;
  SellerAddress: string;
  BuyerLegalName: string;
  BuyerTaxCode: string | null;
  BuyerAddress: string;
  PaymentMethodName: string;
  Lines: SimInvoiceLine[];
  TaxRateInfo: { VATRateName: string; AmountWithoutVATOC: number; VATAmountOC: number }[];
  TotalAmountWithoutVAT: number;
  TotalVATAmount: number;
  TotalAmount: number;
  TotalAmountInWords: string;
  ReferenceType: number;
  /** The original this one replaces or adjusts (found by OrgInvSeries + OrgInvNo). */
  OrgTransactionID: string | null;
  /** The reason of a replacement or adjustment (§10 InvoiceNote). */
  InvoiceNote: string | null;
  ReplacedBy: string | null;
  AdjustedBy: string | null;
  IsDelete: boolean;
  DeletedReason: string | null;
};

export function meinvoiceSimulator(
  context: SimulatorContext,
): Simulator & { invoices: () => SimInvoice[]; collideNext: (times: number) => void } {
  const world: MeinvoiceWorld = { tokens: new Map<string, string>(), invoices: [], numbers: new Map<string, number>(), collisions: 0 };
  const app = new Hono({ strict: false });

  app.post('/api/integration/auth/token', authToken(world));
  app.use('/api/integration/invoice/*', requireToken(world));
  app.use('/api/integration/invoice', requireToken(world));
  app.use('/api/v3/*', requireToken(world));
  app.get('/api/integration/invoice/templates', templates);
  app.get('/api/integration/invoice/get-certificates', certificates(world));
  app.post('/api/integration/invoice', publish(world));
  app.post('/api/integration/invoice/status', status(world));
  app.post('/api/integration/invoice/download', download(world));
  app.post('/api/v3/itg/invoicepublished/cancel', cancel(world, false));
  app.post('/api/v3/code/itg/invoicepublished/cancel', cancel(world, true));

  return {
    app,
    invoices: () => world.invoices,
    /** The next `times` publishes answer InvoiceNumberNotCotinuous, as two workstations numbering at once would. */
    collideNext: (times) => {
      world.collisions = times;
    },
    state: () => ({ baseUrl: context.baseUrl, invoices: world.invoices }),
    reset: () => {
      world.invoices = [];
      world.tokens.clear();
      world.numbers.clear();
      world.collisions = 0;
    },
  };
}
