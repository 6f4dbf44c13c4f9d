/**
 * The VietQR of a package payment (docs/plans.md): the NAPAS 247 EMVCo payload of
 * contract/receivables-banks.ts (the one builder, also the orders' and collections' codes) for the
 * platform's account, the exact amount and the order code as the transfer content. Null when the
 * server has no account to pay into.
 */
import type { PackagePayment } from './plans';
import { vietQrPayload } from './receivables-banks';

export function packagePaymentQr(payment: PackagePayment): string | null {
  if (!payment.account) return null;
  return vietQrPayload({
    bin: payment.account.bank_bin,
    accountNumber: payment.account.account_number,
    amount: payment.amount,
    purpose: payment.reference,
  });
}
