/**
 * Reading the ledger: one customer's rows with a running balance, the debt-confirmation statement
 * of a period (biên bản đối chiếu công nợ: opening, movements, goods sold, payments, closing), and
 * the aging of every customer who owes.
 */
import { and, asc, eq, gte, lt, lte, sql, type SQL } from 'drizzle-orm';
import { formatAddress } from '@contract/address';
import { fold } from '@contract/fold';
import { vietnamDay } from '@contract/price-policy';
import { LEDGER_KIND_LABELS, ageItems, statementTotals, type LedgerKind } from '@contract/receivables-ledger';
import type { AgingOrdering, AgingRow, LedgerRow, StatementRecord } from '@contract/receivables';
import type { Db } from '@server/kernel/db/client';
import { accounts, companies, customers, orderLines, receivableEntries } from '@server/kernel/db/schema';
import { addressOf } from '@server/modules/customers';
import { receivableRecords } from './receivable-record';

async function balanceBefore(db: Db, companyId: number, customerId: string, day: string | undefined): Promise<number> {
  if (!day) return 0;
  const [row] = await db
    .select({ sum: sql<string>`coalesce(sum(${receivableEntries.amount}), 0)` })
    .from(receivableEntries)
    .where(and(eq(receivableEntries.companyId, companyId), eq(receivableEntries.customerId, customerId), lt(receivableEntries.day, day)));
  return Number(row?.sum ?? 0);
}

export async function ledgerRows(
  db: Db,
  companyId: number,
  customerId: string,
  from?: string,
  to?: string,
): Promise<{ opening: number; rows: LedgerRow[] }> {
  const opening = await balanceBefore(db, companyId, customerId, from);
  const entries = await db
    .select()
    .from(receivableEntries)
    .where(
      and(
        eq(receivableEntries.companyId, companyId),
        eq(receivableEntries.customerId, customerId),
        from ? gte(receivableEntries.day, from) : undefined,
        to ? lte(receivableEntries.day, to) : undefined,
      ),
    )
    .orderBy(asc(receivableEntries.day), asc(receivableEntries.id));
  let balance = opening;
  const rows = entries.map((entry): LedgerRow => {
    balance += entry.amount;
    return {
      id: entry.id,
      day: entry.day,
      kind: entry.kind as LedgerKind,
      amount: entry.amount,
      document: entry.document,
      order_id: entry.orderId,
      payment_id: entry.paymentId,
      due_date: entry.dueDate,
      note: entry.note,
      balance_after: balance,
    };
  });
  return { opening, rows };
}

export async function statementOf(db: Db, companyId: number, customerId: string, from: string, to: string): Promise<StatementRecord> {
  const [company] = await db.select().from(companies).where(eq(companies.id, companyId));
  const [customer] = await db
    .select()
    .from(customers)
    .where(and(eq(customers.id, customerId), eq(customers.companyId, companyId)));
  const { opening, rows } = await ledgerRows(db, companyId, customerId, from, to);
  const goods = await db
    .select({
      day: receivableEntries.day,
      document: receivableEntries.document,
      product: sql<string>`${orderLines.productName} || case when ${orderLines.variantName} <> '' then ' – ' || ${orderLines.variantName} else '' end`,
      unit: orderLines.unit,
      quantity: orderLines.quantity,
      unitPrice: orderLines.unitPrice,
      amount: orderLines.lineTotal,
    })
    .from(receivableEntries)
    .innerJoin(orderLines, eq(orderLines.orderId, receivableEntries.orderId))
    .where(
      and(
        eq(receivableEntries.companyId, companyId),
        eq(receivableEntries.customerId, customerId),
        eq(receivableEntries.kind, 'order'),
        gte(receivableEntries.day, from),
        lte(receivableEntries.day, to),
        eq(orderLines.isGift, false),
      ),
    )
    .orderBy(asc(receivableEntries.day), asc(receivableEntries.id), asc(orderLines.sort));
  return {
    ...statementTotals(opening, rows),
    company: { title: company!.title, address: company!.address, phone: company!.phone, tax_code: company!.taxCode },
    customer: {
      code: customer!.code,
      name: customer!.name,
      address: formatAddress(addressOf(customer!)),
      phone: customer!.phone,
      tax_code: customer!.taxCode,
      owner_name: customer!.ownerName,
    },
    date_from: from,
    date_to: to,
    lines: rows.map((row) => ({
      day: row.day,
      document: row.document,
      kind: row.kind,
      description: row.note && row.kind !== 'order' ? `${LEDGER_KIND_LABELS[row.kind]}: ${row.note}` : LEDGER_KIND_LABELS[row.kind],
      increase: row.amount > 0 ? row.amount : 0,
      decrease: row.amount < 0 ? -row.amount : 0,
    })),
    goods: goods.map((line) => ({ ...line, unit_price: line.unitPrice })),
  };
}

