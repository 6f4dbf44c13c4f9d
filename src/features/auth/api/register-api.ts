/** Registration and e-mail verification calls (contract/auth-register.ts). */
import {
  registerPaths,
  type EmailVerification,
  type RegisterV2Input,
  type RegistrationDone,
  type RegistrationStarted,
} from '@contract/auth-register';
import { apiData, apiRequest } from '@/api/client';
import { withChallenge } from './otp-challenge';

/** Both calls send a code by SMS: a challenge the server asks for is solved and the request sent again (./otp-challenge.ts). */
export function startRegistration(input: RegisterV2Input, onVerifying?: (verifying: boolean) => void): Promise<RegistrationStarted> {
  return withChallenge(
    (challenge) => apiData<RegistrationStarted>(registerPaths.registerV2, { body: { ...input, challenge }, auth: false }),
    onVerifying,
  );
}

export function resendRegistrationCode(accessToken: string, onVerifying?: (verifying: boolean) => void): Promise<RegistrationStarted> {
  return withChallenge(
    (challenge) => apiData<RegistrationStarted>(registerPaths.resendOtpV2, { body: { access_token: accessToken, challenge }, auth: false }),
    onVerifying,
  );
}

export function verifyRegistration(accessToken: string, otp: string): Promise<RegistrationDone> {
  return apiData<RegistrationDone>(registerPaths.verifyV2, { body: { access_token: accessToken, otp }, auth: false });
}

export async function sendEmailCode(email: string | null): Promise<string | undefined> {
  return (await apiRequest<EmailVerification>(registerPaths.verifyEmail, { body: { email } })).message;
}

export function confirmEmail(email: string | null, otp: string): Promise<EmailVerification> {
  return apiData<EmailVerification>(registerPaths.verifyEmail, { method: 'PUT', body: { email, otp } });
}
