/**
 * The Vietnamese tax code (mã số thuế, MST) of a business, checked by its own check digit, so a
 * mistyped digit is caught where it is typed, offline, before anything asks the tax authority.
 *
 * Thông tư 105/2020/TT-BTC, Phụ lục: an enterprise's code has 10 digits N1…N10, N1N2 the province
 * block, N10 the check digit: N10 = 10 − ((31·N1 + 29·N2 + 23·N3 + 19·N4 + 17·N5 + 13·N6 + 7·N7 +
 * 5·N8 + 3·N9) mod 11); a sum whose remainder is 0 would need the check "10" and is never issued.
 * A dependent unit (branch) has the parent's 10 digits, a hyphen and three digits 001–999. The
 * check says whether the number is consistent, not whether the business exists or still operates.
 *
 * Used by company registration (contract/company.ts) and, later, invoice buyers.
 */
import * as v from 'valibot';

const WEIGHTS = [31, 29, 23, 19, 17, 13, 7, 5, 3] as const;

export const TAX_CODE_INVALID = 'Mã số thuế không hợp lệ';

/** The check digit of a 10-digit code's first nine digits, or null when no code has them (remainder 0). */
export function taxCodeCheckDigit(firstNine: string): number | null {
  if (!/^\d{9}$/.test(firstNine)) return null;
  let sum = 0;
  for (let index = 0; index < 9; index += 1) sum += WEIGHTS[index]! * Number(firstNine[index]);
  const check = 10 - (sum % 11);
  return check === 10 ? null : check;
}

/**
 * The code as stored: digits only for an enterprise (`0100109106`), the branch after a hyphen
 * (`0100109106-001`). People type spaces, dots and a 13-digit branch code without its hyphen.
 */
export function normalizeTaxCode(input: string): string {
  const compact = input.replace(/[\s.]/g, '');
  if (/^\d{13}$/.test(compact)) return `${compact.slice(0, 10)}-${compact.slice(10)}`;
  return compact;
}

/** What is wrong with a tax code (normalized first), or null when it is a well-formed code. */
export function taxCodeProblem(input: string): string | null {
  const code = normalizeTaxCode(input);
  const match = /^(\d{10})(?:-(\d{3}))?$/.exec(code);
  if (!match) return 'Mã số thuế gồm 10 chữ số, chi nhánh thêm 3 chữ số (0100109106-001)';
  const [, main, branch] = match;
  if (branch === '000') return 'Mã chi nhánh phải từ 001 đến 999';
  if (taxCodeCheckDigit(main!.slice(0, 9)) !== Number(main![9])) return `${TAX_CODE_INVALID}: sai chữ số kiểm tra, vui lòng kiểm tra lại`;
  return null;
}

export function isValidTaxCode(input: string): boolean {
  return taxCodeProblem(input) === null;
}

/** A required tax code in a request: trimmed, normalized, checked. */
export const taxCodeField = v.pipe(
  v.string(`${TAX_CODE_INVALID}`),
  v.trim(),
  v.nonEmpty('Vui lòng nhập mã số thuế'),
  v.maxLength(20, TAX_CODE_INVALID),
  v.transform(normalizeTaxCode),
  v.check(
    (value) => taxCodeProblem(value) === null,
    (issue) => taxCodeProblem(String(issue.input)) ?? TAX_CODE_INVALID,
  ),
);