export type AgingFilter = { search?: string; only?: 'owing' | 'overdue' | 'over_limit'; asOf?: string; ordering?: AgingOrdering };

const AGING_ORDER: Record<AgingOrdering, (a: AgingRow, b: AgingRow) => number> = {
  overdue: (a, b) => b.overdue - a.overdue || b.balance - a.balance || a.customer_code.localeCompare(b.customer_code),
  balance: (a, b) => b.balance - a.balance || b.overdue - a.overdue || a.customer_code.localeCompare(b.customer_code),
  code: (a, b) => a.customer_code.localeCompare(b.customer_code),
};

/** Every customer in scope who owes or has orders open, aged as of a day; the caller pages them. */
export async function agingRows(
  db: Db,
  companyId: number,
  bounds: readonly number[],
  scope: SQL | null,
  filter: AgingFilter,
): Promise<AgingRow[]> {
  const words = fold(filter.search ?? '')
    .split(' ')
    .filter(Boolean);
  const candidates = await db
    .select({ id: customers.id, staff: accounts.fullName })
    .from(customers)
    .leftJoin(accounts, eq(accounts.id, customers.staffId))
    .where(
      and(
        eq(customers.companyId, companyId),
        scope ?? undefined,
        sql`(exists (select 1 from receivable_entries e where e.company_id = ${companyId} and e.customer_id = ${customers.id})
          or exists (select 1 from orders o where o.company_id = ${companyId} and o.customer_id = ${customers.id} and o.status in ('pending', 'confirmed', 'delivering')))`,
        ...words.map((word) => sql`${customers.searchText} like ${`%${word}%`}`),
      ),
    )
    .orderBy(asc(customers.code));
  const asOf = filter.asOf ?? vietnamDay();
  const staffOf = new Map(candidates.map((row) => [row.id, row.staff]));
  const rows: AgingRow[] = [];
  for (let start = 0; start < candidates.length; start += 500) {
    const records = await receivableRecords(
      db,
      companyId,
      candidates.slice(start, start + 500).map((row) => row.id),
    );
    for (const record of records.values()) {
      const aging = ageItems(record.open_items, asOf, bounds);
      const row: AgingRow = {
        ...aging,
        customer_id: record.id,
        customer_code: record.customer_code,
        customer_name: record.customer_name,
        staff_name: staffOf.get(record.id) ?? null,
        credit_limit: record.credit_limit,
        balance: record.balance,
        exposure: record.exposure,
        over_limit: record.credit_limit !== null && record.exposure > record.credit_limit,
      };
      if (filter.only === 'owing' && record.balance <= 0) continue;
      if (filter.only === 'overdue' && aging.overdue <= 0) continue;
      if (filter.only === 'over_limit' && !row.over_limit) continue;
      rows.push(row);
    }
  }
  return rows.sort(AGING_ORDER[filter.ordering ?? 'overdue']);
}
