/**
 * Vietnamese tax codes (mã số thuế, MST) as the tax authority issues them (Thông tư 105/2020/TT-BTC
 * art. 5; since 01/07/2025 an individual's 12-digit personal identification number is their tax
 * code, Thông tư 86/2024/TT-BTC). One pure rule for every form and call that takes one: an
 * e-invoice's buyer, a company's registration.
 *
 * - 10 digits N1…N10 (an enterprise): N10 is the check digit,
 *   N10 = 10 − (31·N1 + 29·N2 + 23·N3 + 19·N4 + 17·N5 + 13·N6 + 7·N7 + 5·N8 + 3·N9) mod 11;
 *   a remainder that would give 10 is never issued.
 * - 10 digits, a hyphen and 3 digits (a dependent unit, branch "-001"…"-999"): the first ten as above.
 * - 12 digits (a person's identification number): the first three are the province of birth
 *   (001–096), no check digit.
 */

import * as v from 'valibot';

const WEIGHTS = [31, 29, 23, 19, 17, 13, 7, 5, 3] as const;

export type TaxCodeKind = 'enterprise' | 'branch' | 'personal';

/** The check digit of the first nine digits, or null when no tax code can have them (remainder 10). */
export function taxCodeCheckDigit(nineDigits: string): number | null {
  let sum = 0;
  for (let index = 0; index < 9; index += 1) sum += WEIGHTS[index]! * Number(nineDigits[index]);
  const digit = 10 - (sum % 11);
  // A remainder of 10 gives 0; a remainder of 0 would need a digit of 10, which is never issued.
  return digit === 10 ? null : digit;
}

/**
 * The code as stored: spaces and dots people type are dropped, the branch hyphen stays, and a
 * 13-digit branch code typed without its hyphen gets it (`0100109106001` → `0100109106-001`).
 */
export function normalizeTaxCode(value: string): string {
  const compact = value.replace(/[\s.]/g, '');
  return /^\d{13}$/.test(compact) ? `${compact.slice(0, 10)}-${compact.slice(10)}` : compact;
}

/** Why a tax code is refused (in Vietnamese), or null when it is one the tax authority could have issued. */
export function taxCodeProblem(value: string): string | null {
  const code = normalizeTaxCode(value);
  if (code === '') return 'Vui lòng nhập mã số thuế';
  if (/^\d{12}$/.test(code)) {
    const province = Number(code.slice(0, 3));
    return province >= 1 && province <= 96 ? null : 'Mã số thuế cá nhân (12 số) phải bắt đầu bằng mã tỉnh từ 001 đến 096';
  }
  const match = /^(\d{10})(-(\d{3}))?$/.exec(code);
  if (!match) return 'Mã số thuế gồm 10 chữ số, 10 chữ số và mã đơn vị phụ thuộc (0312345673-001) hoặc 12 chữ số';
  if (match[3] === '000') return 'Mã đơn vị phụ thuộc phải từ 001 đến 999';
  const digits = match[1]!;
  if (taxCodeCheckDigit(digits.slice(0, 9)) !== Number(digits[9])) return 'Mã số thuế không đúng (sai chữ số kiểm tra)';
  return null;
}

export function isValidTaxCode(value: string): boolean {
  return taxCodeProblem(value) === null;
}

export function taxCodeKind(value: string): TaxCodeKind | null {
  const code = normalizeTaxCode(value);
  if (!isValidTaxCode(code)) return null;
  return code.length === 12 ? 'personal' : code.includes('-') ? 'branch' : 'enterprise';
}

/**
 * A company's own tax code in a request (registering a company): trimmed, normalized, checked, and
 * an enterprise's or a branch's (a person's 12-digit code is for invoice buyers, not companies).
 */
export const companyTaxCodeField = v.pipe(
  v.string('Mã số thuế không hợp lệ'),
  v.maxLength(20, 'Mã số thuế không hợp lệ'),
  v.transform((value) => normalizeTaxCode(value)),
  v.check(
    (value) => taxCodeKind(value) === 'enterprise' || taxCodeKind(value) === 'branch',
    (issue) => taxCodeProblem(String(issue.input)) ?? 'Mã số thuế của doanh nghiệp gồm 10 chữ số, chi nhánh thêm 3 chữ số (0312345673-001)',
  ),
);
