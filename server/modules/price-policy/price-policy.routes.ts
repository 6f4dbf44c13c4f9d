/**
 * The price-policy service (CSG): `pricepolicy/` CRUD and `pricepolicyupdate/` (replace items)
 * need the CSG switch on; `getlisttypeprice/` lists the prices an order can use.
 */
import { and, asc, desc, eq } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import { authenticate } from '@server/kernel/authenticate';
import type * as v from 'valibot';
import {
  PRICE_POLICY_SWITCH,
  PricePolicyInputSchema,
  PricePolicyItemsUpdateSchema,
  PricePolicyListQuery,
  type PriceTypeOption,
} from '@contract/price-policy';
import { CompanyQuery } from '@contract/products';
import type { AppDeps, AppEnv } from '@server/kernel/app-types';
import type { Db } from '@server/kernel/db/client';
import { pricePolicies } from '@server/kernel/db/schema';
import { notFound } from '@server/kernel/errors';
import { created, ok } from '@server/kernel/respond';
import { parseWith, pathId, readJson } from '@server/kernel/validate';
import type { PermissionAction } from '@contract/roles';
import { requirePermission, memberQuery } from '@server/modules/roles';
import { switchStates } from '@server/kernel/switches';
import { matchesSearch, pageOf } from '@server/kernel/lists';
import { policyRecordsById } from './price-policy-record';
import { createPolicy, deletePolicy, replacePolicyItems, requirePricePolicySwitch, updatePolicy } from './price-policy-write';

const ID = ':id{[0-9]+}';

async function policyRecord(db: Db, companyId: number, id: number) {
  const record = (await policyRecordsById(db, companyId, [id])).get(id);
  if (!record) throw notFound('Không tìm thấy chính sách giá');
  return record;
}

/** Reads a JSON body with the company, checks membership and the CSG switch; tells whether `items` was sent. */
async function policyBody<S extends v.GenericSchema<unknown, { company: number }>>(
  deps: AppDeps,
  c: Context<AppEnv>,
  schema: S,
  action: PermissionAction,
): Promise<{ input: v.InferOutput<S>; hasItems: boolean }> {
  const raw = await readJson(c);
  const input = parseWith(schema, raw);
  await requirePermission(deps.db, c.get('auth'), input.company, 'price_policy', action);
  await requirePricePolicySwitch(deps.db, input.company);
  const hasItems = typeof raw === 'object' && raw !== null && 'items' in raw;
  return { input, hasItems };
}

export function pricePolicyRoutes(deps: AppDeps) {
  const { db } = deps;
  const app = new Hono<AppEnv>({ strict: false });
  app.use('*', authenticate(deps));

  app.get('/pricepolicy', async (c) => {
    const query = await memberQuery(deps, c, PricePolicyListQuery, 'view', 'price_policy');
    await requirePricePolicySwitch(db, query.company);
    const filters = [eq(pricePolicies.companyId, query.company)];
    if (query.customer_type !== undefined) filters.push(eq(pricePolicies.customerTypeId, query.customer_type));
    if (query.level !== undefined) filters.push(eq(pricePolicies.levelId, query.level));
    if (query.is_active) filters.push(eq(pricePolicies.isActive, query.is_active === 'true'));
    const rows = (
      await db
        .select({ id: pricePolicies.id, title: pricePolicies.title })
        .from(pricePolicies)
        .where(and(...filters))
        .orderBy(desc(pricePolicies.priority), asc(pricePolicies.title), asc(pricePolicies.id))
    ).filter((row) => matchesSearch(row.title, query.search));
    const ids = pageOf(rows, query.page, query.limit).map((row) => row.id);
    const records = await policyRecordsById(db, query.company, ids);
    return ok(
      c,
      ids.map((id) => records.get(id)).filter((record) => record !== undefined),
      { count: rows.length },
    );
  });

  app.post('/pricepolicy', async (c) => {
    const { input } = await policyBody(deps, c, PricePolicyInputSchema, 'create');
    const id = await db.transaction((tx) => createPolicy(tx, input.company, input));
    return created(c, await policyRecord(db, input.company, id), 'Tạo chính sách giá thành công');
  });

  app.get(`/pricepolicy/${ID}`, async (c) => {
    const id = pathId(c);
    const query = await memberQuery(deps, c, CompanyQuery, 'view', 'price_policy');
    await requirePricePolicySwitch(db, query.company);
    return ok(c, await policyRecord(db, query.company, id));
  });

  app.put(`/pricepolicy/${ID}`, async (c) => {
    const id = pathId(c);
    const { input, hasItems } = await policyBody(deps, c, PricePolicyInputSchema, 'edit');
    await db.transaction((tx) => updatePolicy(tx, input.company, id, input, hasItems));
    return ok(c, await policyRecord(db, input.company, id), { message: 'Cập nhật chính sách giá thành công' });
  });

  app.delete(`/pricepolicy/${ID}`, async (c) => {
    const id = pathId(c);
    const query = await memberQuery(deps, c, CompanyQuery, 'delete', 'price_policy');
    await requirePricePolicySwitch(db, query.company);
    await db.transaction((tx) => deletePolicy(tx, query.company, id));
    return ok(c, null, { message: 'Đã xóa chính sách giá' });
  });

  app.put('/pricepolicyupdate', async (c) => {
    const { input } = await policyBody(deps, c, PricePolicyItemsUpdateSchema, 'edit');
    await db.transaction((tx) => replacePolicyItems(tx, input.company, input.policy, input.items));
    return ok(c, await policyRecord(db, input.company, input.policy), { message: 'Đã cập nhật bảng giá' });
  });

  app.get('/getlisttypeprice', async (c) => {
    const query = await memberQuery(deps, c, CompanyQuery, 'view', 'price_policy');
    const switches = await switchStates(db, query.company);
    const types: PriceTypeOption[] = [{ type: 'retail', id: null, title: 'Giá bán lẻ' }];
    if (switches.get('WHOLESALE') === true) types.push({ type: 'wholesale', id: null, title: 'Giá bán sỉ' });
    if (switches.get(PRICE_POLICY_SWITCH) === true) {
      const policies = await db
        .select({ id: pricePolicies.id, title: pricePolicies.title })
        .from(pricePolicies)
        .where(and(eq(pricePolicies.companyId, query.company), eq(pricePolicies.isActive, true)))
        .orderBy(desc(pricePolicies.priority), asc(pricePolicies.title), asc(pricePolicies.id));
      types.push(...policies.map((policy) => ({ type: 'policy' as const, id: policy.id, title: policy.title })));
    }
    return ok(c, types);
  });

  return app;
}
