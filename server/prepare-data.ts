import type { Db } from './kernel/db/client';
import type { ServerEnv } from './kernel/env';
import type { Logger } from './lib/logger';
import { loadVault, type Vault } from './kernel/vault';
import { ensureAllCompanyRoles } from './modules/roles';
import { hasAnyAccount, seedAccountTypes, seedDemoData } from './seed/demo';
import { ensureFirstAdmin, type FirstAdminOutcome } from './seed/first-admin';

/**
 * What a migrated database needs before a server uses it: the secrets key, the demo data (or only
 * the account types) when it holds no account yet, the first system administrator where the demo
 * did not make one (server/seed/first-admin.ts), and each company's roles. `providers`: the
 * simulators run beside this server, so the demo connects to them. The test databases' templates
 * are made by this same function (server/testing/test-database.ts).
 */
export async function prepareData(
  db: Db,
  env: Pick<ServerEnv, 'secretsKey' | 'seedDemo' | 'scryptLogN'> & Partial<Pick<ServerEnv, 'firstAdmin'>>,
  options: { providers: boolean },
): Promise<{ vault: Vault; demoSeeded: boolean; firstAdmin: FirstAdminOutcome }> {
  // Before the seed: the demo's connections to the providers' simulators keep their secrets sealed.
  const vault = await loadVault(db, env.secretsKey);
  let demoSeeded = false;
  if (!(await hasAnyAccount(db))) {
    if (env.seedDemo) {
      // The demo's connections to the providers (and what they made) only where the simulators run.
      await seedDemoData(db, env.scryptLogN, vault, options);
      demoSeeded = true;
    } else {
      await seedAccountTypes(db);
    }
  }
  const firstAdmin = await ensureFirstAdmin(db, env.firstAdmin ?? { phone: null, password: null }, env.scryptLogN);
  await ensureAllCompanyRoles(db);
  return { vault, demoSeeded, firstAdmin };
}

/** What the start says about the first system administrator: the one-time password once, or how to make one. */
export function reportFirstAdmin(logger: Pick<Logger, 'warn'>, outcome: FirstAdminOutcome): void {
  if (outcome.kind === 'missing') {
    logger.warn('Chưa có tài khoản quản trị hệ thống: đặt ADMIN_PHONE (và ADMIN_PASSWORD nếu muốn) rồi khởi động lại');
  } else if (outcome.kind === 'created' && outcome.oneTimePassword) {
    logger.warn(
      { phone: outcome.phone },
      `Đã tạo quản trị hệ thống ${outcome.phone} với mật khẩu một lần: ${outcome.oneTimePassword} — đăng nhập và đổi mật khẩu ngay; mật khẩu này không được in lại`,
    );
  }
}
