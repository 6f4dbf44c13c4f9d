/**
 * Pushing records to AMIS (docs/invoices.md "Accounting"): "Đồng bộ" makes a batch, one sync row
 * per record (a record has one row ever: the unique key on company, source and record) with its
 * `org_refid`, and a job per row, all in one transaction; "Thử lại" sends failed or long-waiting
 * rows again under a new batch, same org_refid. Both are refused before the catalogue the records
 * name was sent (catalogue-check.ts). The list and a batch's progress count rows by status, and a
 * batch AMIS has answered says what it came to: "Đã đồng bộ X/Y, Z lỗi" with the refused listed,
 * never a success when nothing was synced or anything failed.
 */
import { and, count, desc, eq, inArray, lt, or, type SQL } from 'drizzle-orm';
import type * as v from 'valibot';
import { fold } from '@contract/fold';
import type {
  AccountingSource,
  AccountingSyncRecord,
  SyncBatchRecord,
  SyncListBonus,
  SyncListQuery,
  SyncStatus,
} from '@contract/invoices-accounting';
import { uuidv7 } from '@contract/uuid';
import type { Db } from '@server/kernel/db/client';
import { accountingBatches, accountingSyncs } from '@server/kernel/db/schema';
import { badRequest, notFound } from '@server/kernel/errors';
import { enqueueJob } from '@server/kernel/jobs';
import { selectPage } from '@server/kernel/lists';
import { wordConditions } from '@server/kernel/sql';
import { requireCatalogue } from './catalogue-check';
import { readyRecords } from './voucher-sources';

export const VOUCHER_QUEUE = 'amis.voucher';
const MAX_BATCH = 500;
/** A row still waiting for AMIS after this long may be sent again (its callback was lost). */
const WAITING_RESEND_MS = 10 * 60 * 1000;
/** Refused records a batch's summary lists. */
const FAILURES_LISTED = 50;

type SyncRow = typeof accountingSyncs.$inferSelect;

const voucherJob = (row: Pick<SyncRow, 'id' | 'companyId' | 'sendNo'>) => ({
  queue: VOUCHER_QUEUE,
  companyId: row.companyId,
  dedupeKey: `amis-voucher:${row.id}:${row.sendNo}`,
  payload: { companyId: row.companyId, syncId: row.id },
});

export async function batchRecord(db: Db, companyId: number, id: string): Promise<SyncBatchRecord> {
  const [batch] = await db
    .select()
    .from(accountingBatches)
    .where(and(eq(accountingBatches.companyId, companyId), eq(accountingBatches.id, id)));
  if (!batch) throw notFound('Không tìm thấy lượt đồng bộ');
  const groups = await db
    .select({ status: accountingSyncs.status, n: count() })
    .from(accountingSyncs)
    .where(and(eq(accountingSyncs.companyId, companyId), eq(accountingSyncs.batchId, id)))
    .groupBy(accountingSyncs.status);
  const of = (status: SyncStatus) => groups.find((group) => group.status === status)?.n ?? 0;
  const [waiting, synced, failed] = [of('waiting'), of('synced'), of('failed')];
  const failures =
    failed === 0
      ? []
      : await db
          .select({
            id: accountingSyncs.id,
            source_code: accountingSyncs.sourceCode,
            partner_name: accountingSyncs.partnerName,
            error_message: accountingSyncs.errorMessage,
          })
          .from(accountingSyncs)
          .where(and(eq(accountingSyncs.companyId, companyId), eq(accountingSyncs.batchId, id), eq(accountingSyncs.status, 'failed')))
          .orderBy(accountingSyncs.sourceCode)
          .limit(FAILURES_LISTED);
  return {
    id,
    source: batch.source as AccountingSource,
    total: batch.total,
    waiting,
    synced,
    failed,
    ...batchOutcome(batch.total, waiting, synced, failed),
    failures,
    created_at: batch.createdAt.toISOString(),
  };
}

/** What a batch came to, in words: still running, or "Đã đồng bộ X/Y, Z lỗi"; a success only when something synced and nothing failed. */
export function batchOutcome(total: number, waiting: number, synced: number, failed: number): Pick<SyncBatchRecord, 'outcome' | 'summary'> {
  if (waiting > 0) return { outcome: 'running', summary: `Đang đồng bộ: MISA đã trả kết quả ${synced + failed}/${total} chứng từ` };
  return { outcome: synced > 0 && failed === 0 ? 'success' : 'failed', summary: `Đã đồng bộ ${synced}/${total}, ${failed} lỗi` };
}

async function newBatch(tx: Db, companyId: number, source: AccountingSource, total: number, accountId: number): Promise<string> {
  const id = uuidv7();
  await tx.insert(accountingBatches).values({ id, companyId, source, total, createdBy: accountId });
  return id;
}

