/**
 * Customer groups (customertype/) and levels (customer-level/). Deleting a group leaves its
 * customers without a group (product-spec.md §8's confirmation says so); a group or level a price policy
 * still uses cannot be deleted, since the policy would then apply to everyone.
 * Groups and levels decide prices and discounts, so changing them is company configuration
 * (settings: edit); seeing them comes with customers: view.
 */
import { and, asc, count, eq, type SQL } from 'drizzle-orm';
import { Hono } from 'hono';
import * as v from 'valibot';
import { CustomerLevelInputSchema, CustomerTypeInputSchema, type CustomerTypeSummary } from '@contract/customers';
import { fold } from '@contract/fold';
import { companyQueryField, pagingFields } from '@contract/validation';
import type { AppDeps, AppEnv } from '@server/kernel/app-types';
import type { Db } from '@server/kernel/db/client';
import { customerLevels, customers, customerTypes, pricePolicies } from '@server/kernel/db/schema';
import { conflict, notFound } from '@server/kernel/errors';
import { created, ok } from '@server/kernel/respond';
import { parseBody, parseQuery, pathId } from '@server/kernel/validate';
import { requirePermission } from '@server/modules/roles';
import { recordChange, recordChanges } from '@server/kernel/sync/change-log';
import { toCustomerLevelRecord, toCustomerTypeRecord } from './customer-groups';

const CompanyQuery = v.object({ company: companyQueryField });
const TypeListQuery = v.object({
  company: companyQueryField,
  ...pagingFields(),
  search: v.optional(v.pipe(v.string(), v.maxLength(100, 'Từ khóa tìm kiếm quá dài'))),
});

async function typeSummaries(db: Db, where: SQL | undefined): Promise<CustomerTypeSummary[]> {
  const rows = await db
    .select({ type: customerTypes, customerCount: count(customers.id) })
    .from(customerTypes)
    .leftJoin(customers, eq(customers.customerTypeId, customerTypes.id))
    .where(where)
    .groupBy(customerTypes.id, customerTypes.companyId)
    .orderBy(asc(customerTypes.title));
  return rows.map((row) => ({ ...toCustomerTypeRecord(row.type), customer_count: Number(row.customerCount) }));
}

async function usedByPolicy(
  db: Db,
  column: typeof pricePolicies.customerTypeId | typeof pricePolicies.levelId,
  id: number,
): Promise<string | null> {
  const [policy] = await db.select({ title: pricePolicies.title }).from(pricePolicies).where(eq(column, id)).limit(1);
  return policy?.title ?? null;
}

