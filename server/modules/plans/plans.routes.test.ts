/**
 * Service packages and vouchers (docs/plans.md): the packages, a company's order for one with a voucher
 * (used once per company, expired, over its limit, not yet started, for another package), the
 * system administrator confirming it (the company's switches follow the package; switches outside
 * it are refused), seats limiting members, cancelling (the voucher is free again) and the lapse;
 * a new company's trial, and a company on no package.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyPlan, PackageQuote, ServicePackageRecord, SystemOrderRecord, VoucherRecord } from '@contract/plans';
import { companySubscriptions } from '@server/kernel/db/schema';
import { DEMO } from '@server/seed/demo';
import { DEMO_SYSTEM } from '@server/seed/demo-system';
import { addAccount, freshPhone } from '@server/testing/fixtures';
import { startTestServer, type SignedIn, type TestServer } from '@server/testing/test-server';
import { planLapseHandler } from './subscriptions';

let server: TestServer;
let admin: SignedIn;
let an: SignedIn;
let binh: SignedIn;
let packages: ServicePackageRecord[];

beforeAll(async () => {
  server = await startTestServer();
  [admin, an, binh] = await Promise.all([server.login(DEMO_SYSTEM.phone), server.login(DEMO.an.phone), server.login(DEMO.binh.phone)]);
  packages = (await server.call<ServicePackageRecord[]>('/service/api/service-package/', { token: an.access })).body.data;
});
afterAll(async () => {
  await server?.stop();
});

const pkg = (code: string) => packages.find((entry) => entry.code === code)!;

/** A new company owned by `owner`, on the trial package (docs/plans.md "Trial"). */
async function newCompany(owner: SignedIn, title: string): Promise<number> {
  const made = await server.call<{ id: number }>('/company/api/company/', { token: owner.access, body: { title, type: 'Khác' } });
  expect(made.status).toBe(201);
  return made.body.data.id;
}

const check = (company: number, code: string, packageId: number, token = an.access, months = 1) =>
  server.call<PackageQuote>('/service/api/check-vourcher/', { token, body: { company, code, package: packageId, months } });
const register = (company: number, packageId: number, voucher: string | null, token = an.access, months = 1) =>
  server.call<SystemOrderRecord>('/service/api/register-package/', { token, body: { company, package: packageId, months, voucher } });
const confirm = (id: number, token = admin.access) =>
  server.call<SystemOrderRecord>(`/order/api/adminconfirmorder/${id}/`, { token, method: 'PUT', body: {} });
const switches = async (company: number, token = an.access) =>
  Object.fromEntries(
    (await server.call<{ code: string; is_enabled: boolean }[]>(`/company/api/functiononoff/?company=${company}`, { token })).body.data.map(
      (entry) => [entry.code, entry.is_enabled],
    ),
  );
const createVoucher = (body: Record<string, unknown>) =>
  server.call<VoucherRecord>('/service/api/voucher/', {
    token: admin.access,
    body: { kind: 'amount', value: 50_000, starts_on: '2026-01-01', ends_on: '2027-12-31', ...body },
  });

describe('service packages', () => {
  it('lists the active packages to anyone signed in; only the system administrator adds or changes one', async () => {
    expect(packages.map((entry) => [entry.code, entry.price_per_month, entry.seats])).toEqual([
      ['CO-BAN', 299_000, 5],
      ['CHUYEN-NGHIEP', 899_000, 20],
      ['DOANH-NGHIEP', 2_490_000, 100],
    ]);
    const body = { code: 'thu', name: 'Gói thử', price_per_month: 100_000, seats: 2, features: ['VAT'] };
    expect((await server.call('/service/api/service-package/', { token: an.access, body })).status).toBe(403);
    expect((await server.call('/service/api/service-package/?all=1', { token: an.access })).status).toBe(403);
    const made = await server.call<ServicePackageRecord>('/service/api/service-package/', { token: admin.access, body });
    expect([made.status, made.body.data.code]).toEqual([201, 'THU']);
    const again = await server.call('/service/api/service-package/', { token: admin.access, body });
    expect([again.status, again.body.message]).toEqual([409, 'Mã gói "THU" đã được dùng']);
    const hidden = await server.call(`/service/api/service-package/${made.body.data.id}/`, {
      token: admin.access,
      method: 'PUT',
      body: { ...body, is_active: false },
    });
    expect(hidden.status).toBe(200);
    const listed = (await server.call<ServicePackageRecord[]>('/service/api/service-package/', { token: an.access })).body.data;
    expect(listed.map((entry) => entry.code)).not.toContain('THU');
    const bad = await server.call('/service/api/service-package/', {
      token: admin.access,
      body: { ...body, code: 'X2', seats: 0, features: ['KHONG-CO'] },
    });
    expect(bad.status).toBe(400);
  });
});

