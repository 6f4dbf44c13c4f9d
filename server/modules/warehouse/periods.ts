/**
 * Accounting periods (khóa sổ; docs/warehouse.md "Periods"): closing a month locks every day up to
 * its end, like MISA's lock date, so nothing dated in it or before may be written; its closing
 * balances are kept as the next month's opening. Only the last closed month may be reopened.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { PeriodRecord } from '@contract/warehouse';
import type { Db } from '@server/kernel/db/client';
import { accountingPeriods, accounts, stockMoves, stockPeriodBalances } from '@server/kernel/db/schema';
import { HttpError } from '@server/kernel/errors';
import { rowsOf } from '@server/kernel/sql';

const monthLabel = (month: string) => `${month.slice(5, 7)}/${month.slice(0, 4)}`;

/** The last closed month (YYYY-MM), or null. */
export async function lockedUntil(db: Db, companyId: number): Promise<string | null> {
  const [row] = await db
    .select({ month: accountingPeriods.month })
    .from(accountingPeriods)
    .where(and(eq(accountingPeriods.companyId, companyId), eq(accountingPeriods.status, 'closed')))
    .orderBy(desc(accountingPeriods.month))
    .limit(1);
  return row?.month ?? null;
}

/** Refuses (409 PERIOD_CLOSED) a document dated in a closed month or before it. */
export async function assertPeriodOpen(db: Db, companyId: number, documentDate: string): Promise<void> {
  const locked = await lockedUntil(db, companyId);
  if (locked && documentDate.slice(0, 7) <= locked)
    throw new HttpError(
      409,
      'PERIOD_CLOSED',
      `Kỳ kế toán tháng ${monthLabel(locked)} đã khóa sổ: không ghi được chứng từ ngày ${documentDate.split('-').reverse().join('/')}`,
      { document_date: `Ngày này thuộc kỳ đã khóa sổ (đến hết tháng ${monthLabel(locked)})` },
    );
}

export async function periodRecords(db: Db, companyId: number): Promise<PeriodRecord[]> {
  const rows = await db
    .select({ period: accountingPeriods, closedByName: accounts.fullName })
    .from(accountingPeriods)
    .leftJoin(accounts, eq(accounts.id, accountingPeriods.closedBy))
    .where(eq(accountingPeriods.companyId, companyId))
    .orderBy(desc(accountingPeriods.month));
  return rows.map(({ period, closedByName }) => ({
    month: period.month,
    status: period.status as PeriodRecord['status'],
    closed_at: period.closedAt?.toISOString() ?? null,
    closed_by_name: closedByName,
    closing_value: period.closingValue,
  }));
}

/** Closes a month: its balances per warehouse and variant are summed from the ledger and kept. */
export async function closePeriod(tx: Db, companyId: number, month: string, accountId: number): Promise<PeriodRecord> {
  const locked = await lockedUntil(tx, companyId);
  if (locked && month <= locked) throw new HttpError(409, 'PERIOD_CLOSED', `Tháng ${monthLabel(month)} đã được khóa sổ`);
  await tx.delete(stockPeriodBalances).where(and(eq(stockPeriodBalances.companyId, companyId), eq(stockPeriodBalances.month, month)));
  await tx.execute(sql`
    insert into stock_period_balances (company_id, month, warehouse_id, variant_id, quantity, value)
    select ${companyId}, ${month}, warehouse_id, variant_id, sum(quantity), sum(value)
    from ${stockMoves}
    where company_id = ${companyId} and document_date < (${`${month}-01`}::date + interval '1 month')
    group by warehouse_id, variant_id`);
  const [total] = rowsOf<{ value: string | null }>(
    await tx.execute(sql`select sum(value) as value from stock_period_balances where company_id = ${companyId} and month = ${month}`),
  );
  const closingValue = Number(total?.value ?? 0);
  const now = new Date();
  await tx
    .insert(accountingPeriods)
    .values({ companyId, month, status: 'closed', closedAt: now, closedBy: accountId, closingValue })
    .onConflictDoUpdate({
      target: [accountingPeriods.companyId, accountingPeriods.month],
      set: { status: 'closed', closedAt: now, closedBy: accountId, closingValue },
    });
  const [record] = (await periodRecords(tx, companyId)).filter((period) => period.month === month);
  return record!;
}

/** Reopens the last closed month (to correct it); an earlier one must wait until the later ones are reopened. */
export async function reopenPeriod(tx: Db, companyId: number, month: string): Promise<void> {
  const locked = await lockedUntil(tx, companyId);
  if (locked !== month)
    throw new HttpError(
      409,
      'PERIOD_CLOSED',
      locked ? `Chỉ mở lại được kỳ khóa sổ gần nhất (tháng ${monthLabel(locked)})` : 'Chưa có kỳ nào được khóa sổ',
    );
  await tx
    .update(accountingPeriods)
    .set({ status: 'open' })
    .where(and(eq(accountingPeriods.companyId, companyId), eq(accountingPeriods.month, month)));
}
