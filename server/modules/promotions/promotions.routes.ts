/**
 * Promotion calls (product-spec.md "Promotion (promotion/api)"), all refused while the company's
 * REWARD switch is off: promotion/ CRUD with copy, usage, export and the SKU-sheet import;
 * promotiontype/ and typediscount/ (what a programme can be and give); promotionvalue/ (its tiers);
 * statuspromotion/ (counts per status; POST one of approve, reject, stop, which need the approve
 * permission); getpromotionvariant/ (the goods a programme covers).
 */
import { and, desc, eq, isNull } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import {
  KIND_REWARDS,
  PROMOTION_KIND_HINTS,
  PROMOTION_KIND_LABELS,
  PROMOTION_KINDS,
  PROMOTION_MESSAGES,
  PROMOTION_SWITCH,
  PromotionActionSchema,
  PromotionInputSchema,
  PromotionLinesImportSchema,
  PromotionListQuery,
  PromotionTiersSchema,
  PromotionUsageQuery,
  PromotionVariantQuery,
  REWARD_TYPE_LABELS,
  REWARD_TYPES,
  type PromotionUsageRow,
} from '@contract/promotions';
import type { PermissionAction } from '@contract/roles';
import { companyQueryField, idField } from '@contract/validation';
import type { AppDeps, AppEnv } from '@server/kernel/app-types';
import { authenticate } from '@server/kernel/authenticate';
import type { Db } from '@server/kernel/db/client';
import { accounts, orders, promotionUsages } from '@server/kernel/db/schema';
import { notFound } from '@server/kernel/errors';
import { created, ok } from '@server/kernel/respond';
import { requireSwitch } from '@server/kernel/switches';
import { parseBody, parseQuery, pathId } from '@server/kernel/validate';
import { pagedRows } from '@server/kernel/lists';
import { requirePermission } from '@server/modules/roles';
import { coveredVariants, listPromotions, statusCounts } from './promotion-list';
import { promotionRecordsById } from './promotion-record';
import { promotionSheet, promotionTemplate, readPromotionLines } from './promotion-sheet';
import { actOnPromotion, copyPromotion, createPromotion, deletePromotion, replaceTiers, updatePromotion } from './promotion-write';

const ID = ':id{[0-9]+}';
const CompanyQuery = v.object({ company: companyQueryField });
const TiersQuery = v.object({ company: companyQueryField, promotion: idField('chương trình') });

type WithCompany = v.GenericSchema<unknown, { company: number }>;

