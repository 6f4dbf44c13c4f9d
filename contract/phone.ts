/**
 * Vietnamese mobile numbers: ten digits starting 03, 05, 07, 08 or 09 (after the 2018 renumbering).
 * People type them with spaces, dots or a +84 prefix; we store the plain 0xxxxxxxxx form.
 */
import * as v from 'valibot';

const MOBILE = /^0[35789]\d{8}$/;

export function normalizePhone(input: string): string {
  const digits = input.replace(/[\s.\-()]/g, '');
  if (digits.startsWith('+84')) return `0${digits.slice(3)}`;
  if (digits.startsWith('84') && digits.length === 11) return `0${digits.slice(2)}`;
  return digits;
}

export function isValidPhone(input: string): boolean {
  return MOBILE.test(normalizePhone(input));
}

export const PHONE_INVALID = 'Số điện thoại không hợp lệ';

export const phoneField = v.pipe(
  v.string('Số điện thoại phải là chuỗi ký tự'),
  v.trim(),
  v.nonEmpty('Vui lòng nhập số điện thoại'),
  v.maxLength(20, PHONE_INVALID),
  v.transform(normalizePhone),
  v.regex(MOBILE, PHONE_INVALID),
);
