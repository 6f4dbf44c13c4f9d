/**
 * Password rules (OWASP ASVS 5.0 §6.2): at least 8 characters, up to 128, no composition rules,
 * refuse the most common passwords and the account's own phone number.
 */
import * as v from 'valibot';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

/** The commonest passwords seen in Vietnamese leaks and global top lists (lower-cased). */
const COMMON = new Set([
  '12345678',
  '123456789',
  '1234567890',
  '87654321',
  '11111111',
  '00000000',
  '88888888',
  '66666666',
  '12341234',
  '11223344',
  'password',
  'password1',
  'password123',
  'matkhau',
  'matkhau123',
  'qwertyui',
  'qwerty123',
  'iloveyou',
  'abc12345',
  'abcd1234',
  'admin123',
  'anhyeuem',
  'vietnam1',
  'zxcvbnm1',
  'a1234567',
  'aa123456',
  '123123123',
  '147258369',
  '123654789',
  '1q2w3e4r',
  '1qaz2wsx',
  'qwertyuiop',
]);

export function passwordProblem(password: string, phone?: string): string | null {
  if (password.length < PASSWORD_MIN) return `Mật khẩu phải có ít nhất ${PASSWORD_MIN} ký tự`;
  if (password.length > PASSWORD_MAX) return `Mật khẩu không được dài quá ${PASSWORD_MAX} ký tự`;
  if (COMMON.has(password.toLowerCase())) return 'Mật khẩu quá phổ biến, vui lòng chọn mật khẩu khác';
  if (phone && password.replace(/\D/g, '') === phone && /^\d+$/.test(password)) {
    return 'Mật khẩu không được trùng với số điện thoại';
  }
  return null;
}

/** A new password as the server accepts it (the phone check needs the account and runs later). */
export function newPasswordField(label = 'mật khẩu mới') {
  return v.pipe(
    v.string(`Mật khẩu phải là chuỗi ký tự`),
    v.nonEmpty(`Vui lòng nhập ${label}`),
    v.check(
      (value) => passwordProblem(value) === null,
      (issue) => passwordProblem(String(issue.input)) ?? '',
    ),
  );
}

/** A password being checked (login, current password): any non-empty string of sane length. */
export function existingPasswordField(label = 'mật khẩu') {
  return v.pipe(v.string('Mật khẩu phải là chuỗi ký tự'), v.nonEmpty(`Vui lòng nhập ${label}`), v.maxLength(1024, 'Mật khẩu không hợp lệ'));
}
