/**
 * A production start never seeds the demo (whose administrator's password is public) nor starts the
 * simulators; it makes the first system administrator from settings, or with a one-time password
 * said once, and refuses weak settings before writing anything.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DatabaseHandle } from '@server/kernel/db/client';
import { accounts } from '@server/kernel/db/schema';
import { readEnv } from '@server/kernel/env';
import { verifyPassword } from '@server/lib/passwords';
import { prepareData, reportFirstAdmin } from '@server/prepare-data';
import { openTestDatabase, TEST_SCRYPT_LOG_N } from '@server/testing/test-database';
import { DEMO_PASSWORD } from './demo';

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openTestDatabase({ seed: 'none' });
});
// Each test starts from a database with no account, as a first start finds it.
beforeEach(async () => {
  await handle.db.delete(accounts);
});
afterAll(async () => {
  await handle?.close();
});

const production = (firstAdmin: { phone: string | null; password: string | null }) => ({
  secretsKey: null,
  seedDemo: readEnv({ NODE_ENV: 'production' }).seedDemo,
  scryptLogN: TEST_SCRYPT_LOG_N,
  firstAdmin,
});
const everyPhone = async () => (await handle.db.select({ phone: accounts.phone }).from(accounts)).map((row) => row.phone);

describe('settings', () => {
  it('seed the demo and start the simulators only when asked, in production', () => {
    expect(readEnv({ NODE_ENV: 'production' })).toMatchObject({ seedDemo: false, simulators: false });
    expect(readEnv({ NODE_ENV: 'production', SEED_DEMO: 'true' })).toMatchObject({ seedDemo: true, simulators: true });
    expect(readEnv({})).toMatchObject({ seedDemo: true, simulators: true });
    expect(readEnv({ NODE_ENV: 'production', ADMIN_PHONE: '0987 654 321' }).firstAdmin).toEqual({ phone: '0987 654 321', password: null });
  });
});

describe('a production start on an empty database', () => {
  it('seeds no demo account and, without ADMIN_PHONE, says how to make the administrator', async () => {
    const prepared = await prepareData(handle.db, production({ phone: null, password: null }), { providers: false });
    expect(prepared).toMatchObject({ demoSeeded: false, firstAdmin: { kind: 'missing' } });
    expect(await everyPhone()).toEqual([]);
    const logger = { warn: vi.fn() };
    reportFirstAdmin(logger, prepared.firstAdmin);
    expect(logger.warn).toHaveBeenCalledWith(expect.stringContaining('đặt ADMIN_PHONE'));
  });

  it('makes the administrator of ADMIN_PHONE with a one-time password said once, and not again at the next start', async () => {
    const first = await prepareData(handle.db, production({ phone: '0987 654 321', password: null }), { providers: false });
    expect(first.firstAdmin).toMatchObject({ kind: 'created', phone: '0987654321' });
    const oneTime = first.firstAdmin.kind === 'created' ? first.firstAdmin.oneTimePassword! : '';
    expect(oneTime).toMatch(/^[\w-]{16}$/);
    const [stored] = await handle.db.select().from(accounts).where(eq(accounts.phone, '0987654321'));
    expect(stored!.passwordHash).not.toContain(oneTime);
    expect(await verifyPassword(oneTime, stored!.passwordHash)).toBe(true);
    const logger = { warn: vi.fn() };
    reportFirstAdmin(logger, first.firstAdmin);
    expect(logger.warn).toHaveBeenCalledWith({ phone: '0987654321' }, expect.stringContaining(oneTime));

    const again = await prepareData(handle.db, production({ phone: '0987 654 321', password: null }), { providers: false });
    expect(again.firstAdmin).toEqual({ kind: 'exists' });
    expect(await everyPhone()).toEqual(['0987654321']);
  });

  it('takes ADMIN_PASSWORD when it is strong, and prints no password', async () => {
    const prepared = await prepareData(handle.db, production({ phone: '0987654321', password: 'Kho-An-Khang-2026' }), { providers: false });
    expect(prepared.firstAdmin).toEqual({ kind: 'created', phone: '0987654321', oneTimePassword: null });
    const [stored] = await handle.db.select().from(accounts).where(eq(accounts.phone, '0987654321'));
    expect(await verifyPassword('Kho-An-Khang-2026', stored!.passwordHash)).toBe(true);
  });

  it.each([
    [DEMO_PASSWORD, 'ADMIN_PASSWORD: không được dùng mật khẩu của dữ liệu mẫu'],
    ['12345678', 'ADMIN_PASSWORD: Mật khẩu quá phổ biến, vui lòng chọn mật khẩu khác'],
    ['0987654321', 'ADMIN_PASSWORD: Mật khẩu không được trùng với số điện thoại'],
    ['ngan', 'ADMIN_PASSWORD: Mật khẩu phải có ít nhất 8 ký tự'],
  ])('refuses the weak password %s and writes nothing', async (password, message) => {
    await expect(prepareData(handle.db, production({ phone: '0987654321', password }), { providers: false })).rejects.toThrow(message);
    expect(await everyPhone()).toEqual([]);
  });

  it('refuses an ADMIN_PHONE that is not a Vietnamese mobile number', async () => {
    await expect(prepareData(handle.db, production({ phone: '12345', password: null }), { providers: false })).rejects.toThrow(
      'ADMIN_PHONE: Số điện thoại không hợp lệ',
    );
  });
});