describe('vouchers', () => {
  it('quotes a running voucher and refuses an unknown, expired, not yet started or other-package one', async () => {
    const company = await newCompany(an, 'Công ty Thử Mã Giảm Giá');
    const quote = await check(company, 'chaomung2026', pkg('CHUYEN-NGHIEP').id, an.access, 12);
    expect(quote.status).toBe(200);
    // 10 % of 12 × 899.000 đ is 1.078.800 đ, capped at 500.000 đ.
    expect(quote.body.data).toMatchObject({
      list_amount: 10_788_000,
      discount: 500_000,
      total: 10_288_000,
      voucher: { code: 'CHAOMUNG2026' },
    });
    const refused = async (code: string, packageId = pkg('CO-BAN').id) => {
      const answer = await check(company, code, packageId);
      expect(answer.status).toBe(400);
      return answer.body.message;
    };
    expect(await refused('KHONGCO')).toBe('Mã giảm giá không tồn tại');
    expect(await refused('TET2025')).toBe('Mã giảm giá đã hết hạn');
    await createVoucher({ code: 'SAPTOI', starts_on: '2099-01-01', ends_on: '2099-12-31' });
    expect(await refused('SAPTOI')).toBe('Mã giảm giá chưa đến ngày áp dụng');
    await createVoucher({ code: 'CHIDOANHNGHIEP', package_ids: [pkg('DOANH-NGHIEP').id] });
    expect(await refused('CHIDOANHNGHIEP')).toBe('Mã giảm giá không áp dụng cho gói dịch vụ này');
    // A member who is not the company's owner, and a stranger, may not ask.
    expect((await check(company, 'CHAOMUNG2026', pkg('CO-BAN').id, binh.access)).status).toBe(403);
  });

  it('is used once per company, and no more than its limit across companies', async () => {
    const first = await newCompany(an, 'Công ty Thử Một Lần');
    const second = await newCompany(binh, 'Công ty Thử Giới Hạn');
    const voucher = await createVoucher({ code: 'MOTLUOT', max_uses: 1 });
    expect(voucher.status).toBe(201);
    const order = await register(first, pkg('CO-BAN').id, 'MOTLUOT');
    expect(order.status).toBe(201);
    expect(order.body.data).toMatchObject({
      status: 'pending',
      list_amount: 299_000,
      discount_amount: 50_000,
      total: 249_000,
      voucher_code: 'MOTLUOT',
    });
    // The office finds it by the company's name typed without diacritics.
    const search = (words: string) =>
      server.call<SystemOrderRecord[]>(`/order/api/ordersystem/?search=${encodeURIComponent(words)}`, { token: admin.access });
    const found = await search('thu mot lan');
    expect([found.status, found.body.data.map((row) => row.code)]).toEqual([200, [order.body.data.code]]);
    expect(found.body.count).toBe(1);
    expect((await search('khong co cong ty nay')).body.data).toEqual([]);
    expect((await check(first, 'MOTLUOT', pkg('CO-BAN').id)).body.message).toBe('Công ty đã dùng mã giảm giá này');
    expect((await check(second, 'MOTLUOT', pkg('CO-BAN').id, binh.access)).body.message).toBe('Mã giảm giá đã hết lượt sử dụng');
    const refusedOrder = await register(second, pkg('CO-BAN').id, 'MOTLUOT', binh.access);
    expect([refusedOrder.status, refusedOrder.body.message]).toEqual([400, 'Mã giảm giá đã hết lượt sử dụng']);
    // One open order per company.
    const twice = await register(first, pkg('CO-BAN').id, null);
    expect([twice.status, twice.body.message]).toEqual([409, `Công ty đang có đơn đăng ký gói ${order.body.data.code} chờ thanh toán`]);
    // Cancelled, its use goes back: the company may use it again, and so the other company may not.
    const cancelled = await server.call<SystemOrderRecord>('/order/api/cancelordersystem/', {
      token: admin.access,
      method: 'PUT',
      body: { order: order.body.data.id, reason: 'Khách đổi ý' },
    });
    expect(cancelled.body.data).toMatchObject({ status: 'cancelled', cancel_reason: 'Khách đổi ý' });
    expect((await check(first, 'MOTLUOT', pkg('CO-BAN').id)).status).toBe(200);
    // Two companies racing for the last use: one gets it.
    const race = await Promise.all([
      register(first, pkg('CO-BAN').id, 'MOTLUOT'),
      register(second, pkg('CO-BAN').id, 'MOTLUOT', binh.access),
    ]);
    expect(race.map((answer) => answer.status).sort()).toEqual([201, 400]);
    const list = (await server.call<VoucherRecord[]>('/service/api/voucher/', { token: admin.access })).body.data;
    expect(list.find((entry) => entry.code === 'MOTLUOT')?.used_count).toBe(1);
  });
});

