/**
 * Lots (the spec's "shipments", /warehouse/api): GET shipments/ (filter by product, status, near
 * expiry) · GET shipments/{id}/ with who received it (for a recall) · PUT shipments/{id}/status/
 * (quarantine, release, recall: releasing also frees what returns put in quarantine).
 */
import { and, asc, eq, ilike, lte, or, sql, type SQL } from 'drizzle-orm';
import { Hono } from 'hono';
import * as v from 'valibot';
import { LotStatusSchema, ShipmentsQuery, type LotRecord } from '@contract/warehouse';
import { daysToExpiry } from '@contract/warehouse-ledger';
import { LOT_STATUS_LABELS, LOT_TRANSITIONS, type LotStatus } from '@contract/warehouse-status';
import type { AppDeps, AppEnv } from '@server/kernel/app-types';
import { authenticate } from '@server/kernel/authenticate';
import type { Db } from '@server/kernel/db/client';
import { products, stockLotBalances, stockLots, variants, variantUnits } from '@server/kernel/db/schema';
import { badRequest, HttpError, notFound } from '@server/kernel/errors';
import { ok } from '@server/kernel/respond';
import { likePattern, wordConditions } from '@server/kernel/sql';
import { recordUpserts } from '@server/kernel/sync/change-log';
import { pathId } from '@server/kernel/validate';
import { pagedRows } from '@server/kernel/lists';
import { memberBody, memberQuery } from '@server/modules/roles';
import { expiringUntil, lotRecipients, today } from './lots';

const CompanyQuery = v.object({ company: ShipmentsQuery.entries.company });

async function lotRecords(
  db: Db,
  companyId: number,
  where: SQL[],
  page?: { page: number; limit: number },
): Promise<{ rows: LotRecord[]; count: number }> {
  const conditions = and(eq(stockLots.companyId, companyId), sql`${stockLots.lotNo} <> ''`, ...where);
  const quantity = sql<string>`coalesce((select sum(${stockLotBalances.onHand}) from ${stockLotBalances} where ${stockLotBalances.lotId} = ${stockLots.id}), 0)`;
  const query = db
    .select({
      lot: stockLots,
      productName: products.name,
      variantName: variants.name,
      sku: variants.code,
      baseUnit: sql<string>`(select ${variantUnits.unit} from ${variantUnits} where ${variantUnits.variantId} = ${stockLots.variantId} and ${variantUnits.factor} = 1 limit 1)`,
      quantity,
    })
    .from(stockLots)
    .innerJoin(variants, eq(variants.id, stockLots.variantId))
    .innerJoin(products, eq(products.id, variants.productId))
    .where(conditions)
    .$dynamic();
  const order = [asc(stockLots.expiresOn), asc(products.name)];
  // Without a page (a lot read by its id), the rows are the whole select.
  const { rows, count } = page
    ? await pagedRows(db, query, order, page)
    : await query.orderBy(...order).then((all) => ({ rows: all, count: all.length }));
  const day = today();
  return {
    count,
    rows: rows.map(({ lot, productName, variantName, sku, baseUnit, quantity: onHand }) => ({
      id: lot.id,
      company: lot.companyId,
      variant_id: lot.variantId,
      product_name: productName,
      variant_name: variantName,
      sku,
      base_unit: baseUnit ?? '',
      lot_no: lot.lotNo,
      manufactured_on: lot.manufacturedOn,
      expires_on: lot.expiresOn,
      status: lot.status as LotStatus,
      status_reason: lot.statusReason,
      quantity: Number(onHand),
      days_to_expiry: daysToExpiry(lot.expiresOn, day),
      created_at: lot.createdAt.toISOString(),
    })),
  };
}

export function lotRoutes(deps: AppDeps) {
  const { db } = deps;
  const app = new Hono<AppEnv>({ strict: false });
  app.use('*', authenticate(deps));

  app.get('/shipments', async (c) => {
    const query = await memberQuery(deps, c, ShipmentsQuery, 'view', 'warehouse');
    const where: SQL[] = [];
    const words = wordConditions(variants.searchText, query.search);
    if (query.search) where.push(or(and(...words), ilike(stockLots.lotNo, likePattern(query.search)))!);
    if (query.variant) where.push(eq(stockLots.variantId, query.variant));
    if (query.status) where.push(eq(stockLots.status, query.status));
    if (query.expiring) where.push(lte(stockLots.expiresOn, expiringUntil(query.expiring)));
    const { rows, count: total } = await lotRecords(db, query.company, where, query);
    return ok(c, rows, { count: total });
  });

  app.get('/shipments/:id', async (c) => {
    const query = await memberQuery(deps, c, CompanyQuery, 'view', 'warehouse');
    const id = pathId(c);
    const { rows } = await lotRecords(db, query.company, [eq(stockLots.id, id)]);
    if (!rows[0]) throw notFound('Không tìm thấy lô hàng');
    return ok(c, { ...rows[0], recipients: await lotRecipients(db, query.company, id) });
  });

  app.put('/shipments/:id/status', async (c) => {
    const input = await memberBody(deps, c, LotStatusSchema, 'approve', 'warehouse');
    const id = pathId(c);
    const [lot] = await db
      .select()
      .from(stockLots)
      .where(and(eq(stockLots.companyId, input.company), eq(stockLots.id, id)));
    if (!lot || !lot.lotNo) throw notFound('Không tìm thấy lô hàng');
    const from = lot.status as LotStatus;
    if (from !== input.status && !LOT_TRANSITIONS[from].includes(input.status))
      throw new HttpError(
        409,
        'CONFLICT',
        `Lô đang "${LOT_STATUS_LABELS[from]}" không thể chuyển sang "${LOT_STATUS_LABELS[input.status]}"`,
      );
    if (input.status !== 'usable' && !input.reason)
      throw badRequest('VALIDATION_FAILED', 'Vui lòng nhập lý do', { reason: 'Vui lòng nhập lý do' });
    await db.transaction(async (tx) => {
      await tx
        .update(stockLots)
        .set({ status: input.status, statusReason: input.reason, updatedAt: new Date() })
        .where(eq(stockLots.id, id));
      // Releasing a lot also releases what returns put in quarantine: it is all sellable again.
      if (input.status === 'usable') await tx.update(stockLotBalances).set({ held: 0 }).where(eq(stockLotBalances.lotId, id));
      await recordUpserts(tx, input.company, 'stock', [lot.variantId]);
    });
    const { rows } = await lotRecords(db, input.company, [eq(stockLots.id, id)]);
    return ok(c, rows[0], { message: `Lô ${lot.lotNo}: ${LOT_STATUS_LABELS[input.status]}` });
  });

  return app;
}
