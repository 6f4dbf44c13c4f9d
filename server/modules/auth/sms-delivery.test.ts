/**
 * Codes as SMS through eSMS.vn (SMS_PROVIDER=esms) against its simulator: the message carries the
 * code that verifies, the jobs table never holds it in clear, a retry after a lost answer or a
 * timeout is still one message (eSMS's RequestId), a refused account is not retried, and a code
 * that expired while waiting is not sent.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RegistrationStarted } from '@contract/auth-register';
import { jobs, loginFailures } from '@server/kernel/db/schema';
import { freshPhone } from '@server/testing/fixtures';
import { startTestServer, type TestServer } from '@server/testing/test-server';
import { ESMS_SIM_ACCOUNT, type EsmsSimMessage } from '@simulators/esms';
import { SMS_CODE_QUEUE } from './sms-delivery';

const PASSWORD = 'Tin@nhan2026';
const esmsEnv = (brandname: string = ESMS_SIM_ACCOUNT.brandname) =>
  ({ smsProvider: 'esms', esms: { ...ESMS_SIM_ACCOUNT, brandname, environment: 'simulator' }, providerTimeoutMs: 500 }) as const;

async function startEsmsServer(brandname?: string) {
  return startTestServer(esmsEnv(brandname), { simulators: true, configuredSender: true, backgroundJobs: false });
}

function messagesTo(server: TestServer, phone: string): EsmsSimMessage[] {
  return (server.sims!.simulators.esms.state() as { messages: EsmsSimMessage[] }).messages.filter((message) => message.phone === phone);
}

async function register(server: TestServer, phone: string) {
  await server.deps.db.delete(loginFailures);
  const answer = await server.call<RegistrationStarted>('/account/api/register-v2', {
    body: { phone, full_name: 'Hồ Văn Nam', password: PASSWORD, password_confirm: PASSWORD },
  });
  expect(answer.status).toBe(201);
  return answer.body.data;
}

describe('codes by SMS through eSMS', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startEsmsServer();
  });
  afterAll(async () => {
    await server?.stop();
  });
  beforeEach(() => {
    server.sims!.simulators.esms.reset();
  });

  it('sends the code as an SMS from the brandname, and that code verifies', async () => {
    const phone = freshPhone();
    const started = await register(server, phone);
    const [job] = await server.deps.db.select().from(jobs).where(eq(jobs.queue, SMS_CODE_QUEUE));
    await server.deps.jobs.drain({ untilIdle: true });
    const [sms] = messagesTo(server, phone);
    expect(sms).toMatchObject({ brandname: 'SalesField', sandbox: false });
    const code = /la (\d{6})\./.exec(sms!.content)?.[1];
    expect(sms!.content).toBe(
      `Ma xac minh dang ky tai khoan Sales Field cua ban la ${code}. Ma co hieu luc 10 phut. Khong chia se ma nay cho bat ky ai.`,
    );
    // The jobs table keeps the code sealed.
    expect(JSON.stringify(job!.payload)).not.toContain(code);
    const done = await server.call('/account/api/verify-v2', { body: { access_token: started.access_token, otp: code } });
    expect(done.status).toBe(201);
  });

  it('sends one message when the answer is lost after eSMS took it, or comes too late', async () => {
    for (const fault of [{ kind: 'fail-after' as const }, { kind: 'timeout' as const, delayMs: 1_500 }]) {
      const phone = freshPhone();
      server.sims!.faults.esms.push({ ...fault, path: 'SendMultipleMessage' });
      await register(server, phone);
      await server.deps.jobs.drain({ untilIdle: true });
      expect(messagesTo(server, phone)).toHaveLength(1);
      const [job] = (await server.deps.db.select().from(jobs).where(eq(jobs.queue, SMS_CODE_QUEUE))).filter((row) =>
        JSON.stringify(row.payload).includes(phone),
      );
      expect([job?.state, job?.attempts]).toEqual(['done', 2]);
    }
  });

  it('does not send a code that expired while it waited', async () => {
    const phone = freshPhone();
    await register(server, phone);
    const [job] = (await server.deps.db.select().from(jobs).where(eq(jobs.queue, SMS_CODE_QUEUE))).filter((row) =>
      JSON.stringify(row.payload).includes(phone),
    );
    await server.deps.db
      .update(jobs)
      .set({ payload: { ...(job!.payload as object), expiresAt: new Date(Date.now() - 1000).toISOString() } })
      .where(eq(jobs.id, job!.id));
    await server.deps.jobs.drain({ untilIdle: true });
    expect(messagesTo(server, phone)).toHaveLength(0);
  });
});

describe('an eSMS account that is refused', () => {
  it('is not retried: the job ends dead with the reason', async () => {
    const server = await startEsmsServer('ChuaDangKy');
    try {
      const phone = freshPhone();
      await register(server, phone);
      await server.deps.jobs.drain({ untilIdle: true });
      expect(messagesTo(server, phone)).toHaveLength(0);
      const [job] = await server.deps.db.select().from(jobs).where(eq(jobs.queue, SMS_CODE_QUEUE));
      expect([job?.state, job?.attempts, job?.lastError]).toEqual(['dead', 1, 'Brandname chưa được đăng ký với eSMS']);
    } finally {
      await server.stop();
    }
  });
});
