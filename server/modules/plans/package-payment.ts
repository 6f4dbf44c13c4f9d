/**
 * How a company pays its pending package order (docs/plans.md): the platform's account from the
 * settings (server/kernel/platform-bank.ts), the exact amount and the transfer content, the order's
 * code, which the system administrator looks for on the statement before confirming
 * (adminconfirmorder/). Without a configured account the answer says so and shows none.
 */
import type { CompanyPlan, PackagePayment } from '@contract/plans';
import type { PlatformBank } from '@server/kernel/platform-bank';

export const PAYMENT_ACCOUNT_MISSING =
  'Hệ thống chưa cấu hình tài khoản nhận thanh toán. Vui lòng liên hệ quản trị hệ thống để được hướng dẫn chuyển khoản.';

export function packagePayment(orders: CompanyPlan['orders'], bank: PlatformBank | null): PackagePayment | null {
  const pending = orders.find((entry) => entry.status === 'pending');
  if (!pending) return null;
  return {
    order_code: pending.code,
    amount: pending.total,
    reference: pending.code,
    account: bank && {
      bank_bin: bank.bin,
      bank_name: bank.bankName,
      account_number: bank.accountNumber,
      account_name: bank.holder,
      is_demo: bank.isDemo,
    },
    problem: bank ? null : PAYMENT_ACCOUNT_MISSING,
  };
}
