/** Registration and e-mail verification calls (contract/auth-register.ts). */
import {
  registerPaths,
  type EmailVerification,
  type RegisterV2Input,
  type RegistrationDone,
  type RegistrationStarted,
} from '@contract/auth-register';
import { apiData, apiRequest } from '@/api/client';

export function startRegistration(input: RegisterV2Input): Promise<RegistrationStarted> {
  return apiData<RegistrationStarted>(registerPaths.registerV2, { body: input, auth: false });
}

export function resendRegistrationCode(accessToken: string): Promise<RegistrationStarted> {
  return apiData<RegistrationStarted>(registerPaths.resendOtpV2, { body: { access_token: accessToken }, auth: false });
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
