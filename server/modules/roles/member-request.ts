/**
 * Reading the company of a call (query for GET and DELETE, JSON body for POST and PUT) and refusing
 * callers whose role does not allow the action on the area (products by default, as the
 * catalogue calls were the first to use it).
 */
import type { Context } from 'hono';
import type * as v from 'valibot';
import type { PermissionAction, PermissionArea } from '@contract/roles';
import type { AppDeps, AppEnv } from '@server/kernel/app-types';
import { parseBody, parseQuery } from '@server/kernel/validate';
import { requirePermission } from './member-access';

type WithCompany = v.GenericSchema<unknown, { company: number }>;

export async function memberQuery<S extends WithCompany>(
  deps: AppDeps,
  c: Context<AppEnv>,
  schema: S,
  action: PermissionAction = 'view',
  area: PermissionArea = 'products',
): Promise<v.InferOutput<S>> {
  const query = parseQuery(c, schema);
  await requirePermission(deps.db, c.get('auth'), query.company, area, action);
  return query;
}

export async function memberBody<S extends WithCompany>(
  deps: AppDeps,
  c: Context<AppEnv>,
  schema: S,
  action: PermissionAction,
  area: PermissionArea = 'products',
): Promise<v.InferOutput<S>> {
  const body = await parseBody(c, schema);
  await requirePermission(deps.db, c.get('auth'), body.company, area, action);
  return body;
}
