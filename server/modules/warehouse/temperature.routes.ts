/**
 * An import receipt's temperature readings (contract/pharma-cold.ts coldPaths.receipt): GET lists them
 * with the receipt's cold goods (warehouse view), POST adds one taken by the caller (warehouse edit).
 * Registered on the receipt routes' own app, so they share its sign-in middleware.
 */
import { and, eq } from 'drizzle-orm';
import type { Hono } from 'hono';
import * as v from 'valibot';
import { TemperatureReadingSchema, type TemperatureAnswer } from '@contract/pharma-cold';
import type { AppDeps, AppEnv } from '@server/kernel/app-types';
import type { Db } from '@server/kernel/db/client';
import { stockReceipts } from '@server/kernel/db/schema';
import { notFound } from '@server/kernel/errors';
import { created, ok } from '@server/kernel/respond';
import { companyQueryField } from '@contract/validation';
import { memberBody, memberQuery } from '@server/modules/roles';
import { addReading, readingsOf, receiptGoods } from './temperature';

const CompanyQuery = v.object({ company: companyQueryField });
const UUID = ':id{[0-9a-fA-F-]{36}}';

async function importReceipt(db: Db, companyId: number, id: string) {
  const [row] = await db
    .select({ id: stockReceipts.id })
    .from(stockReceipts)
    .where(and(eq(stockReceipts.companyId, companyId), eq(stockReceipts.id, id), eq(stockReceipts.kind, 'import')));
  if (!row) throw notFound('Không tìm thấy phiếu nhập kho');
  return row.id;
}

async function answer(db: Db, companyId: number, id: string): Promise<TemperatureAnswer> {
  const goods = await receiptGoods(db, companyId, id);
  return { cold_items: goods.cold, readings: await readingsOf(db, companyId, 'receipt', id, goods.storages) };
}

export function addReceiptTemperatureRoutes(app: Hono<AppEnv>, deps: AppDeps) {
  const { db } = deps;
  app.get(`/importreceipt/${UUID}/temperature`, async (c) => {
    const query = await memberQuery(deps, c, CompanyQuery, 'view', 'warehouse');
    const id = await importReceipt(db, query.company, c.req.param('id'));
    return ok(c, await answer(db, query.company, id));
  });
  app.post(`/importreceipt/${UUID}/temperature`, async (c) => {
    const input = await memberBody(deps, c, TemperatureReadingSchema, 'edit', 'warehouse');
    const id = await importReceipt(db, input.company, c.req.param('id'));
    await addReading(db, {
      companyId: input.company,
      subject: 'receipt',
      subjectId: id,
      celsius: input.celsius,
      note: input.note,
      accountId: c.get('auth').accountId,
    });
    return created(c, await answer(db, input.company, id), 'Đã ghi nhiệt độ');
  });
}