export function promotionRoutes(deps: AppDeps) {
  const { db } = deps;
  const app = new Hono<AppEnv>({ strict: false });
  app.use('*', authenticate(deps));

  /** The caller may do `action` on promotions, and the company runs them. */
  async function allowed(c: Context<AppEnv>, companyId: number, action: PermissionAction) {
    const access = await requirePermission(db, c.get('auth'), companyId, 'promotions', action);
    await requireSwitch(db, companyId, PROMOTION_SWITCH);
    return access;
  }
  async function query<S extends WithCompany>(c: Context<AppEnv>, schema: S, action: PermissionAction = 'view') {
    const input = parseQuery(c, schema);
    return { input, access: await allowed(c, input.company, action) };
  }
  async function body<S extends WithCompany>(c: Context<AppEnv>, schema: S, action: PermissionAction) {
    const input = await parseBody(c, schema);
    return { input, access: await allowed(c, input.company, action) };
  }
  async function record(database: Db, companyId: number, id: number) {
    const found = (await promotionRecordsById(database, companyId, [id])).get(id);
    if (!found) throw notFound(PROMOTION_MESSAGES.notFound);
    return found;
  }

  app.get('/promotion', async (c) => {
    const { input } = await query(c, PromotionListQuery);
    const { rows, count } = await listPromotions(db, input);
    return ok(c, rows, { count });
  });

  app.post('/promotion', async (c) => {
    const { input, access } = await body(c, PromotionInputSchema, 'create');
    const id = await db.transaction((tx) => createPromotion(tx, input.company, access.accountId, input));
    return created(c, await record(db, input.company, id), PROMOTION_MESSAGES.created);
  });

  app.get('/promotion/export', async (c) => {
    const { input } = await query(c, PromotionListQuery, 'export');
    return promotionSheet(db, input, (error) => deps.logger.error({ err: error }, 'promotion export failed'));
  });

  // Reading a sheet of SKUs writes nothing: whoever may see programmes may use it while writing one.
  app.get('/promotion/template', async (c) => {
    await query(c, CompanyQuery);
    return promotionTemplate();
  });

  app.post('/promotion/import', async (c) => {
    const { input } = await body(c, PromotionLinesImportSchema, 'view');
    return ok(c, await readPromotionLines(db, input.company, input.rows));
  });

  app.get(`/promotion/${ID}`, async (c) => {
    const { input } = await query(c, CompanyQuery);
    return ok(c, await record(db, input.company, pathId(c)));
  });

  app.put(`/promotion/${ID}`, async (c) => {
    const { input } = await body(c, PromotionInputSchema, 'edit');
    const id = pathId(c);
    await db.transaction((tx) => updatePromotion(tx, input.company, id, input));
    return ok(c, await record(db, input.company, id), { message: PROMOTION_MESSAGES.updated });
  });

  app.delete(`/promotion/${ID}`, async (c) => {
    const { input } = await query(c, CompanyQuery, 'delete');
    await db.transaction((tx) => deletePromotion(tx, input.company, pathId(c)));
    return ok(c, null, { message: PROMOTION_MESSAGES.deleted });
  });

  app.post(`/promotion/${ID}/copy`, async (c) => {
    const { input, access } = await body(c, v.object({ company: PromotionInputSchema.pipe[0].entries.company }), 'create');
    const id = await db.transaction((tx) => copyPromotion(tx, input.company, access.accountId, pathId(c)));
    return created(c, await record(db, input.company, id), PROMOTION_MESSAGES.copied);
  });

  app.get(`/promotion/${ID}/usage`, async (c) => {
    const { input } = await query(c, PromotionUsageQuery);
    const id = pathId(c);
    await record(db, input.company, id);
    const where = and(
      eq(promotionUsages.companyId, input.company),
      eq(promotionUsages.promotionId, id),
      isNull(promotionUsages.releasedAt),
    );
    const select = db
      .select({ usage: promotionUsages, orderCode: orders.code, customerName: orders.customerName, accountName: accounts.fullName })
      .from(promotionUsages)
      .innerJoin(orders, eq(orders.id, promotionUsages.orderId))
      .innerJoin(accounts, eq(accounts.id, promotionUsages.accountId))
      .where(where)
      .$dynamic();
    const { rows, count } = await pagedRows(db, select, [desc(promotionUsages.createdAt), desc(promotionUsages.id)], input);
    const data: PromotionUsageRow[] = rows.map(({ usage, orderCode, customerName, accountName }) => ({
      order_id: usage.orderId,
      order_code: orderCode,
      customer_name: customerName,
      account_name: accountName,
      discount: usage.discount,
      gift_value: usage.giftValue,
      quantity: usage.quantity,
      created_at: usage.createdAt.toISOString(),
    }));
    return ok(c, data, { count });
  });

  app.get('/promotiontype', async (c) => {
    await query(c, CompanyQuery);
    return ok(
      c,
      PROMOTION_KINDS.map((kind) => ({
        value: kind,
        label: PROMOTION_KIND_LABELS[kind],
        hint: PROMOTION_KIND_HINTS[kind],
        rewards: KIND_REWARDS[kind],
      })),
    );
  });

  app.get('/typediscount', async (c) => {
    await query(c, CompanyQuery);
    return ok(
      c,
      REWARD_TYPES.map((reward) => ({ value: reward, label: REWARD_TYPE_LABELS[reward] })),
    );
  });

  app.get('/promotionvalue', async (c) => {
    const { input } = await query(c, TiersQuery);
    return ok(c, (await record(db, input.company, input.promotion)).tiers);
  });

  app.put('/promotionvalue', async (c) => {
    const { input } = await body(c, PromotionTiersSchema, 'edit');
    await db.transaction((tx) => replaceTiers(tx, input.company, input.promotion, input.tiers));
    return ok(c, (await record(db, input.company, input.promotion)).tiers, { message: PROMOTION_MESSAGES.updated });
  });

  app.get('/statuspromotion', async (c) => {
    const { input } = await query(c, CompanyQuery);
    return ok(c, await statusCounts(db, input.company));
  });

  app.post(`/statuspromotion/${ID}`, async (c) => {
    const { input, access } = await body(c, PromotionActionSchema, 'approve');
    const id = pathId(c);
    await db.transaction((tx) => actOnPromotion(tx, input.company, access.accountId, id, input.action, input.reason));
    const message = { approve: PROMOTION_MESSAGES.approved, reject: PROMOTION_MESSAGES.rejected, stop: PROMOTION_MESSAGES.stopped }[
      input.action
    ];
    return ok(c, await record(db, input.company, id), { message });
  });

  app.get('/getpromotionvariant', async (c) => {
    const { input } = await query(c, PromotionVariantQuery);
    const found = await record(db, input.company, input.promotion);
    const { rows, count } = await coveredVariants(db, found, input);
    return ok(c, rows, { count });
  });

  return app;
}