export function customerGroupRoutes(deps: AppDeps) {
  const { db } = deps;
  const app = new Hono<AppEnv>({ strict: false });

  async function typeOf(companyId: number, id: number) {
    const [summary] = await typeSummaries(db, and(eq(customerTypes.companyId, companyId), eq(customerTypes.id, id)));
    if (!summary) throw notFound('Không tìm thấy nhóm khách hàng');
    return summary;
  }

  /** Groups are few per company: filter by folded title in memory so `nha thuoc` finds `Nhà thuốc…`. */
  app.get('/customertype', async (c) => {
    const query = parseQuery(c, TypeListQuery);
    await requirePermission(db, c.get('auth'), query.company, 'customers', 'view');
    const words = fold(query.search).split(' ').filter(Boolean);
    const all = await typeSummaries(db, eq(customerTypes.companyId, query.company));
    const matching = all.filter((row) => words.every((word) => fold(row.title).includes(word)));
    const start = (query.page - 1) * query.limit;
    return ok(c, matching.slice(start, start + query.limit), { count: matching.length });
  });

  app.post('/customertype', async (c) => {
    const input = await parseBody(c, CustomerTypeInputSchema);
    await requirePermission(db, c.get('auth'), input.company, 'settings', 'edit');
    const id = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(customerTypes)
        .values({ companyId: input.company, title: input.title, description: input.description, isWholesale: input.is_wholesale })
        .returning({ id: customerTypes.id });
      await recordChange(tx, { companyId: input.company, entity: 'customer_type', entityId: row!.id, op: 'upsert' });
      return row!.id;
    });
    return created(c, await typeOf(input.company, id), 'Thêm nhóm khách hàng thành công');
  });

  app.get('/customertype/:id', async (c) => {
    const { company } = parseQuery(c, CompanyQuery);
    await requirePermission(db, c.get('auth'), company, 'customers', 'view');
    return ok(c, await typeOf(company, pathId(c)));
  });

  app.put('/customertype/:id', async (c) => {
    const id = pathId(c);
    const input = await parseBody(c, CustomerTypeInputSchema);
    await requirePermission(db, c.get('auth'), input.company, 'settings', 'edit');
    await db.transaction(async (tx) => {
      const updated = await tx
        .update(customerTypes)
        .set({ title: input.title, description: input.description, isWholesale: input.is_wholesale, updatedAt: new Date() })
        .where(and(eq(customerTypes.id, id), eq(customerTypes.companyId, input.company)))
        .returning({ id: customerTypes.id });
      if (updated.length === 0) throw notFound('Không tìm thấy nhóm khách hàng');
      await recordChange(tx, { companyId: input.company, entity: 'customer_type', entityId: id, op: 'upsert' });
    });
    return ok(c, await typeOf(input.company, id), { message: 'Cập nhật nhóm khách hàng thành công' });
  });

  app.delete('/customertype/:id', async (c) => {
    const id = pathId(c);
    const { company } = parseQuery(c, CompanyQuery);
    await requirePermission(db, c.get('auth'), company, 'settings', 'edit');
    await typeOf(company, id);
    const policy = await usedByPolicy(db, pricePolicies.customerTypeId, id);
    if (policy) throw conflict(`Nhóm khách hàng đang được dùng trong chính sách giá "${policy}", hãy sửa chính sách trước`);
    await db.transaction(async (tx) => {
      const members = await tx.select({ id: customers.id }).from(customers).where(eq(customers.customerTypeId, id));
      await tx.update(customers).set({ customerTypeId: null, updatedAt: new Date() }).where(eq(customers.customerTypeId, id));
      await tx.delete(customerTypes).where(eq(customerTypes.id, id));
      await recordChanges(tx, [
        ...members.map((member) => ({ companyId: company, entity: 'customer' as const, entityId: member.id, op: 'upsert' as const })),
        { companyId: company, entity: 'customer_type', entityId: id, op: 'delete' },
      ]);
    });
    return ok(c, null, { message: 'Xoá nhóm khách hàng thành công !!!' });
  });

  app.get('/customer-level', async (c) => {
    const { company } = parseQuery(c, CompanyQuery);
    await requirePermission(db, c.get('auth'), company, 'customers', 'view');
    const rows = await db
      .select()
      .from(customerLevels)
      .where(eq(customerLevels.companyId, company))
      .orderBy(asc(customerLevels.rank), asc(customerLevels.id));
    return ok(c, rows.map(toCustomerLevelRecord), { count: rows.length });
  });

  app.post('/customer-level', async (c) => {
    const input = await parseBody(c, CustomerLevelInputSchema);
    await requirePermission(db, c.get('auth'), input.company, 'settings', 'edit');
    const row = await db.transaction(async (tx) => {
      const [inserted] = await tx
        .insert(customerLevels)
        .values({ companyId: input.company, title: input.title, rank: input.rank, note: input.note })
        .returning();
      await recordChange(tx, { companyId: input.company, entity: 'customer_level', entityId: inserted!.id, op: 'upsert' });
      return inserted!;
    });
    return created(c, toCustomerLevelRecord(row), 'Thêm cấp độ thành công');
  });

  app.put('/customer-level/:id', async (c) => {
    const id = pathId(c);
    const input = await parseBody(c, CustomerLevelInputSchema);
    await requirePermission(db, c.get('auth'), input.company, 'settings', 'edit');
    const row = await db.transaction(async (tx) => {
      const [updated] = await tx
        .update(customerLevels)
        .set({ title: input.title, rank: input.rank, note: input.note, updatedAt: new Date() })
        .where(and(eq(customerLevels.id, id), eq(customerLevels.companyId, input.company)))
        .returning();
      if (!updated) throw notFound('Không tìm thấy cấp độ');
      await recordChange(tx, { companyId: input.company, entity: 'customer_level', entityId: id, op: 'upsert' });
      return updated;
    });
    return ok(c, toCustomerLevelRecord(row), { message: 'Cập nhật cấp độ thành công' });
  });

  app.delete('/customer-level/:id', async (c) => {
    const id = pathId(c);
    const { company } = parseQuery(c, CompanyQuery);
    await requirePermission(db, c.get('auth'), company, 'settings', 'edit');
    const [level] = await db
      .select({ id: customerLevels.id })
      .from(customerLevels)
      .where(and(eq(customerLevels.id, id), eq(customerLevels.companyId, company)));
    if (!level) throw notFound('Không tìm thấy cấp độ');
    const policy = await usedByPolicy(db, pricePolicies.levelId, id);
    if (policy) throw conflict(`Cấp độ đang được dùng trong chính sách giá "${policy}", hãy sửa chính sách trước`);
    await db.transaction(async (tx) => {
      const members = await tx.select({ id: customers.id }).from(customers).where(eq(customers.levelId, id));
      await tx.update(customers).set({ levelId: null, updatedAt: new Date() }).where(eq(customers.levelId, id));
      await tx.delete(customerLevels).where(eq(customerLevels.id, id));
      await recordChanges(tx, [
        ...members.map((member) => ({ companyId: company, entity: 'customer' as const, entityId: member.id, op: 'upsert' as const })),
        { companyId: company, entity: 'customer_level', entityId: id, op: 'delete' },
      ]);
    });
    return ok(c, null, { message: 'Đã xóa cấp độ' });
  });

  return app;
}
