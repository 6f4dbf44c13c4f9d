/**
 * Per-person table views (the spec's order-table, customer-table and the report tables): the columns
 * a member shows, in the order shown, kept per company and account (schema company.ts table_views).
 * Each screen's route checks the view's columns against its own list before saving.
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from './db/client';
import { tableViews } from './db/schema';

/** The saved columns, or null when this person never chose. */
export async function readTableView(db: Db, companyId: number, accountId: number, view: string): Promise<string[] | null> {
  const [row] = await db
    .select({ columns: tableViews.columns })
    .from(tableViews)
    .where(and(eq(tableViews.companyId, companyId), eq(tableViews.accountId, accountId), eq(tableViews.view, view)));
  return row?.columns ?? null;
}

export async function saveTableView(
  db: Db,
  companyId: number,
  accountId: number,
  view: string,
  columns: readonly string[],
): Promise<string[]> {
  const unique = [...new Set(columns)];
  await db
    .insert(tableViews)
    .values({ companyId, accountId, view, columns: unique })
    .onConflictDoUpdate({
      target: [tableViews.companyId, tableViews.accountId, tableViews.view],
      set: { columns: unique, updatedAt: new Date() },
    });
  return unique;
}
