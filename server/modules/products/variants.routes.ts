/**
 * `variant/` (the list the /product/variant and order screens use), `variant/{id}/`,
 * `updatevariantwholesale/` (wholesale prices per unit, in bulk) and `scanproduct/?barcode=`.
 */
import { and, eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { CompanyQuery, ScanQuery, VariantListQuery, VariantUpdateSchema, WholesaleUpdateSchema, type ScanAnswer } from '@contract/products';
import type { AppDeps, AppEnv } from '@server/kernel/app-types';
import type { Db } from '@server/kernel/db/client';
import { variants, variantUnits } from '@server/kernel/db/schema';
import { badRequest, HttpError, notFound } from '@server/kernel/errors';
import { ok } from '@server/kernel/respond';
import { requireSwitch } from '@server/kernel/switches';
import { pathId } from '@server/kernel/validate';
import { listVariants } from './catalogue-lists';
import { recordUpserts } from '@server/kernel/sync/change-log';
import { mapConflicts } from './conflicts';
import { saveProduct } from './product-write';
import { storedProductInput } from './product-stored';
import { memberBody, memberQuery } from '@server/modules/roles';
import { anyInt } from '@server/kernel/sql';
import { variantRecordsById } from './variant-record';

const ID = ':id{[0-9]+}';

async function variantRecord(db: Db, companyId: number, id: number) {
  const record = (await variantRecordsById(db, companyId, [id])).get(id);
  if (!record) throw notFound('Không tìm thấy biến thể');
  return record;
}

/** Errors of the product form name `variants.<i>.<field>`; for one variant they name `<field>`. */
function asVariantError(error: unknown, index: number): unknown {
  if (!(error instanceof HttpError) || !error.fields) return error;
  const prefix = `variants.${index}.`;
  const fields = Object.fromEntries(
    Object.entries(error.fields).map(([key, value]) => [key.startsWith(prefix) ? key.slice(prefix.length) : key, value]),
  );
  return new HttpError(error.status, error.code, error.message, fields, error.headers);
}

export function variantRoutes(deps: AppDeps) {
  const { db } = deps;
  const app = new Hono<AppEnv>({ strict: false });

  app.get('/variant', async (c) => {
    const query = await memberQuery(deps, c, VariantListQuery);
    // The list may lag a moment behind (a replica; never behind the caller's own writes).
    const result = await listVariants(await deps.reads.readDb(c), query);
    return ok(c, result.rows, { count: result.count });
  });

  app.get(`/variant/${ID}`, async (c) => {
    const id = pathId(c);
    const query = await memberQuery(deps, c, CompanyQuery);
    return ok(c, await variantRecord(db, query.company, id));
  });

  app.put(`/variant/${ID}`, async (c) => {
    const id = pathId(c);
    const input = await memberBody(deps, c, VariantUpdateSchema, 'edit');
    const current = await variantRecord(db, input.company, id);
    await mapConflicts(() =>
      db.transaction(async (tx) => {
        const product = await storedProductInput(tx, input.company, current.product_id);
        const index = product.variants.findIndex((variant) => variant.id === id);
        const stored = product.variants[index]!;
        product.variants[index] = {
          ...stored,
          code: input.code === undefined ? stored.code : input.code,
          name: input.name ?? stored.name,
          is_active: input.is_active ?? stored.is_active,
          units: input.units ?? stored.units,
        };
        try {
          await saveProduct(tx, input.company, product, current.product_id);
        } catch (error) {
          throw asVariantError(error, index);
        }
      }),
    );
    return ok(c, await variantRecord(db, input.company, id), { message: 'Cập nhật biến thể thành công' });
  });

  // Wholesale prices are the WHOLESALE service's: with it off they are neither read nor saved here.
  app.get('/updatevariantwholesale', async (c) => {
    const query = await memberQuery(deps, c, VariantListQuery);
    await requireSwitch(db, query.company, 'WHOLESALE');
    const result = await listVariants(db, query);
    return ok(c, result.rows, { count: result.count });
  });

  app.put('/updatevariantwholesale', async (c) => {
    const input = await memberBody(deps, c, WholesaleUpdateSchema, 'edit');
    await requireSwitch(db, input.company, 'WHOLESALE');
    const variantIds = [...new Set(input.items.map((item) => item.variant_id))];
    const units = await db
      .select({ id: variantUnits.id, variantId: variantUnits.variantId, unit: variantUnits.unit })
      .from(variantUnits)
      .where(and(eq(variantUnits.companyId, input.company), anyInt(variantUnits.variantId, variantIds)));
    const unitIds = new Map(units.map((row) => [`${row.variantId}|${row.unit.toLocaleLowerCase('vi')}`, row.id]));
    const known = new Set(units.map((row) => row.variantId));
    const seen = new Set<string>();
    const updates = input.items.map((item, i) => {
      if (!known.has(item.variant_id)) {
        throw badRequest('VALIDATION_FAILED', 'Biến thể không tồn tại trong công ty', {
          [`items.${i}.variant_id`]: 'Biến thể không tồn tại trong công ty',
        });
      }
      const key = `${item.variant_id}|${item.unit.toLocaleLowerCase('vi')}`;
      const unitId = unitIds.get(key);
      if (unitId === undefined) {
        const message = `Biến thể không có đơn vị "${item.unit}"`;
        throw badRequest('VALIDATION_FAILED', message, { [`items.${i}.unit`]: message });
      }
      if (seen.has(key)) throw badRequest('VALIDATION_FAILED', 'Dòng giá sỉ bị lặp lại', { [`items.${i}.unit`]: 'Dòng giá sỉ bị lặp lại' });
      seen.add(key);
      return { unitId, price: item.wholesale_price };
    });
    await db.transaction(async (tx) => {
      await tx.execute(sql`
        update variant_units as unit set wholesale_price = input.price
        from (select unnest(${sql.param(updates.map((u) => u.unitId))}::int[]) as id,
                     unnest(${sql.param(updates.map((u) => u.price))}::bigint[]) as price) as input
        where unit.id = input.id and unit.company_id = ${input.company}`);
      await tx.update(variants).set({ updatedAt: new Date() }).where(anyInt(variants.id, variantIds));
      await recordUpserts(tx, input.company, 'variant', variantIds);
    });
    const records = await variantRecordsById(db, input.company, variantIds);
    return ok(
      c,
      variantIds.map((id) => records.get(id)).filter((record) => record !== undefined),
      { message: 'Đã cập nhật giá sỉ' },
    );
  });

  app.get('/scanproduct', async (c) => {
    const query = await memberQuery(deps, c, ScanQuery);
    const [hit] = await db
      .select({ variantId: variantUnits.variantId })
      .from(variantUnits)
      .where(and(eq(variantUnits.companyId, query.company), eq(variantUnits.barcode, query.barcode)))
      .limit(1);
    const variant = hit ? (await variantRecordsById(db, query.company, [hit.variantId])).get(hit.variantId) : undefined;
    const unit = variant?.units.find((candidate) => candidate.barcode === query.barcode);
    if (!variant || !unit) throw notFound(`Không tìm thấy sản phẩm có mã vạch ${query.barcode}`);
    const answer: ScanAnswer = { variant, unit };
    return ok(c, answer);
  });

  return app;
}
