/**
 * Registration with a code sent to the phone (contract/auth-register.ts) and e-mail verification.
 *
 * No account exists before its phone is proven: the form is kept as a registration (the password
 * already hashed) and the account is made from it by verify-v2. Until the code is verified the
 * answers are the same whether the phone has an account or not (docs/security.md: checkphone
 * defers that to registration); after it, the person who holds the phone is told, and nothing is
 * made. Codes are the shared one-time codes (./verification-codes.ts), asked for under the
 * forgot-password limits (./throttle.ts codeRequestLimits: a minute apart and 10 a day per phone,
 * 10 per 15 minutes per address), past a threshold only with a solved challenge (./otp-challenge.ts).
 */
import crypto from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import type * as v from 'valibot';
import {
  ConfirmEmailSchema,
  OTP_RESEND_SECONDS,
  phoneHint,
  REGISTER_TEXTS,
  RegisterAccountSchema,
  RegisterV2Schema,
  ResendOtpSchema,
  SendEmailCodeSchema,
  VerifyV2Schema,
  type EmailVerification,
  type RegistrationDone,
  type RegistrationStarted,
} from '@contract/auth-register';
import { passwordProblem } from '@contract/auth-password';
import type { AppDeps, AppEnv } from '@server/kernel/app-types';
import { authenticate } from '@server/kernel/authenticate';
import { accounts, accountTypes, registrations } from '@server/kernel/db/schema';
import { badRequest, HttpError, unauthorized } from '@server/kernel/errors';
import { created, ok } from '@server/kernel/respond';
import { parseBody } from '@server/kernel/validate';
import { clientIp } from '@server/lib/client-ip';
import { hashPassword } from '@server/lib/passwords';
import { randomToken, sha256 } from '@server/lib/tokens';
import { takePhoneCodeRequest } from './otp-challenge';
import { signIn } from './sessions';
import { takeCodeRequest } from './throttle';
import { consumeCode, invalidCode, sendCode, type IssuedCode } from './verification-codes';

/** How long a registration waits for its code (several resends fit in it). */
const REGISTRATION_TTL_MS = 30 * 60 * 1000;

const tokenInvalid = () =>
  badRequest('REGISTRATION_TOKEN_INVALID', REGISTER_TEXTS.tokenInvalid, { access_token: REGISTER_TEXTS.tokenInvalid });

function started(token: string, phone: string, issued: IssuedCode): RegistrationStarted {
  return {
    access_token: token,
    phone_hint: phoneHint(phone),
    otp_expires_at: issued.expiresAt.toISOString(),
    resend_after: OTP_RESEND_SECONDS,
  };
}

