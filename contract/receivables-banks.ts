/**
 * Banks and VietQR (the spec's bank/api: bank, checkcard, card; docs/receivables.md "Banks"): the
 * Vietnamese banks with their NAPAS BIN from the kept package vietnam-qr-pay (research
 * integrations.md §2), the checks an account number passes before it is saved, the company's
 * accounts, and the NAPAS EMVCo payload a banking app scans to pay an order (built here, no outside
 * call). The purpose is stripped to short ASCII: the library counts characters where the CRC counts
 * UTF-8 bytes, so diacritics would make a payload some banks refuse.
 */
import * as v from 'valibot';
import { BanksObject, QRPay } from 'vietnam-qr-pay';
import { fold } from './fold';
import { bodyObject, companyBodyField, optionalText, requiredText } from './validation';

export type BankRecord = { bin: string; code: string; short_name: string; name: string; viet_qr: boolean };

export const BANKS: readonly BankRecord[] = Object.values(BanksObject)
  .map((bank) => ({ bin: bank.bin, code: bank.code, short_name: bank.shortName, name: bank.name, viet_qr: bank.vietQRStatus === 1 }))
  .sort((a, b) => a.short_name.localeCompare(b.short_name));

export function bankByBin(bin: string): BankRecord | undefined {
  return BANKS.find((bank) => bank.bin === bin);
}

/** Why an account number cannot be one (digits only, 6 to 19 of them); null when it can. */
export function accountNumberProblem(accountNumber: string): string | null {
  if (!/^\d+$/.test(accountNumber)) return 'Số tài khoản chỉ gồm chữ số';
  if (accountNumber.length < 6 || accountNumber.length > 19) return 'Số tài khoản có từ 6 đến 19 chữ số';
  return null;
}

/** The holder's name as banks print it: upper case without diacritics (NGUYEN VAN AN). */
export function holderName(name: string): string {
  return fold(name).toUpperCase();
}

/** A transfer's purpose a payload may carry: ASCII letters, digits and spaces, at most 25. */
export function qrPurpose(text: string): string {
  return fold(text)
    .toUpperCase()
    .replace(/[^A-Z0-9 ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 25)
    .trim();
}

/** The VietQR payload (NAPAS 247, EMVCo) for a transfer of `amount` đồng to the account. */
export function vietQrPayload(input: { bin: string; accountNumber: string; amount: number; purpose: string }): string {
  return QRPay.initVietQR({
    bankBin: input.bin,
    bankNumber: input.accountNumber,
    amount: input.amount > 0 ? String(Math.round(input.amount)) : undefined,
    purpose: qrPurpose(input.purpose) || undefined,
  }).build();
}

export type BankAccountRecord = {
  id: number;
  company: number;
  bank_bin: string;
  bank_code: string;
  bank_name: string;
  account_number: string;
  account_name: string;
  branch: string | null;
  is_default: boolean;
};

const binField = v.pipe(
  v.string('Vui lòng chọn ngân hàng'),
  v.check((bin) => bankByBin(bin) !== undefined, 'Ngân hàng không có trong danh sách NAPAS'),
);
const accountNumberField = v.pipe(
  v.string('Số tài khoản không hợp lệ'),
  v.transform((text) => text.replace(/[\s.-]/g, '')),
  v.check(
    (text) => accountNumberProblem(text) === null,
    (issue) => accountNumberProblem(String(issue.input)) ?? 'Số tài khoản không hợp lệ',
  ),
);

export const CheckCardSchema = bodyObject({ bank_bin: binField, account_number: accountNumberField });

export const BankAccountSchema = bodyObject({
  company: companyBodyField,
  bank_bin: binField,
  account_number: accountNumberField,
  account_name: v.pipe(requiredText('tên chủ tài khoản', 100), v.transform(holderName)),
  branch: optionalText('chi nhánh', 100),
  is_default: v.optional(v.boolean('Mặc định phải là đúng hoặc sai'), false),
});

export const bankPaths = {
  banks: '/bank/api/bank/',
  checkCard: '/bank/api/checkcard/',
  cards: '/bank/api/card/',
  card: (id: number) => `/bank/api/card/${id}/`,
} as const;
