import type { Db } from './kernel/db/client';
import type { ServerEnv } from './kernel/env';
import { loadVault, type Vault } from './kernel/vault';
import { ensureAllCompanyRoles } from './modules/roles';
import { hasAnyAccount, seedAccountTypes, seedDemoData } from './seed/demo';

/**
 * What a migrated database needs before a server uses it: the secrets key, the demo data (or only
 * the account types) when it holds no account yet, and each company's roles. `providers`: the
 * simulators run beside this server, so the demo connects to them. The test databases' templates
 * are made by this same function (server/testing/test-database.ts).
 */
export async function prepareData(
  db: Db,
  env: Pick<ServerEnv, 'secretsKey' | 'seedDemo' | 'scryptLogN'>,
  options: { providers: boolean },
): Promise<{ vault: Vault; demoSeeded: boolean }> {
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
  await ensureAllCompanyRoles(db);
  return { vault, demoSeeded };
}
