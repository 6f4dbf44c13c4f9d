/**
 * Recall campaigns (/pharma/api/recalls/…, contract/pharma-recalls.ts recallPaths): GET the list
 * and one campaign (warehouse view), GET its close-out Excel (warehouse export), POST to open one
 * and PUT close/ (warehouse approve: they change lots' status and the legal record), POST returns/
 * (warehouse approve: it completes a receipt, as completing any receipt does). Mounted by
 * server/app.ts on its own, beside the pharma module's other routes.
 */
import { Hono } from 'hono';
import { CloseRecallSchema, OpenRecallSchema, RecallCompanyQuery, RecallListQuery, RecallReturnSchema } from '@contract/pharma-recalls';
import { vietnamDay } from '@contract/price-policy';
import type { AppDeps, AppEnv } from '@server/kernel/app-types';
import { authenticate } from '@server/kernel/authenticate';
import { notFound } from '@server/kernel/errors';
import { created, ok } from '@server/kernel/respond';
import { pathId } from '@server/kernel/validate';
import { memberBody, memberQuery } from '@server/modules/roles';
import { openRecall } from './recalls-open';
import { recallDetail, recallList } from './recalls-record';
import { bookRecallReturn, closeRecall } from './recalls-returns';
import { recallSheetResponse } from './recalls-sheet';

export function recallRoutes(deps: AppDeps) {
  const { db } = deps;
  const app = new Hono<AppEnv>({ strict: false });
  app.use('*', authenticate(deps));

  const detailOr404 = async (companyId: number, id: number) => {
    const detail = await recallDetail(db, companyId, id, vietnamDay());
    if (!detail) throw notFound('Không tìm thấy đợt thu hồi');
    return detail;
  };

  app.get('/recalls', async (c) => {
    const query = await memberQuery(deps, c, RecallListQuery, 'view', 'warehouse');
    const { rows, count } = await recallList(db, query, vietnamDay());
    return ok(c, rows, { count });
  });

  app.post('/recalls', async (c) => {
    const input = await memberBody(deps, c, OpenRecallSchema, 'approve', 'warehouse');
    const id = await db.transaction((tx) => openRecall(tx, input, c.get('auth').accountId));
    const detail = await detailOr404(input.company, id);
    return created(c, detail, `Đã mở đợt thu hồi ${detail.code}: ${detail.lot_nos.length} lô, ${detail.customer_count} khách hàng đã nhận`);
  });

  app.get('/recalls/:id{[0-9]+}', async (c) => {
    const query = await memberQuery(deps, c, RecallCompanyQuery, 'view', 'warehouse');
    return ok(c, await detailOr404(query.company, pathId(c)));
  });

  app.get('/recalls/:id{[0-9]+}/export', async (c) => {
    const query = await memberQuery(deps, c, RecallCompanyQuery, 'export', 'warehouse');
    const detail = await detailOr404(query.company, pathId(c));
    return recallSheetResponse(detail, (error) => deps.logger.error({ err: error }, 'recall export failed'));
  });

  app.post('/recalls/:id{[0-9]+}/returns', async (c) => {
    const input = await memberBody(deps, c, RecallReturnSchema, 'approve', 'warehouse');
    const id = pathId(c);
    const codes = await db.transaction((tx) => bookRecallReturn(tx, id, input, c.get('auth').accountId));
    return created(c, await detailOr404(input.company, id), `Đã nhập trả vào kho biệt trữ: phiếu ${codes.join(', ')}`);
  });

  app.put('/recalls/:id{[0-9]+}/close', async (c) => {
    const input = await memberBody(deps, c, CloseRecallSchema, 'approve', 'warehouse');
    const id = pathId(c);
    const campaign = await db.transaction((tx) => closeRecall(tx, input.company, id, input.note, c.get('auth').accountId));
    return ok(c, await detailOr404(input.company, id), { message: `Đã đóng đợt thu hồi ${campaign.code}` });
  });

  return app;
}
