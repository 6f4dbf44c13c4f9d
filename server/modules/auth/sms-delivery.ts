/**
 * Codes to phones as SMS through eSMS.vn (SMS_PROVIDER=esms; server/lib/esms-client.ts). Sending
 * is a durable job (docs/integrations.md): the code travels to it sealed by the vault (never in
 * clear in the jobs table), the job's dedupe key and eSMS's RequestId are the code's id, so a retry
 * after a timeout or a lost answer is still one message. A code that has expired is not sent late.
 * E-mail codes go to the server log: no e-mail provider is connected yet (docs/accounts.md).
 */
import type { AppDeps } from '@server/kernel/app-types';
import { enqueueJob, PermanentJobError, type JobHandler } from '@server/kernel/jobs';
import { providerBaseUrl } from '@server/kernel/connections';
import { ESMS_HOSTS, sendEsmsSms } from '@server/lib/esms-client';
import { ProviderError } from '@server/lib/provider-http';
import { loggingSender, verificationText, type VerificationPurpose, type VerificationSender } from '@server/lib/verification-sender';

export const SMS_CODE_QUEUE = 'auth.sms-code';

type SmsCodePayload = { to: string; sealedCode: string; purpose: VerificationPurpose; requestId: string; expiresAt: string };

const sealContext = (requestId: string) => `verification-code:${requestId}`;

/** The sender the environment chooses when the process is not given one (tests give theirs). */
export function configuredSender(deps: AppDeps): VerificationSender {
  const logging = loggingSender(deps.logger);
  if (deps.env.smsProvider !== 'esms') return logging;
  return {
    async send(message) {
      if (message.channel !== 'sms') return logging.send(message);
      await enqueueJob(deps.db, {
        queue: SMS_CODE_QUEUE,
        dedupeKey: `sms-code:${message.requestId}`,
        maxAttempts: 4,
        payload: {
          to: message.to,
          sealedCode: deps.vault.seal(message.code, sealContext(message.requestId)),
          purpose: message.purpose,
          requestId: message.requestId,
          expiresAt: message.expiresAt.toISOString(),
        } satisfies SmsCodePayload,
      });
      deps.jobs.kick();
    },
  };
}

export const SMS_CODE_JOB: JobHandler<SmsCodePayload> = {
  queue: SMS_CODE_QUEUE,
  async run(job, deps) {
    const expiresAt = new Date(job.payload.expiresAt);
    if (expiresAt.getTime() <= Date.now()) return { skipped: 'expired' };
    const { esms } = deps.env;
    const baseUrl = providerBaseUrl(deps, { environment: esms.environment, provider: 'esms', settings: {} }, ESMS_HOSTS);
    const code = deps.vault.open(job.payload.sealedCode, sealContext(job.payload.requestId));
    try {
      return await sendEsmsSms(
        {
          baseUrl,
          apiKey: esms.apiKey,
          secretKey: esms.secretKey,
          brandname: esms.brandname,
          sandbox: esms.environment === 'sandbox',
          timeoutMs: deps.env.providerTimeoutMs,
        },
        {
          phone: job.payload.to,
          content: verificationText({ code, purpose: job.payload.purpose, expiresAt }),
          requestId: job.payload.requestId,
        },
      );
    } catch (error) {
      if (error instanceof ProviderError && !error.retryable) throw new PermanentJobError(error.message);
      throw error;
    }
  },
  async onDead(job, error, deps) {
    deps.logger.error(
      { event: 'sms_code_failed', to: job.payload.to, purpose: job.payload.purpose, reason: error.message },
      'Không gửi được mã xác minh qua SMS',
    );
  },
};
