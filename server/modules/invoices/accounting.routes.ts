/**
 * Accounting calls (docs/invoices.md "Accounting"), behind the VAT switch like the rest
 * of /invoice/api:
 *   GET, PUT, DELETE amis/connection/ · GET, PUT amis/mappings/ · GET amis/dictionary/ ·
 *   POST amis/dictionary/push/ · GET amis/catalogue/ · POST amis/catalogue/push/ (step 1: the
 *   catalogue, before any voucher) · GET, POST amis/sync/ · GET amis/sync/candidates/ ·
 *   POST amis/sync/retry/ · GET amis/batch/{id}/
 * and POST /order/api/synchronize-order-misa/ (product-spec.md §7). Seeing needs the invoices
 * area's view, pushing its create, the connection, the mappings and sending again its edit.
 */
import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import {
  AmisConnectionSchema,
  CandidatesQuery,
  CataloguePushSchema,
  DictionaryPushSchema,
  DictionaryQuery,
  MappingListQuery,
  MappingSaveSchema,
  SyncListQuery,
  SyncOrdersSchema,
  SyncRequestSchema,
  SyncRetrySchema,
  type AccountingSource,
} from '@contract/invoices-accounting';
import type { AppDeps, AppEnv } from '@server/kernel/app-types';
import { authenticate } from '@server/kernel/authenticate';
import { deleteConnection } from '@server/kernel/connections';
import { notFound } from '@server/kernel/errors';
import { ok } from '@server/kernel/respond';
import { listMappings, pushDictionary, saveMappings } from './accounting-mappings';
import { batchRecord, listSyncs, retrySync, startSync } from './accounting-sync';
import { catalogueStatus, pushCatalogue, pushedText } from './catalogue-check';
import { invoicesCompany } from './company-checks';
import { amisClientFor, amisConnection, connectionRecord, requireAmisConnection, saveAmisConnection } from './amis-connection';
import { providerProblem } from './invoice-settings';
import { VOUCHER_SOURCES } from './voucher-sources';

const CompanyQuery = v.object({ company: SyncListQuery.entries.company });
const BatchId = v.pipe(v.string(), v.uuid('Lượt đồng bộ không hợp lệ'));

/** Starts a batch (one voucher job per new record) and answers its progress record. */
async function pushRecords(deps: AppDeps, c: Context<AppEnv>, company: number, source: AccountingSource, ids: readonly string[] | null) {
  await requireAmisConnection(deps, company);
  const batch = await startSync(deps.db, { companyId: company, source, ids, accountId: c.get('auth').accountId });
  deps.jobs.kick();
  return ok(c, batch, { status: 201, message: `Đang gửi ${batch.total} chứng từ sang MISA` });
}

export function accountingRoutes(deps: AppDeps) {
  const { db } = deps;
  const app = new Hono<AppEnv>({ strict: false });
  app.use('*', authenticate(deps));
  const { query, body } = invoicesCompany(deps);

  app.get('/amis/connection', async (c) => {
    const { company } = await query(c, CompanyQuery);
    return ok(c, {
      connection: connectionRecord(deps, company, await amisConnection(deps, company)),
      simulator_available: deps.simulatorUrl !== null,
    });
  });

  app.put('/amis/connection', async (c) => {
    const input = await body(c, AmisConnectionSchema, 'edit');
    const connection = await saveAmisConnection(deps, input, c.get('auth').accountId);
    return ok(c, connectionRecord(deps, input.company, connection), { message: 'Đã kết nối MISA AMIS Kế toán' });
  });

  app.delete('/amis/connection', async (c) => {
    const { company } = await query(c, CompanyQuery, 'edit');
    const connection = await requireAmisConnection(deps, company);
    await deleteConnection(db, company, connection.id);
    return ok(c, null, { message: 'Đã ngắt kết nối MISA AMIS Kế toán' });
  });

  app.get('/amis/mappings', async (c) => {
    const parsed = await query(c, MappingListQuery);
    const { rows, count } = await listMappings(db, parsed.company, parsed.kind, parsed);
    return ok(c, rows, { count });
  });

  app.put('/amis/mappings', async (c) => {
    const input = await body(c, MappingSaveSchema, 'edit');
    await saveMappings(db, input.company, input.kind, input.items);
    return ok(c, null, { message: 'Đã lưu ánh xạ danh mục' });
  });

  app.get('/amis/dictionary', async (c) => {
    const parsed = await query(c, DictionaryQuery);
    const connection = await requireAmisConnection(deps, parsed.company);
    try {
      return ok(c, await amisClientFor(deps, connection).dictionary(parsed.kind));
    } catch (error) {
      return providerProblem(error);
    }
  });

  app.post('/amis/dictionary/push', async (c) => {
    const input = await body(c, DictionaryPushSchema, 'create');
    const connection = await requireAmisConnection(deps, input.company);
    try {
      const pushed = await pushDictionary(db, amisClientFor(deps, connection), input.company, input.kind);
      return ok(c, { pushed }, { message: pushed ? `Đã gửi ${pushed} mục sang MISA` : 'Mọi mục đều đã có mã trên MISA' });
    } catch (error) {
      return providerProblem(error);
    }
  });

  app.get('/amis/catalogue', async (c) => {
    const { company } = await query(c, CompanyQuery);
    return ok(c, await catalogueStatus(db, company));
  });

  app.post('/amis/catalogue/push', async (c) => {
    const input = await body(c, CataloguePushSchema, 'create');
    const connection = await requireAmisConnection(deps, input.company);
    try {
      const pushed = await pushCatalogue(db, amisClientFor(deps, connection), input.company);
      return ok(
        c,
        { pushed, status: await catalogueStatus(db, input.company) },
        { message: `Đã gửi danh mục sang MISA: ${pushedText(pushed)}` },
      );
    } catch (error) {
      return providerProblem(error);
    }
  });

  app.get('/amis/sync/candidates', async (c) => {
    const parsed = await query(c, CandidatesQuery);
    return ok(c, await VOUCHER_SOURCES[parsed.source].ready(db, parsed.company, null, 500));
  });

  app.get('/amis/sync', async (c) => {
    const parsed = await query(c, SyncListQuery);
    const { rows, count, bonus } = await listSyncs(db, parsed);
    return ok(c, rows, { count, bonus });
  });

  app.post('/amis/sync', async (c) => {
    const input = await body(c, SyncRequestSchema, 'create');
    return pushRecords(deps, c, input.company, input.source, input.ids ?? null);
  });

  app.post('/amis/sync/retry', async (c) => {
    const input = await body(c, SyncRetrySchema, 'edit');
    await requireAmisConnection(deps, input.company);
    const batch = await retrySync(db, { companyId: input.company, ids: input.ids ?? null, accountId: c.get('auth').accountId });
    deps.jobs.kick();
    return ok(c, batch, { message: `Đang gửi lại ${batch.total} chứng từ sang MISA` });
  });

  app.get('/amis/batch/:id', async (c) => {
    const { company } = await query(c, CompanyQuery);
    const id = v.safeParse(BatchId, c.req.param('id'));
    if (!id.success) throw notFound('Không tìm thấy lượt đồng bộ');
    return ok(c, await batchRecord(db, company, id.output));
  });

  return app;
}

/** synchronize-order-misa/ (product-spec.md §7), mounted under /order/api by the composition root. */
export function misaOrderRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>({ strict: false });
  app.post('/synchronize-order-misa', authenticate(deps), async (c) => {
    const input = await invoicesCompany(deps).body(c, SyncOrdersSchema, 'create');
    return pushRecords(deps, c, input.company, 'order', input.order_ids ?? null);
  });
  return app;
}
