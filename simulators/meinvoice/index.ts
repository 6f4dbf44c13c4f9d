/**
 * MISA meInvoice's integration API (docs/invoices.md; shapes as public clients call it, see
 * docs/provider-sources.md "MISA meInvoice"), under `/meinvoice/api/integration`:
 * - POST auth/token {appid, taxcode, username, password} → {success, data: token};
 * - GET invoice/templates → the account's templates and series;
 * - POST invoice {SignType, InvoiceData[]} → publishes; one invoice per RefID (a RefID sent again
 *   answers ErrorCode InvoiceDuplicated and publishes nothing);
 * - POST invoice/status?inputType=1|2 [TransactionID | RefID] → where each stands;
 * - POST invoice/download?downloadDataType=pdf|xml [TransactionID] → the files, base64;
 * - POST invoice/cancel {TransactionID, CancelReason} → cancels (again: still cancelled).
 * Every account is accepted except the password "sai-mat-khau", to try a refused sign-in.
 */
import { Hono } from 'hono';
import type { SimulatorContext, Simulator } from '../host';
import { authToken, cancel, download, publish, requireToken, status, templates, type MeinvoiceWorld } from './handlers';

export type SimInvoiceLine = {
  ItemCode: string;
  ItemName: string;
  UnitName: string;
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
  OrgTransactionID: string | null;
  ReplacedBy: string | null;
  IsDelete: boolean;
  DeletedReason: string | null;
};

export function meinvoiceSimulator(context: SimulatorContext): Simulator & { invoices: () => SimInvoice[] } {
  const world: MeinvoiceWorld = { tokens: new Map<string, string>(), invoices: [], numbers: new Map<string, number>() };
  const app = new Hono({ strict: false });

  app.post('/api/integration/auth/token', authToken(world));
  app.use('/api/integration/invoice/*', requireToken(world));
  app.use('/api/integration/invoice', requireToken(world));
  app.get('/api/integration/invoice/templates', templates);
  app.post('/api/integration/invoice', publish(world));
  app.post('/api/integration/invoice/status', status(world));
  app.post('/api/integration/invoice/download', download(world));
  app.post('/api/integration/invoice/cancel', cancel(world));

  return {
    app,
    invoices: () => world.invoices,
    state: () => ({ baseUrl: context.baseUrl, invoices: world.invoices }),
    reset: () => {
      world.invoices = [];
      world.tokens.clear();
      world.numbers.clear();
    },
  };
}
