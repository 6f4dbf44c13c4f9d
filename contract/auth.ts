/** Sign-in, session and account calls: request schemas and answer shapes. */
import * as v from 'valibot';
import type { Membership } from './company';
import { existingPasswordField, newPasswordField } from './auth-password';
import { challengeField } from './auth-challenge';
import { phoneField } from './phone';
import { bodyObject, optionalText, requiredText } from './validation';
import { AddressSchema, type Address } from './address';

export const ACCOUNT_TYPES = {
  SYSTEM: 'SYSTEM',
  COMPANY: 'COMPANY',
} as const;
export type AccountTypeCode = (typeof ACCOUNT_TYPES)[keyof typeof ACCOUNT_TYPES];

export type Account = {
  id: number;
  phone: string;
  full_name: string;
  email: string | null;
  /** The account proved it reads `email` (verifyemail). */
  email_verified?: boolean;
  address: string | null;
  birthday: string | null;
  gender: string | null;
  /** The address by administrative units (address/{id}/); absent on copies stored before it existed. */
  address_data?: Address | null;
  /** An API path (below /api) of the person's picture, fetched with the token; null: none. */
  avatar_url?: string | null;
  account_type_data: { code: string; title: string };
  company_data: Membership[];
};

/**
 * What sign-in and refresh answer: the short-lived access token. The refresh token travels only in
 * its HttpOnly cookie, where page scripts cannot read it (docs/security.md).
 */
export type RefreshAnswer = { access: string };
export type LoginAnswer = RefreshAnswer & { account: Account };

export const LoginSchema = bodyObject({
  phone: phoneField,
  password: existingPasswordField(),
  /** Keep the session across browser restarts ("Ghi nhớ mật khẩu"). */
  remember: v.optional(v.boolean('Giá trị ghi nhớ phải là true hoặc false'), true),
});

/**
 * The refresh token comes in the HttpOnly cookie (docs/architecture.md "Auth and session"); a
 * client that holds it otherwise may still send it in the body (product-spec.md §7).
 */
export const RefreshSchema = v.object(
  { refresh: v.optional(v.pipe(v.string('Mã làm mới phiên không hợp lệ'), v.maxLength(512, 'Mã làm mới phiên không hợp lệ'))) },
  'Dữ liệu gửi lên phải là một đối tượng JSON',
);

export const ChangePasswordSchema = bodyObject({
  old_password: existingPasswordField('mật khẩu hiện tại'),
  new_password: newPasswordField(),
});

/** `challenge`: a solved proof-of-work challenge, asked for past a threshold (contract/auth-challenge.ts). */
// Pure: the page never parses it, so its bundle leaves it (and the challenge's schema) out.
export const ForgotPasswordSchema = /* @__PURE__ */ bodyObject({ phone: phoneField, challenge: challengeField });

export const VerifyForgotSchema = bodyObject({
  phone: phoneField,
  code: v.pipe(v.string('Mã xác minh không hợp lệ'), v.trim(), v.regex(/^\d{6}$/, 'Mã xác minh gồm 6 chữ số')),
});

export const ResetPasswordSchema = bodyObject({
  reset_token: v.pipe(
    v.string('Mã đặt lại mật khẩu không hợp lệ'),
    v.nonEmpty('Vui lòng nhập mã đặt lại mật khẩu'),
    v.maxLength(512, 'Mã đặt lại mật khẩu không hợp lệ'),
  ),
  new_password: newPasswordField(),
});

export const CheckPhoneSchema = bodyObject({ phone: phoneField });
/** checkphone/ answers this for every well-formed phone: whether it has an account is not said. */
export const CHECK_PHONE_MESSAGE = 'Số điện thoại hợp lệ. Mã xác minh sẽ được gửi đến số này khi đăng ký';

export const GENDERS = ['Nam', 'Nữ', 'Khác'] as const;

export const UpdateAccountSchema = bodyObject({
  full_name: v.optional(requiredText('họ và tên', 120)),
  email: v.pipe(
    optionalText('email', 255),
    v.check((value) => value == null || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value), 'Email không hợp lệ'),
  ),
  address: optionalText('địa chỉ', 500),
  birthday: v.pipe(
    optionalText('ngày sinh', 10),
    v.check((value) => value == null || /^\d{4}-\d{2}-\d{2}$/.test(value), 'Ngày sinh không hợp lệ (YYYY-MM-DD)'),
  ),
  gender: v.optional(v.nullable(v.picklist(GENDERS, 'Giới tính không hợp lệ')), null),
});
export type UpdateAccountInput = v.InferInput<typeof UpdateAccountSchema>;

/** PUT address/{id}/: one's address by administrative units (the one-line `address` follows it). */
export const AccountAddressSchema = bodyObject({ address: AddressSchema });

/** An avatar: JPEG, PNG or WebP of at most 2 MB, checked like product images (contract/products-files.ts). */
export const MAX_AVATAR_BYTES = 2 * 1024 * 1024;