export function registrationRoutes(deps: AppDeps) {
  const { db, env } = deps;
  const app = new Hono<AppEnv>({ strict: false });

  async function startRegistration(c: Context, input: v.InferOutput<typeof RegisterAccountSchema>) {
    const problem = passwordProblem(input.password, input.phone);
    if (problem) throw badRequest('WEAK_PASSWORD', problem, { password: problem });
    await takePhoneCodeRequest(deps, clientIp(c, env.proxyHops), input.phone, input.challenge);
    const token = randomToken();
    const id = crypto.randomUUID();
    await db.insert(registrations).values({
      id,
      tokenHash: sha256(token),
      phone: input.phone,
      fullName: input.full_name,
      email: input.email,
      passwordHash: await hashPassword(input.password, env.scryptLogN),
      expiresAt: new Date(Date.now() + REGISTRATION_TTL_MS),
    });
    const issued = await sendCode(deps, { channel: 'sms', to: input.phone, subject: id, purpose: 'registration' });
    return created<RegistrationStarted>(c, started(token, input.phone, issued), `Mã OTP đã được gửi đến số ${phoneHint(input.phone)}`);
  }

  /** The registration a token names, while it waits for its code; refused with the spec's text otherwise. */
  async function openRegistration(token: string) {
    const [registration] = await db
      .select()
      .from(registrations)
      .where(and(eq(registrations.tokenHash, sha256(token)), isNull(registrations.completedAt), gt(registrations.expiresAt, new Date())));
    if (!registration) throw tokenInvalid();
    return registration;
  }

  app.post('/registeraccount', async (c) => startRegistration(c, await parseBody(c, RegisterAccountSchema)));
  app.post('/register-v2', async (c) => startRegistration(c, await parseBody(c, RegisterV2Schema)));

  app.post('/resend-otp-v2', async (c) => {
    const { access_token, challenge } = await parseBody(c, ResendOtpSchema);
    const registration = await openRegistration(access_token);
    await takePhoneCodeRequest(deps, clientIp(c, env.proxyHops), registration.phone, challenge);
    const issued = await sendCode(deps, { channel: 'sms', to: registration.phone, subject: registration.id, purpose: 'registration' });
    return ok<RegistrationStarted>(c, started(access_token, registration.phone, issued), {
      message: `Đã gửi lại mã OTP đến số ${phoneHint(registration.phone)}`,
    });
  });

  app.post('/verify-v2', async (c) => {
    const { access_token, otp } = await parseBody(c, VerifyV2Schema);
    const registration = await openRegistration(access_token);
    if (!(await consumeCode(db, 'registration', registration.id, otp))) throw invalidCode('otp');
    const accountId = await db.transaction(async (tx) => {
      const [closed] = await tx
        .update(registrations)
        .set({ completedAt: new Date() })
        .where(and(eq(registrations.id, registration.id), isNull(registrations.completedAt)))
        .returning({ id: registrations.id });
      if (!closed) throw tokenInvalid();
      const [type] = await tx.select({ id: accountTypes.id }).from(accountTypes).where(eq(accountTypes.code, 'COMPANY'));
      const [account] = await tx
        .insert(accounts)
        .values({
          phone: registration.phone,
          passwordHash: registration.passwordHash,
          fullName: registration.fullName,
          email: registration.email,
          accountTypeId: type!.id,
        })
        .onConflictDoNothing({ target: accounts.phone })
        .returning({ id: accounts.id });
      if (account) await tx.update(registrations).set({ accountId: account.id }).where(eq(registrations.id, registration.id));
      return account?.id ?? null;
    });
    // The code proved the phone: its holder may now learn that it already has an account.
    if (accountId === null) throw new HttpError(409, 'PHONE_TAKEN', REGISTER_TEXTS.phoneTaken, { phone: REGISTER_TEXTS.phoneTaken });
    return created<RegistrationDone>(c, await signIn(c, deps, accountId, true), 'Đăng ký tài khoản thành công');
  });

  // ---- e-mail verification of the signed-in account ---------------------------------------------

  const requireAuth = authenticate(deps);

  async function emailOf(accountId: number, given: string | null): Promise<string> {
    if (given) return given;
    const [account] = await db.select({ email: accounts.email }).from(accounts).where(eq(accounts.id, accountId));
    if (!account) throw unauthorized('SESSION_REVOKED');
    if (!account.email) throw badRequest('VALIDATION_FAILED', 'Vui lòng nhập email', { email: 'Vui lòng nhập email' });
    return account.email;
  }

  app.post('/verifyemail', requireAuth, async (c) => {
    const input = await parseBody(c, SendEmailCodeSchema);
    const { accountId } = c.get('auth');
    const email = await emailOf(accountId, input.email);
    await takeCodeRequest(db, email, clientIp(c, env.proxyHops));
    await sendCode(deps, { channel: 'email', to: email, subject: `${accountId}:${email}`, purpose: 'email' });
    return ok<EmailVerification>(c, { email, email_verified: false }, { message: `Mã xác minh đã được gửi đến ${email}` });
  });

  app.put('/verifyemail', requireAuth, async (c) => {
    const input = await parseBody(c, ConfirmEmailSchema);
    const { accountId } = c.get('auth');
    const email = await emailOf(accountId, input.email);
    if (!(await consumeCode(db, 'email', `${accountId}:${email}`, input.otp))) throw invalidCode('otp');
    await db.update(accounts).set({ email, emailVerifiedAt: new Date(), updatedAt: new Date() }).where(eq(accounts.id, accountId));
    return ok<EmailVerification>(c, { email, email_verified: true }, { message: 'Xác minh email thành công' });
  });

  return app;
}
