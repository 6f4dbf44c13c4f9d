/**
 * Receipt calls (product-spec.md §7 "Warehouse": import, export, check and transfer receipts with
 * create, list, detail, status update and print), one set per kind under /warehouse/api:
 *   GET, POST {kind}receipt/ · GET, PUT {kind}receipt/{id}/ · PUT updatestatus{kind}receipt/{id}/ ·
 *   GET print{kind}receipt/{id}/ · GET {kind}receipt/export/ (Excel) · POST checkreceipt/{id}/count/
 * Viewing needs the warehouse area's view; making and editing drafts its create/edit; moves that
 * change stock its approve. Transfers need the WAREHOUSE service; without it every receipt is of
 * the default warehouse.
 */
import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import { StockCountSchema } from '@contract/warehouse';
import { StockImportSchema, type StockSheetRow } from '@contract/warehouse-sheet';
import {
  CheckInputSchema,
  ReceiptInputSchema,
  ReceiptListQuery,
  ReceiptStatusSchema,
  type ReceiptDetail,
} from '@contract/warehouse-receipts';
import { EDITABLE_STATUSES, RECEIPT_KIND_LABELS, RECEIPT_KINDS, receiptMoveAction, type ReceiptKind } from '@contract/warehouse-status';
import type { AppDeps, AppEnv } from '@server/kernel/app-types';
import { authenticate } from '@server/kernel/authenticate';
import type { Db } from '@server/kernel/db/client';
import { badRequest, forbidden, HttpError, notFound } from '@server/kernel/errors';
import { created, ok } from '@server/kernel/respond';
import { requireSwitch } from '@server/kernel/switches';
import { parseBody } from '@server/kernel/validate';
import { memberBody, memberQuery, requirePermission } from '@server/modules/roles';
import { addCountSheet } from './checks';
import { createCheck, createReceipt } from './receipt-create';
import { assertPeriodOpen } from './periods';
import { receivedLotsNote } from './receipt-expiry';
import { moveReceipt } from './receipt-posting';
import { resolveLines } from './receipt-lines';
import { receiptSheet, stockTemplate } from './receipt-sheet';
import { importStockSheet } from './stock-import';
import { listReceipts, lockReceipt, receiptDetail, replaceDraft, type ReceiptHeader } from './receipts.repo';
import { otherWarehouse, usableWarehouse } from './warehouses.repo';
import { printData } from './receipt-print';
import { addReceiptTemperatureRoutes } from './temperature.routes';

const ReceiptId = v.object({ id: v.pipe(v.string(), v.uuid('Phiếu không hợp lệ')) });
const CompanyQuery = v.object({ company: ReceiptListQuery.entries.company });

function receiptId(c: Context): string {
  const parsed = v.safeParse(ReceiptId, { id: c.req.param('id') });
  if (!parsed.success) throw notFound('Không tìm thấy phiếu');
  return parsed.output.id;
}

/** The header of a receipt as sent, its warehouses checked (transfers: two, and the service on). */
async function headerOf(
  db: Db,
  companyId: number,
  kind: ReceiptKind,
  input: v.InferOutput<typeof ReceiptInputSchema>,
): Promise<ReceiptHeader> {
  const warehouse = await usableWarehouse(db, companyId, input.warehouse);
  let toWarehouseId: number | null = null;
  if (kind === 'transfer') {
    await requireSwitch(db, companyId, 'WAREHOUSE');
    if (!input.to_warehouse) throw badRequest('VALIDATION_FAILED', 'Vui lòng chọn kho nhận', { to_warehouse: 'Vui lòng chọn kho nhận' });
    toWarehouseId = (await otherWarehouse(db, companyId, input.to_warehouse, warehouse.id)).id;
  }
  return {
    warehouseId: warehouse.id,
    toWarehouseId,
    reasonId: kind === 'transfer' ? input.reason : null,
    partnerName: input.partner_name,
    partnerAddress: input.partner_address,
    sourceDocument: input.source_document,
    documentDate: input.document_date,
    note: input.note,
  };
}

async function detailOf(db: Db, companyId: number, kind: ReceiptKind, id: string): Promise<ReceiptDetail> {
  const detail = await receiptDetail(db, companyId, id);
  if (!detail || detail.kind !== kind) throw notFound(`Không tìm thấy ${RECEIPT_KIND_LABELS[kind].toLowerCase()}`);
  return detail;
}