describe('a company on a package', () => {
  it('gets the package’s switches when its order is confirmed, and may not turn on what the package lacks', async () => {
    const company = await newCompany(an, 'Công ty Thử Chức Năng');
    const order = await register(company, pkg('CO-BAN').id, 'GIAM200K', an.access, 3);
    expect(order.body.data).toMatchObject({ list_amount: 897_000, discount_amount: 200_000, total: 697_000 });
    // The company's owner cannot confirm their own order.
    expect((await confirm(order.body.data.id, an.access)).status).toBe(403);
    const confirmed = await confirm(order.body.data.id);
    expect(confirmed.body.data).toMatchObject({ status: 'confirmed', decided_by_name: DEMO_SYSTEM.fullName });
    expect((await confirm(order.body.data.id)).status).toBe(409);
    const on = await switches(company);
    expect(
      Object.entries(on)
        .filter(([, enabled]) => enabled)
        .map(([code]) => code)
        .sort(),
    ).toEqual(['REPORT-ORDER-REVENUA', 'VAT']);
    const plan = (await server.call<CompanyPlan>(`/service/api/company-package/?company=${company}`, { token: an.access })).body.data;
    expect(plan).toMatchObject({ subscription: { package: { code: 'CO-BAN' }, state: 'active' }, seats: 5, seats_used: 1 });

    const turnOn = (code: string, is_enabled = true) =>
      server.call('/company/api/functiononoff/', { token: an.access, method: 'PUT', body: { company, code, is_enabled } });
    const refused = await turnOn('WAREHOUSE');
    expect([refused.status, refused.body.message]).toEqual([403, 'Gói Cơ bản không có chức năng Quản lý kho']);
    expect((await turnOn('VAT', false)).status).toBe(200);
    expect((await turnOn('VAT', true)).status).toBe(200);

    // The system administrator adds Quản lý kho to the package: the company's switches follow.
    const current = pkg('CO-BAN');
    const changed = await server.call(`/service/api/service-package/${current.id}/`, {
      token: admin.access,
      method: 'PUT',
      body: { ...current, features: [...current.features, 'WAREHOUSE'] },
    });
    expect(changed.status).toBe(200);
    expect((await switches(company)).WAREHOUSE).toBe(true);

    // Lapsed: every switch goes off until the company renews.
    await server.deps.db.update(companySubscriptions).set({ endsOn: '2026-01-31' }).where(eq(companySubscriptions.companyId, company));
    await planLapseHandler.run(
      {
        id: 0,
        queue: 'plans.lapse',
        companyId: company,
        dedupeKey: null,
        payload: { companyId: company, endsOn: '2026-01-31' },
        attempt: 1,
        maxAttempts: 8,
      },
      server.deps,
    );
    expect(Object.values(await switches(company)).some(Boolean)).toBe(false);
    const expired = await turnOn('VAT');
    expect([expired.status, expired.body.message]).toEqual([403, 'Gói dịch vụ của công ty đã hết hạn, vui lòng gia hạn để bật chức năng']);
  });

  it('may not have more active members than the package’s seats', async () => {
    const company = await newCompany(binh, 'Công ty Thử Số Tài Khoản');
    const order = await register(company, pkg('CO-BAN').id, null, binh.access);
    await confirm(order.body.data.id);
    const invite = () =>
      server.call('/account/api/employee/admin/create/', {
        token: binh.access,
        body: { company, phone: freshPhone(), full_name: 'Nhân viên thử', password: 'Thu@nghiem2026', staff_kind: 'office' },
      });
    for (let seat = 2; seat <= 5; seat += 1) expect((await invite()).status).toBe(201);
    const sixth = await invite();
    expect([sixth.status, sixth.body.message]).toEqual([
      409,
      'Công ty đã dùng hết 5 tài khoản của gói dịch vụ. Vui lòng nâng cấp gói hoặc ngừng hoạt động một nhân viên.',
    ]);
    // A join request cannot be accepted over the limit either.
    const asker = await addAccount(server.deps.db, { memberships: [{ companyId: company, status: 'pending' }] });
    const members = (
      await server.call<{ id: number; account: number; status_display: string }[]>(`/company/api/accountcompany/?company=${company}`, {
        token: binh.access,
      })
    ).body.data;
    const request = members.find((member) => member.status_display === 'pending')!;
    expect(request).toBeDefined();
    const accepted = await server.call(`/company/api/accountcompany/${request.id}/`, {
      token: binh.access,
      method: 'PUT',
      body: { status: 'accept' },
    });
    expect(accepted.status).toBe(409);
    expect(asker.id).toBeGreaterThan(0);
  });
});

