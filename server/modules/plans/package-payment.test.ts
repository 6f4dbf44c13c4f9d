/**
 * Paying for a package: the pending order's page carries the platform's account,
 * the exact amount and the transfer content; outside production an account marked as a demo one
 * stands in; a production start without PLATFORM_BANK_* shows no account and says why; half a
 * setting or a bank not on the NAPAS list stops the start.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyPlan, ServicePackageRecord, SystemOrderRecord } from '@contract/plans';
import { readEnv } from '@server/kernel/env';
import { DEMO_PLATFORM_BANK } from '@server/kernel/platform-bank';
import { DEMO } from '@server/seed/demo';
import { startTestServer, type SignedIn, type TestServer } from '@server/testing/test-server';
import { PAYMENT_ACCOUNT_MISSING } from './package-payment';

const CONFIGURED = { PLATFORM_BANK_BIN: '970422', PLATFORM_BANK_ACCOUNT: '1234 5678 90', PLATFORM_BANK_HOLDER: 'Công ty Nền tảng' };

/** A new company of An's with a pending order for Doanh nghiệp (2.490.000 đ a month), and its plan. */
async function pendingPlan(server: TestServer, an: SignedIn, title: string) {
  const made = await server.call<{ id: number }>('/company/api/company/', { token: an.access, body: { title, type: 'Khác' } });
  expect(made.status).toBe(201);
  const company = made.body.data.id;
  const packages = (await server.call<ServicePackageRecord[]>('/service/api/service-package/', { token: an.access })).body.data;
  const pkg = packages.find((entry) => entry.code === 'DOANH-NGHIEP')!;
  const order = await server.call<SystemOrderRecord>('/service/api/register-package/', {
    token: an.access,
    body: { company, package: pkg.id, months: 1, voucher: null },
  });
  expect(order.status).toBe(201);
  const plan = await server.call<CompanyPlan>(`/service/api/company-package/?company=${company}`, { token: an.access });
  expect(plan.status).toBe(200);
  return { company, order: order.body.data, plan: plan.body.data };
}

describe('the platform account in the settings', () => {
  it('is read whole, named by its bank, with the holder as banks print it', () => {
    expect(readEnv({ NODE_ENV: 'production', ...CONFIGURED }).platformBank).toEqual({
      bin: '970422',
      bankName: 'MB Bank',
      accountNumber: '1234567890',
      holder: 'CONG TY NEN TANG',
      isDemo: false,
    });
    expect(readEnv({ NODE_ENV: 'production', ...CONFIGURED, PLATFORM_BANK_NAME: 'Ngân hàng Quân đội' }).platformBank?.bankName).toBe(
      'Ngân hàng Quân đội',
    );
  });

  it('is the demo stand-in outside production and with the demo data, and none in a production start', () => {
    expect(readEnv({}).platformBank).toEqual(DEMO_PLATFORM_BANK);
    expect(readEnv({ NODE_ENV: 'production', SEED_DEMO: 'true' }).platformBank?.isDemo).toBe(true);
    expect(readEnv({ NODE_ENV: 'production' }).platformBank).toBeNull();
    expect(DEMO_PLATFORM_BANK.holder).toContain('DEMO');
  });

  it('stops the start when half set, on an unknown bank or a number that is not one', () => {
    expect(() => readEnv({ NODE_ENV: 'production', PLATFORM_BANK_BIN: '970422' })).toThrow(/must be set together/);
    expect(() => readEnv({ ...CONFIGURED, PLATFORM_BANK_BIN: '123456' })).toThrow(/NAPAS/);
    expect(() => readEnv({ ...CONFIGURED, PLATFORM_BANK_ACCOUNT: '12ab' })).toThrow(/Số tài khoản/);
  });
});

describe('paying a pending package order', () => {
  let server: TestServer;
  let an: SignedIn;
  beforeAll(async () => {
    server = await startTestServer({ platformBank: readEnv({ NODE_ENV: 'production', ...CONFIGURED }).platformBank });
    an = await server.login(DEMO.an.phone);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('answers with the account, the exact amount and the order code as the transfer content', async () => {
    const { order, plan } = await pendingPlan(server, an, 'Công ty TNHH Thanh Toán Gói Một');
    expect(order.total).toBe(2_490_000);
    expect(plan.payment).toEqual({
      order_code: order.code,
      amount: 2_490_000,
      reference: order.code,
      account: { bank_bin: '970422', bank_name: 'MB Bank', account_number: '1234567890', account_name: 'CONG TY NEN TANG', is_demo: false },
      problem: null,
    });
    expect(order.code).toMatch(/^DV\d{6}$/);
  });

  it('has nothing to pay while no order waits', async () => {
    const made = await server.call<{ id: number }>('/company/api/company/', {
      token: an.access,
      body: { title: 'Công ty TNHH Chưa Đăng Ký Gói', type: 'Khác' },
    });
    const plan = await server.call<CompanyPlan>(`/service/api/company-package/?company=${made.body.data.id}`, { token: an.access });
    expect(plan.status).toBe(200);
    expect(plan.body.data.payment).toBeNull();
  });
});

describe('a production start without the platform account', () => {
  let server: TestServer;
  let an: SignedIn;
  beforeAll(async () => {
    server = await startTestServer({ platformBank: readEnv({ NODE_ENV: 'production' }).platformBank });
    an = await server.login(DEMO.an.phone);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('shows no account, made up or demo, and says so', async () => {
    const { order, plan } = await pendingPlan(server, an, 'Công ty TNHH Thanh Toán Gói Hai');
    expect(plan.payment).toEqual({
      order_code: order.code,
      amount: order.total,
      reference: order.code,
      account: null,
      problem: PAYMENT_ACCOUNT_MISSING,
    });
  });
});