export function receiptRoutes(deps: AppDeps) {
  const { db } = deps;
  const app = new Hono<AppEnv>({ strict: false });
  app.use('*', authenticate(deps));

  for (const kind of RECEIPT_KINDS) {
    const label = RECEIPT_KIND_LABELS[kind];

    app.get(`/${kind}receipt`, async (c) => {
      const query = await memberQuery(deps, c, ReceiptListQuery, 'view', 'warehouse');
      if (kind === 'transfer') await requireSwitch(db, query.company, 'WAREHOUSE');
      const { rows, count, bonus } = await listReceipts(
        db,
        {
          companyId: query.company,
          kind,
          search: query.search,
          status: query.status,
          warehouse: query.warehouse,
          dateFrom: query.date_from,
          dateTo: query.date_to,
        },
        query,
      );
      return ok(c, rows, { count, bonus });
    });

    app.get(`/${kind}receipt/export`, async (c) => {
      const query = await memberQuery(deps, c, ReceiptListQuery, 'export', 'warehouse');
      return receiptSheet(db, kind, query, (error) => deps.logger.error({ err: error }, 'receipt export failed'));
    });

    if (kind === 'import') {
      // Opening stock or a purchase from Excel: one completed receipt, or nothing when a row is refused.
      app.get('/importreceipt/template', async (c) => {
        await memberQuery(deps, c, CompanyQuery, 'create', 'warehouse');
        return stockTemplate();
      });
      app.post('/importreceipt/import', async (c) => {
        const input = await memberBody(deps, c, StockImportSchema, 'create', 'warehouse');
        const access = await requirePermission(db, c.get('auth'), input.company, 'warehouse', 'approve');
        const answer = await db.transaction((tx) =>
          importStockSheet(tx, {
            companyId: input.company,
            accountId: access.accountId,
            warehouseId: input.warehouse,
            documentDate: input.document_date,
            opening: input.opening,
            partnerName: input.partner_name,
            sourceDocument: input.source_document,
            rows: input.rows as StockSheetRow[],
          }),
        );
        const message = answer.code
          ? `Đã nhập ${answer.created} dòng vào phiếu ${answer.code}`
          : `${answer.errors.length} dòng lỗi: chưa nhập gì`;
        return ok(c, answer, { message });
      });
    }

    app.get(`/${kind}receipt/:id`, async (c) => {
      const query = await memberQuery(deps, c, CompanyQuery, 'view', 'warehouse');
      return ok(c, await detailOf(db, query.company, kind, receiptId(c)));
    });

    app.get(`/print${kind}receipt/:id`, async (c) => {
      const query = await memberQuery(deps, c, CompanyQuery, 'view', 'warehouse');
      return ok(c, await printData(db, query.company, await detailOf(db, query.company, kind, receiptId(c))));
    });

    if (kind === 'check') {
      // A check starts from the books: no lines are sent, the warehouse's lots are listed.
      app.post(`/checkreceipt`, async (c) => {
        const input = await memberBody(deps, c, CheckInputSchema, 'create', 'warehouse');
        const auth = c.get('auth');
        const id = await db.transaction(async (tx) =>
          createCheck(tx, {
            companyId: input.company,
            warehouseId: (await usableWarehouse(tx, input.company, input.warehouse)).id,
            documentDate: input.document_date,
            note: input.note,
            countMerge: input.count_merge,
            variants: input.variants,
            accountId: auth.accountId,
          }),
        );
        return created(c, await detailOf(db, input.company, kind, id), `Đã tạo ${label.toLowerCase()}`);
      });

      app.post(`/checkreceipt/:id/count`, async (c) => {
        const id = receiptId(c);
        const input = await parseBody(c, v.object({ company: CheckInputSchema.entries.company, ...StockCountSchema.entries }));
        await requirePermission(db, c.get('auth'), input.company, 'warehouse', 'create');
        if (input.receiptId !== id) throw badRequest('VALIDATION_FAILED', 'Phiếu kiểm kho không khớp');
        await db.transaction((tx) => addCountSheet(tx, { ...input, companyId: input.company, accountId: c.get('auth').accountId }));
        return ok(c, await detailOf(db, input.company, kind, id), { message: 'Đã ghi số đếm' });
      });
    } else {
      app.post(`/${kind}receipt`, async (c) => {
        const input = await parseBody(c, ReceiptInputSchema);
        const auth = c.get('auth');
        const access = await requirePermission(db, auth, input.company, 'warehouse', 'create');
        if (
          input.status !== 'draft' &&
          !access.isAdmin &&
          !(access.permissions.warehouse ?? []).includes(receiptMoveAction('draft', input.status))
        )
          throw forbidden('FORBIDDEN', 'Bạn không có quyền duyệt phiếu kho');
        const id = await db.transaction(async (tx) =>
          createReceipt(tx, {
            companyId: input.company,
            kind,
            header: await headerOf(tx, input.company, kind, input),
            lines: input.lines,
            accountId: auth.accountId,
            status: input.status,
          }),
        );
        const detail = await detailOf(db, input.company, kind, id);
        return created(c, detail, `Đã tạo ${label.toLowerCase()}${await receivedLotsNote(db, detail)}`);
      });

      app.put(`/${kind}receipt/:id`, async (c) => {
        const id = receiptId(c);
        const input = await memberBody(deps, c, ReceiptInputSchema, 'edit', 'warehouse');
        await db.transaction(async (tx) => {
          const row = await lockReceipt(tx, input.company, kind, id);
          if (!row) throw notFound(`Không tìm thấy ${label.toLowerCase()}`);
          if (!EDITABLE_STATUSES.includes(row.status as never)) throw new HttpError(409, 'CONFLICT', 'Chỉ sửa được phiếu nháp');
          const header = await headerOf(tx, input.company, kind, input);
          await assertPeriodOpen(tx, input.company, header.documentDate);
          await replaceDraft(tx, row, header, await resolveLines(tx, input.company, kind, input.lines));
        });
        return ok(c, await detailOf(db, input.company, kind, id), { message: 'Đã lưu phiếu' });
      });
    }

    app.put(`/updatestatus${kind}receipt/:id`, async (c) => {
      const id = receiptId(c);
      const input = await parseBody(c, ReceiptStatusSchema);
      const auth = c.get('auth');
      if (kind === 'transfer') await requireSwitch(db, input.company, 'WAREHOUSE');
      await db.transaction(async (tx) => {
        const row = await lockReceipt(tx, input.company, kind, id);
        await requirePermission(tx, auth, input.company, 'warehouse', receiptMoveAction((row?.status ?? 'draft') as never, input.status));
        await moveReceipt(tx, {
          companyId: input.company,
          kind,
          id,
          to: input.status,
          reason: input.reason,
          accountId: auth.accountId,
          received: input.received,
        });
      });
      const detail = await detailOf(db, input.company, kind, id);
      return ok(c, detail, { message: `Đã chuyển ${label.toLowerCase()} ${detail.code}${await receivedLotsNote(db, detail)}` });
    });
  }

  addReceiptTemperatureRoutes(app, deps);
  return app;
}
