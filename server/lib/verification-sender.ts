/**
 * Where one-time codes go (forgot password, registration, e-mail verification). The sender is
 * chosen once at start (server/server.ts): in development the logging sender writes the code to the
 * server log; with SMS_PROVIDER=esms phone codes go out as SMS through eSMS.vn
 * (server/modules/auth/sms-delivery.ts), and a Zalo ZNS sender may take phones first and fall back
 * to SMS. Tests capture the codes. Routes know only this interface.
 */
import type { Logger } from './logger';

export type VerificationPurpose = 'password_reset' | 'registration' | 'email';

export type VerificationMessage = {
  /** `sms` for a phone (0xxxxxxxxx), `email` for an address. */
  channel: 'sms' | 'email';
  to: string;
  code: string;
  purpose: VerificationPurpose;
  /** The code's row id: the provider's idempotency key, so a retried send is one message. */
  requestId: string;
  expiresAt: Date;
};

export type VerificationSender = {
  send: (message: VerificationMessage) => Promise<void>;
};

const PURPOSE_TEXT: Record<VerificationPurpose, string> = {
  password_reset: 'dat lai mat khau',
  registration: 'dang ky tai khoan',
  email: 'xac minh email',
};

/**
 * The text of the message. SMS without diacritics: a Unicode SMS holds 70 characters instead of
 * 160 and brandname templates are registered unaccented.
 */
export function verificationText(message: Pick<VerificationMessage, 'code' | 'purpose' | 'expiresAt'>, now = new Date()): string {
  const minutes = Math.max(1, Math.round((message.expiresAt.getTime() - now.getTime()) / 60_000));
  return `Ma xac minh ${PURPOSE_TEXT[message.purpose]} Sales Field cua ban la ${message.code}. Ma co hieu luc ${minutes} phut. Khong chia se ma nay cho bat ky ai.`;
}

export function loggingSender(logger: Logger): VerificationSender {
  return {
    async send(message) {
      logger.info(
        { event: 'verification_code', channel: message.channel, to: message.to, purpose: message.purpose, code: message.code },
        `Mã xác minh cho ${message.to}: ${message.code}`,
      );
    },
  };
}
