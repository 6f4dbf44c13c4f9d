import fc from 'fast-check';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { isValidTaxCode, normalizeTaxCode, taxCodeCheckDigit, taxCodeField, taxCodeProblem } from './tax-code';

describe('the tax code check digit (Thông tư 105/2020/TT-BTC)', () => {
  it('accepts codes of real businesses', () => {
    // Viettel, Vinamilk, FPT: published on their invoices.
    for (const code of ['0100109106', '0300588569', '0101248141']) expect(taxCodeProblem(code)).toBeNull();
  });

  it('refuses any one digit changed, and names the check digit', () => {
    for (let position = 0; position < 10; position += 1) {
      const digits = '0100109106'.split('');
      digits[position] = String((Number(digits[position]) + 1) % 10);
      expect(isValidTaxCode(digits.join(''))).toBe(false);
    }
    expect(taxCodeProblem('0100109107')).toBe('Mã số thuế không hợp lệ: sai chữ số kiểm tra, vui lòng kiểm tra lại');
  });

  it('catches every single-digit typo and every swap of two neighbouring different digits', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{9}$/), fc.integer({ min: 0, max: 9 }), fc.integer({ min: 1, max: 9 }), (nine, position, shift) => {
        const check = taxCodeCheckDigit(nine);
        fc.pre(check !== null);
        const code = `${nine}${check}`;
        expect(isValidTaxCode(code)).toBe(true);
        const typo = code.split('');
        typo[position] = String((Number(typo[position]) + shift) % 10);
        expect(isValidTaxCode(typo.join(''))).toBe(false);
        if (position < 8 && code[position] !== code[position + 1]) {
          const swapped = code.split('');
          [swapped[position], swapped[position + 1]] = [swapped[position + 1]!, swapped[position]!];
          expect(isValidTaxCode(swapped.join(''))).toBe(false);
        }
      }),
    );
  });

  it('has no code whose weighted sum leaves remainder 0 (the check would be 10)', () => {
    // 010987654: 29 + 23·0 + … sums to a multiple of 11.
    expect(taxCodeCheckDigit('010987654')).toBeNull();
    for (let last = 0; last <= 9; last += 1) expect(isValidTaxCode(`010987654${last}`)).toBe(false);
  });

  it('takes branches with their three digits, typed with or without the hyphen, but not 000', () => {
    expect(taxCodeProblem('0100109106-001')).toBeNull();
    expect(normalizeTaxCode('0100109106001')).toBe('0100109106-001');
    expect(normalizeTaxCode(' 0100 109 106 ')).toBe('0100109106');
    expect(taxCodeProblem('0100109106-000')).toBe('Mã chi nhánh phải từ 001 đến 999');
    expect(taxCodeProblem('0100109107-001')).not.toBeNull();
  });

  it('refuses what is not a tax code with what one looks like', () => {
    for (const input of ['', '12345', '01001091060', 'MST0100109106', '0100109106-01']) {
      expect(taxCodeProblem(input)).toBe('Mã số thuế gồm 10 chữ số, chi nhánh thêm 3 chữ số (0100109106-001)');
    }
  });

  it('is a request field that stores the normalized code and explains a refusal', () => {
    expect(v.parse(taxCodeField, ' 0100109106001 ')).toBe('0100109106-001');
    const refused = v.safeParse(taxCodeField, '0100109107');
    expect(refused.success).toBe(false);
    expect(refused.issues?.[0]?.message).toBe('Mã số thuế không hợp lệ: sai chữ số kiểm tra, vui lòng kiểm tra lại');
    expect(v.safeParse(taxCodeField, '  ').issues?.[0]?.message).toBe('Vui lòng nhập mã số thuế');
  });
});
