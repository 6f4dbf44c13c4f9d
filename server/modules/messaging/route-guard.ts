/**
 * Every messaging call (except Zalo's webhook and the OAuth callback) is a member's call: signed in,
 * an accepted member of the company, the role's permission on the area (Zalo OA work is `messaging`;
 * connecting an OA is company configuration, `settings`), and the company's ZALO switch on.
 */
import type { Context } from 'hono';
import type * as v from 'valibot';
import { ZALO_SWITCH } from '@contract/messaging';
import type { PermissionAction, PermissionArea } from '@contract/roles';
import type { AppDeps, AppEnv } from '@server/kernel/app-types';
import { requireSwitch } from '@server/kernel/switches';
import { parseBody, parseQuery } from '@server/kernel/validate';
import { requirePermission } from '@server/modules/roles';

type WithCompany = v.GenericSchema<unknown, { company: number }>;

export const ID = ':id{[0-9]+}';

export function messagingGuard(deps: AppDeps) {
  async function allowed(c: Context<AppEnv>, companyId: number, action: PermissionAction, area: PermissionArea) {
    const access = await requirePermission(deps.db, c.get('auth'), companyId, area, action);
    await requireSwitch(deps.db, companyId, ZALO_SWITCH);
    return access;
  }
  return {
    async query<S extends WithCompany>(
      c: Context<AppEnv>,
      schema: S,
      action: PermissionAction = 'view',
      area: PermissionArea = 'messaging',
    ) {
      const input = parseQuery(c, schema);
      return { input, access: await allowed(c, input.company, action, area) };
    },
    async body<S extends WithCompany>(c: Context<AppEnv>, schema: S, action: PermissionAction, area: PermissionArea = 'messaging') {
      const input = await parseBody(c, schema);
      return { input, access: await allowed(c, input.company, action, area) };
    },
  };
}
