/**
 * Registration (product-spec.md §2 "Registration exists with a second version including an OTP
 * step", §5 texts, §7 calls) and e-mail verification: request schemas, answers and paths.
 *
 * V2: register-v2 (the form) answers a registration access token and sends a code to the phone;
 * resend-otp-v2 sends a new one (a minute apart, 10 a day); verify-v2 with the code makes the
 * account and signs it in. registeraccount is the first version's form (no confirmation field),
 * confirmed the same way. No account exists before its phone is proven (docs/accounts.md).
 */
import * as v from 'valibot';
import { newPasswordField } from './auth-password';
import { normalizePhone } from './phone';
import { challengeField } from './auth-challenge';
import { bodyObject } from './validation';
import type { LoginAnswer } from './auth';

export const REGISTER_TEXTS = {
  required: 'Bạn cần điền vào mục này',
  phoneInvalid: 'Tên tài khoản không hợp lệ',
  fullNameRequired: 'Vui lòng nhập họ và tên.',
  emailInvalid: 'Email không hợp lệ',
  passwordMismatch: 'Mật khẩu không trùng khớp',
  otpInvalid: 'Mã OTP không đúng hoặc đã hết hạn',
  /** An invalid registration access token (spec §5 "Registration step V2"). */
  tokenInvalid: 'Số tài khoản không hợp lệ. Vui lòng kiểm tra lại.',
  phoneTaken: 'Số điện thoại này đã có tài khoản. Vui lòng đăng nhập, hoặc dùng "Quên mật khẩu" nếu không nhớ mật khẩu.',
} as const;

/** Seconds between two codes for one phone, shown as the resend countdown (server/modules/auth/throttle.ts). */
export const OTP_RESEND_SECONDS = 60;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isEmail(value: string): boolean {
  return EMAIL.test(value);
}

const requiredString = (message: string = REGISTER_TEXTS.required) => v.pipe(v.string(message), v.trim(), v.nonEmpty(message));

/** The account name is the mobile number (spec "Tên tài khoản"). */
const registerPhoneField = v.pipe(
  requiredString(),
  v.maxLength(20, REGISTER_TEXTS.phoneInvalid),
  v.transform(normalizePhone),
  v.regex(/^0[35789]\d{8}$/, REGISTER_TEXTS.phoneInvalid),
);

const fullNameField = v.pipe(requiredString(REGISTER_TEXTS.fullNameRequired), v.maxLength(120, 'Họ và tên không được dài quá 120 ký tự'));

export const optionalEmailField = v.pipe(
  v.optional(v.nullable(v.string(REGISTER_TEXTS.emailInvalid)), null),
  v.transform((value) => (value == null || value.trim() === '' ? null : value.trim().toLowerCase())),
  v.check((value) => value == null || (value.length <= 255 && isEmail(value)), REGISTER_TEXTS.emailInvalid),
);

const registrationFields = {
  phone: registerPhoneField,
  full_name: fullNameField,
  email: optionalEmailField,
  password: newPasswordField('mật khẩu'),
  /** A solved proof-of-work challenge, asked for past a threshold (contract/auth-challenge.ts). */
  challenge: challengeField,
};

/** The first version's form: no confirmation field. */
export const RegisterAccountSchema = bodyObject(registrationFields);

export const RegisterV2Schema = v.pipe(
  bodyObject({ ...registrationFields, password_confirm: v.pipe(v.string(REGISTER_TEXTS.required), v.nonEmpty(REGISTER_TEXTS.required)) }),
  v.forward(
    v.check((input) => input.password === input.password_confirm, REGISTER_TEXTS.passwordMismatch),
    ['password_confirm'],
  ),
);
export type RegisterV2Input = v.InferInput<typeof RegisterV2Schema>;

const registrationToken = v.pipe(
  v.string(REGISTER_TEXTS.tokenInvalid),
  v.nonEmpty(REGISTER_TEXTS.tokenInvalid),
  v.maxLength(128, REGISTER_TEXTS.tokenInvalid),
);

const otpField = v.pipe(v.string(REGISTER_TEXTS.otpInvalid), v.trim(), v.regex(/^\d{6}$/, 'Mã OTP gồm 6 chữ số'));

export const ResendOtpSchema = bodyObject({ access_token: registrationToken, challenge: challengeField });
export const VerifyV2Schema = bodyObject({ access_token: registrationToken, otp: otpField });

/** What register-v2, registeraccount and resend-otp-v2 answer. */
export type RegistrationStarted = {
  /** The registration's access token: resend-otp-v2 and verify-v2 take it. */
  access_token: string;
  /** The phone the code went to, partly hidden (09•••••567). */
  phone_hint: string;
  /** When the code stops working (ISO). */
  otp_expires_at: string;
  /** Seconds before another code may be asked for. */
  resend_after: number;
};

/** verify-v2: the new account, signed in (the refresh token in its cookie, as at sign-in). */
export type RegistrationDone = LoginAnswer;

export function phoneHint(phone: string): string {
  return `${phone.slice(0, 2)}•••••${phone.slice(-3)}`;
}

/** E-mail verification of the signed-in account: POST sends a code, PUT confirms it. */
export const SendEmailCodeSchema = bodyObject({ email: optionalEmailField });
export const ConfirmEmailSchema = bodyObject({ email: optionalEmailField, otp: otpField });

export type EmailVerification = { email: string; email_verified: boolean };

export const registerPaths = {
  registerAccount: '/account/api/registeraccount/',
  registerV2: '/account/api/register-v2',
  resendOtpV2: '/account/api/resend-otp-v2',
  verifyV2: '/account/api/verify-v2',
  verifyEmail: '/account/api/verifyemail/',
} as const;