describe('a new company’s trial', () => {
  const plan = async (company: number, token = an.access) =>
    (await server.call<CompanyPlan>(`/service/api/company-package/?company=${company}`, { token })).body.data;
  const turnOn = (company: number, code: string) =>
    server.call('/company/api/functiononoff/', { token: an.access, method: 'PUT', body: { company, code, is_enabled: true } });
  const savePackage = (target: ServicePackageRecord, change: Partial<ServicePackageRecord>) =>
    server.call<ServicePackageRecord>(`/service/api/service-package/${target.id}/`, {
      token: admin.access,
      method: 'PUT',
      body: { ...target, ...change },
    });
  const trialPackage = async () =>
    (await server.call<ServicePackageRecord[]>('/service/api/service-package/?all=1', { token: admin.access })).body.data.find(
      (entry) => entry.code === 'DUNG-THU',
    )!;

  it('starts on the trial for its days with the trial’s switches on; the owner may turn one off and on again', async () => {
    const company = await newCompany(an, 'Công ty Thử Dùng Thử');
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Ho_Chi_Minh' }).format(new Date());
    const ends = new Date(Date.parse(`${today}T00:00:00Z`) + 29 * 86_400_000).toISOString().slice(0, 10);
    expect(await plan(company)).toMatchObject({
      subscription: {
        package: { code: 'DUNG-THU', trial_days: 30 },
        starts_on: today,
        ends_on: ends,
        state: 'active',
        days_left: 30,
        trial: true,
      },
      seats: 10,
      seats_used: 1,
    });
    expect(Object.values(await switches(company)).every(Boolean)).toBe(true);
    const off = await server.call('/company/api/functiononoff/', {
      token: an.access,
      method: 'PUT',
      body: { company, code: 'WAREHOUSE', is_enabled: false },
    });
    expect(off.status).toBe(200);
    expect((await switches(company)).WAREHOUSE).toBe(false);
    expect((await turnOn(company, 'WAREHOUSE')).status).toBe(200);
    // The trial is not for sale: it is not listed, and an order for it is refused with the reason.
    expect(packages.some((entry) => entry.code === 'DUNG-THU')).toBe(false);
    const ordered = await register(company, (await trialPackage()).id, null);
    expect([ordered.status, ordered.body.message]).toEqual([400, 'Gói dùng thử dành cho công ty mới, không đăng ký được']);
    // A package bought during the trial starts today and replaces it (it does not run on after the trial's end).
    const order = await register(company, pkg('CHUYEN-NGHIEP').id, null);
    expect((await confirm(order.body.data.id)).status).toBe(200);
    expect(await plan(company)).toMatchObject({
      subscription: { package: { code: 'CHUYEN-NGHIEP' }, starts_on: today, trial: false },
      seats: 20,
    });
  });

  it('is one package: making another the trial ends the first one’s', async () => {
    const trial = await trialPackage();
    const basic = pkg('CO-BAN');
    expect((await savePackage(basic, { trial_days: 14 })).body.data.trial_days).toBe(14);
    expect((await trialPackage()).trial_days).toBeNull();
    const company = await newCompany(an, 'Công ty Thử Gói Dùng Thử Khác');
    expect(await plan(company)).toMatchObject({ subscription: { package: { code: 'CO-BAN' }, trial: true, days_left: 14 }, seats: 5 });
    const tooLong = await savePackage(basic, { trial_days: 91 });
    expect([tooLong.status, tooLong.body.message]).toEqual([400, 'Dùng thử tối đa 90 ngày']);
    expect((await savePackage(basic, { trial_days: null })).status).toBe(200);
    expect((await savePackage(trial, { trial_days: 30 })).status).toBe(200);
  });

  it('without a trial on the platform, a new company is on no package: no switch may be turned on, and the owner’s is the only seat', async () => {
    const trial = await trialPackage();
    expect((await savePackage(trial, { trial_days: null })).status).toBe(200);
    try {
      const company = await newCompany(an, 'Công ty Thử Không Có Gói');
      expect(await plan(company)).toMatchObject({ subscription: null, seats: 1, seats_used: 1 });
      const refused = await turnOn(company, 'VAT');
      expect([refused.status, refused.body.message]).toEqual([403, 'Công ty chưa có gói dịch vụ, vui lòng đăng ký gói để bật chức năng']);
      const invited = await server.call('/account/api/employee/admin/create/', {
        token: an.access,
        body: { company, phone: freshPhone(), full_name: 'Nhân viên thử', password: 'Thu@nghiem2026', staff_kind: 'office' },
      });
      expect([invited.status, invited.body.message]).toEqual([
        409,
        'Công ty đã dùng hết 1 tài khoản của gói dịch vụ. Vui lòng nâng cấp gói hoặc ngừng hoạt động một nhân viên.',
      ]);
    } finally {
      await savePackage(trial, { trial_days: 30 });
    }
  });
});
