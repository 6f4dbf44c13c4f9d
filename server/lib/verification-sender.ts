/**
 * Where forgot-password verification codes go. Production plugs in an SMS or Zalo ZNS sender;
 * development and tests use the logging sender, which writes the code to the server log.
 */
import type { Logger } from './logger';

export type VerificationSender = {
  sendResetCode: (phone: string, code: string) => Promise<void>;
};

export function loggingSender(logger: Logger): VerificationSender {
  return {
    async sendResetCode(phone, code) {
      logger.info({ event: 'verification_code', phone, code }, `Mã xác minh cho ${phone}: ${code}`);
    },
  };
}