/** Pushes records (the chosen ones, or every one not pushed yet): one batch, one row and one job per new record. */
export async function startSync(
  db: Db,
  input: { companyId: number; source: AccountingSource; ids: readonly string[] | null; accountId: number },
): Promise<SyncBatchRecord> {
  const ready = await readyRecords(db, input.companyId, input.source, input.ids, MAX_BATCH);
  await requireCatalogue(
    db,
    input.companyId,
    input.source,
    ready.map((record) => record.source_id),
  );
  const batchId = await db.transaction(async (tx) => {
    const rows = await tx
      .insert(accountingSyncs)
      .values(
        ready.map((record) => ({
          id: uuidv7(),
          companyId: input.companyId,
          source: input.source,
          sourceId: record.source_id,
          sourceCode: record.source_code,
          partnerName: record.partner_name,
          amount: record.amount,
          sourceDate: new Date(record.source_date),
          orgRefid: crypto.randomUUID(),
          status: 'waiting',
          searchText: fold(`${record.source_code} ${record.partner_name}`),
        })),
      )
      // A record pushed before (or by a click a moment ago) keeps its row: one voucher per record.
      .onConflictDoNothing()
      .returning();
    if (rows.length === 0) return null;
    const id = await newBatch(tx, input.companyId, input.source, rows.length, input.accountId);
    await tx
      .update(accountingSyncs)
      .set({ batchId: id })
      .where(
        inArray(
          accountingSyncs.id,
          rows.map((row) => row.id),
        ),
      );
    for (const row of rows) await enqueueJob(tx, voucherJob(row));
    return id;
  });
  if (!batchId)
    throw badRequest('VALIDATION_FAILED', 'Không có chứng từ nào mới cần đồng bộ (chứng từ đã gửi: dùng "Thử lại" cho dòng lỗi)');
  return batchRecord(db, input.companyId, batchId);
}

/** Sends failed rows again (and rows waiting too long), same org_refid, under a new batch. */
export async function retrySync(
  db: Db,
  input: { companyId: number; ids: readonly string[] | null; accountId: number },
): Promise<SyncBatchRecord> {
  const stale = new Date(Date.now() - WAITING_RESEND_MS);
  const retryable = or(
    eq(accountingSyncs.status, 'failed'),
    and(eq(accountingSyncs.status, 'waiting'), lt(accountingSyncs.updatedAt, stale)),
  );
  const rows = await db
    .select()
    .from(accountingSyncs)
    .where(
      and(eq(accountingSyncs.companyId, input.companyId), retryable, ...(input.ids ? [inArray(accountingSyncs.id, [...input.ids])] : [])),
    )
    .limit(MAX_BATCH);
  if (rows.length === 0) throw badRequest('VALIDATION_FAILED', 'Không có bản ghi lỗi nào để gửi lại');
  for (const source of new Set(rows.map((row) => row.source as AccountingSource))) {
    const ids = rows.filter((row) => row.source === source).map((row) => row.sourceId);
    await requireCatalogue(db, input.companyId, source, ids);
  }
  const batchId = await db.transaction(async (tx) => {
    const id = await newBatch(tx, input.companyId, rows[0]!.source as AccountingSource, rows.length, input.accountId);
    for (const row of rows) {
      const [sent] = await tx
        .update(accountingSyncs)
        .set({ status: 'waiting', errorCode: null, errorMessage: null, sendNo: row.sendNo + 1, batchId: id, updatedAt: new Date() })
        .where(and(eq(accountingSyncs.id, row.id), eq(accountingSyncs.sendNo, row.sendNo)))
        .returning();
      if (sent) await enqueueJob(tx, voucherJob(sent));
    }
    return id;
  });
  return batchRecord(db, input.companyId, batchId);
}

function toRecord(row: SyncRow): AccountingSyncRecord {
  return {
    id: row.id,
    source: row.source as AccountingSource,
    source_id: row.sourceId,
    source_code: row.sourceCode,
    partner_name: row.partnerName,
    amount: row.amount,
    source_date: row.sourceDate.toISOString(),
    status: row.status as SyncStatus,
    error_code: row.errorCode,
    error_message: row.errorMessage,
    org_refid: row.orgRefid,
    send_no: row.sendNo,
    sent_at: row.sentAt?.toISOString() ?? null,
    synced_at: row.syncedAt?.toISOString() ?? null,
    updated_at: row.updatedAt.toISOString(),
  };
}

export async function listSyncs(
  db: Db,
  query: v.InferOutput<typeof SyncListQuery>,
): Promise<{ rows: AccountingSyncRecord[]; count: number; bonus: SyncListBonus }> {
  const base: SQL[] = [eq(accountingSyncs.companyId, query.company), ...wordConditions(accountingSyncs.searchText, query.search)];
  if (query.source) base.push(eq(accountingSyncs.source, query.source));
  if (query.batch) base.push(eq(accountingSyncs.batchId, query.batch));
  if (query.record) base.push(eq(accountingSyncs.sourceId, query.record));
  const where = and(...base, ...(query.status ? [eq(accountingSyncs.status, query.status)] : []));
  // The count is the status tabs' counts added up (one statement for both), so only the page is the kernel's.
  const [rows, groups] = await Promise.all([
    selectPage(
      db.select().from(accountingSyncs).where(where).$dynamic(),
      [desc(accountingSyncs.updatedAt), desc(accountingSyncs.id)],
      query,
    ),
    db
      .select({ status: accountingSyncs.status, n: count() })
      .from(accountingSyncs)
      .where(and(...base))
      .groupBy(accountingSyncs.status),
  ]);
  const byStatus = Object.fromEntries(groups.map((group) => [group.status, group.n])) as SyncListBonus['by_status'];
  const total = (query.status ? groups.filter((group) => group.status === query.status) : groups).reduce((sum, group) => sum + group.n, 0);
  return { rows: rows.map(toRecord), count: total, bonus: { by_status: byStatus } };
}
