/**
 * The platform's own bank account, where companies pay for their service package
 * (docs/plans.md): PLATFORM_BANK_BIN (the bank's NAPAS BIN), PLATFORM_BANK_ACCOUNT, PLATFORM_BANK_HOLDER and
 * optionally PLATFORM_BANK_NAME (else the bank's short name from the NAPAS list). Read once at start
 * (server/kernel/env.ts). Outside production, or with the demo data, an account clearly marked as a
 * demo one stands in when none is set; a production start without one has none, says so in its log
 * (server/server.ts) and the package page says so instead of showing an account.
 */
import { accountNumberProblem, bankByBin, holderName } from '@contract/receivables-banks';

export type PlatformBank = {
  bin: string;
  bankName: string;
  accountNumber: string;
  holder: string;
  /** The stand-in of development and the demo: not an account anyone can pay into. */
  isDemo: boolean;
};

/** The demo stand-in: Vietcombank's BIN with an all-zero number and a holder saying it is a demo. */
export const DEMO_PLATFORM_BANK: PlatformBank = {
  bin: '970436',
  bankName: 'Vietcombank',
  accountNumber: '0000000000',
  holder: 'TAI KHOAN DEMO KHONG CHUYEN TIEN',
  isDemo: true,
};

export const PLATFORM_BANK_MISSING =
  'Chưa cấu hình tài khoản nhận thanh toán gói dịch vụ (PLATFORM_BANK_BIN, PLATFORM_BANK_ACCOUNT, PLATFORM_BANK_HOLDER)';

/** The account the settings name, the demo one when none is named and `demoAllowed`, else null; a half or wrong setting throws. */
export function platformBankFrom(source: Record<string, string | undefined>, demoAllowed: boolean): PlatformBank | null {
  const bin = source.PLATFORM_BANK_BIN?.trim() ?? '';
  const accountNumber = (source.PLATFORM_BANK_ACCOUNT ?? '').replace(/[\s.-]/g, '');
  const holder = source.PLATFORM_BANK_HOLDER?.trim() ?? '';
  if (!bin && !accountNumber && !holder) return demoAllowed ? DEMO_PLATFORM_BANK : null;
  if (!bin || !accountNumber || !holder)
    throw new Error('PLATFORM_BANK_BIN, PLATFORM_BANK_ACCOUNT and PLATFORM_BANK_HOLDER must be set together');
  const bank = bankByBin(bin);
  if (!bank) throw new Error(`PLATFORM_BANK_BIN "${bin}" is not a bank of the NAPAS list`);
  const problem = accountNumberProblem(accountNumber);
  if (problem) throw new Error(`PLATFORM_BANK_ACCOUNT: ${problem}`);
  return { bin, bankName: source.PLATFORM_BANK_NAME?.trim() || bank.short_name, accountNumber, holder: holderName(holder), isDemo: false };
}
